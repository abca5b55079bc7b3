/*
 * A fixed pool of POSIX threads for the ledger's data-parallel jobs
 * (Merkle leaves and signature verification).  One job at a time: the
 * caller publishes it under the mutex with a new generation number, works
 * on it too, and waits until every worker has left the job.  Items are
 * claimed from a shared counter, one per claim, which balances uneven
 * costs (Falcon and ECDSA verification times vary) without any static
 * partition; results are written per item, so the outcome does not depend
 * on the number of threads or on scheduling.
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "chain_internal.h"

struct pqs_chain_pool {
	pthread_mutex_t mu;
	pthread_cond_t start;   /* a new job (or shutdown) was published */
	pthread_cond_t done;    /* a worker left the current job */
	pthread_t *threads;
	unsigned nworkers;      /* threads besides the caller */
	unsigned long generation;
	int shutdown;
	/* The current job. */
	chain_job_fn fn;
	void *ctx;
	size_t n, next;
	unsigned active;        /* workers still inside the current job */
};

/* Claim items until none are left.  The counter is read and advanced under the mutex. */
static void work(pqs_chain_pool *p)
{
	for (;;) {
		pthread_mutex_lock(&p->mu);
		size_t i = p->next;
		if (i < p->n)
			p->next++;
		pthread_mutex_unlock(&p->mu);
		if (i >= p->n)
			return;
		p->fn(p->ctx, i);
	}
}

static void *worker(void *arg)
{
	pqs_chain_pool *p = arg;
	unsigned long seen = 0;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (!p->shutdown && p->generation == seen)
			pthread_cond_wait(&p->start, &p->mu);
		if (p->shutdown)
			break;
		seen = p->generation;
		pthread_mutex_unlock(&p->mu);
		work(p);
		pthread_mutex_lock(&p->mu);
		if (--p->active == 0)
			pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

pqs_chain_pool *pqs_chain_pool_new(unsigned threads)
{
	if (threads == 0) {
		long online = sysconf(_SC_NPROCESSORS_ONLN);
		threads = online > 0 ? (unsigned)online : 1;
	}
	if (threads > 256)
		threads = 256;
	pqs_chain_pool *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->threads = calloc(threads, sizeof *p->threads);
	if (!p->threads || pthread_mutex_init(&p->mu, NULL) != 0) {
		free(p->threads);
		free(p);
		return NULL;
	}
	pthread_cond_init(&p->start, NULL);
	pthread_cond_init(&p->done, NULL);
	for (unsigned i = 0; i + 1 < threads; i++) {
		if (pthread_create(&p->threads[i], NULL, worker, p) != 0)
			break;
		p->nworkers++;
	}
	if (p->nworkers + 1 < threads) {
		pqs_chain_pool_free(p);
		return NULL;
	}
	return p;
}

unsigned pqs_chain_pool_threads(const pqs_chain_pool *p)
{
	return p ? p->nworkers + 1 : 1;
}

void pqs_chain_pool_free(pqs_chain_pool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->mu);
	p->shutdown = 1;
	pthread_cond_broadcast(&p->start);
	pthread_mutex_unlock(&p->mu);
	for (unsigned i = 0; i < p->nworkers; i++)
		pthread_join(p->threads[i], NULL);
	pthread_cond_destroy(&p->start);
	pthread_cond_destroy(&p->done);
	pthread_mutex_destroy(&p->mu);
	free(p->threads);
	free(p);
}

void pqs_chain_pool_run(pqs_chain_pool *p, chain_job_fn fn, void *ctx, size_t n)
{
	if (!p || p->nworkers == 0 || n < 2) {
		for (size_t i = 0; i < n; i++)
			fn(ctx, i);
		return;
	}
	pthread_mutex_lock(&p->mu);
	p->fn = fn;
	p->ctx = ctx;
	p->n = n;
	p->next = 0;
	p->active = p->nworkers;
	p->generation++;
	pthread_cond_broadcast(&p->start);
	pthread_mutex_unlock(&p->mu);
	work(p);
	pthread_mutex_lock(&p->mu);
	while (p->active > 0)
		pthread_cond_wait(&p->done, &p->mu);
	pthread_mutex_unlock(&p->mu);
}
