/*
 * `pqsig bench v2x [--profiles P1,P2,...] [--json] [--quick]`
 *
 * The seed's V2X table (../shared/seeds/v2x-pqc-transition.ko.txt,
 * figures in ../shared/notes/performance-anchors.md) measured through the
 * real IEEE 1609.2 stack of include/pqsig/v2x.h, per VEHICLE/CA profile:
 *
 *   - signing: 2000 full SPDU signings (build the COER ToBeSignedData,
 *     hash per 1609.2 section 5.3.1, sign, encode) with the vehicle's
 *     secret key prepared once (pqs_v2x_signer_prepare), p50 / p99, and
 *     the margin against the 100 ms budget of a 10 Hz BSM; also the rate
 *     of SPDU signing, prepared and not, against OpenSSL's own ECDSA P-256
 *     signing timed in the same round (sign_to_openssl);
 *   - cold verification: SPDUs/s on one core without a verified-certificate
 *     cache, so each SPDU costs parsing, the signer certificate's CA
 *     signature and the message signature; its ratio to the ECDSA row is
 *     the seed's "verifications per second (x ECDSA)";
 *   - warm verification: the same with a warm cache (message signature only);
 *   - all cores: cold and warm verification on every core (pthreads, one
 *     verification context and cache per thread, the store shared read-only);
 *   - bare: the same signature checks straight from the signature core
 *     (what the stack calls: ECDSA over the 32-byte data input as digest,
 *     canonical encodings only, PQC and composites over it as message), so that
 *     stack overhead = 1 - SPDUs/s / bare checks/s;
 *   - bare prepared: the warm check with the vehicle key prepared once
 *     (pqs_sig_prepare), as the verified-certificate cache holds it, and
 *     warm SPDUs/s over it per round (warm_to_bare_prepared: the stack's
 *     cost beyond the one signature check it cannot avoid);
 *   - neighbours served: vehicles at 10 Hz one core verifies, cold and warm;
 *   - duplicate detector (v2x_replay): its fixed memory for 256 signers of
 *     600 digests, the replays accepted without and with it (each pool
 *     SPDU sent twice inside the window), and the warm rate with it, for
 *     SPDUs new to it and for replays (rejected before any signature check);
 *   - size: SPDU bytes and WSMs needed at 1400 and 2302 B (pqs_wsm_fragment_count);
 *   - CA signing: CPU time per vehicle certificate the issuing CA signs
 *     (pqs_v2x_cert_issue), the CA side of the 1609 WG proposal's SLH-DSA
 *     profiles (bounded by a CPU budget: an SLH-DSA 's' signature takes
 *     a quarter of a second or more).
 *
 * A profile VEHICLE/ICA/ROOT (e.g. ECDSA/FN-DSA-512/SLH-DSA-SHA2-128s, the
 * proposal's three-level chain) has the root issue an intermediate CA that
 * issues the vehicle certificate; the verifier knows the intermediate's
 * certificate (in its store, not trusted), so a cold verification checks
 * the root's signature on it, the intermediate's on the vehicle
 * certificate and the message signature.  `--profiles wg1609` names the
 * proposal's profiles (bench_v2x_wg1609_profiles).
 *
 * Clocks.  The machines this runs on are shared, often by many jobs at
 * once, so one-core figures use the measuring thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID): time the thread spends preempted by other
 * processes does not count against the stack.  Signing latencies are per
 * operation CPU time (p50 and p99 of the samples); one-core rates are
 * operations per CPU second, measured in alternating rounds (stack, bare,
 * stack, bare, ...; 9 rounds, 7 in quick mode): each rate is the best
 * round, and the stack overhead is the median over rounds of the paired
 * ratio (stack and bare measured back to back), so that a burst of load
 * elsewhere does not show up as stack overhead.  The ECDSA profile is
 * verified (cold and warm) in every round of every other profile, so that
 * ratio_to_ecdsa is the median of per-round ratios (with their range in
 * ratio_spread), not a ratio of rates taken minutes apart.  The all-cores figure is wall-clock throughput, the only
 * meaningful clock across threads; it is low whenever other jobs use the
 * cores.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "bench_v2x.h"
#include "cli.h"
#include "pqsig/rand.h"
#include "pqsig/v2x.h"
#include "pqsig/wsm.h"

const char *const bench_v2x_seed_profiles[BENCH_V2X_N_SEED] = {
	"ECDSA", "ML-DSA-44", "ML-DSA-87", "FN-DSA-512", "ECDSA+ML-DSA-87",
	"ECDSA/ML-DSA-44", "ECDSA/FN-DSA-512", "ECDSA/ECDSA+FN-DSA-512",
};

/* The 1609 WG July 2026 proposal (issue 15): SLH-DSA CAs, FN-DSA-512 for comparison. */
const char *const bench_v2x_wg1609_profiles[BENCH_V2X_N_WG1609] = {
	"ECDSA/FN-DSA-512",
	"ECDSA/SLH-DSA-SHA2-128s",
	"ECDSA/SLH-DSA-SHAKE-128s",
	"ECDSA/SLH-DSA-SHA2-128f",
	"ECDSA/SLH-DSA-SHA2-192s",
	"ECDSA/SLH-DSA-SHA2-256s",
	"FN-DSA-512/SLH-DSA-SHA2-128s",
	"ECDSA/FN-DSA-512/SLH-DSA-SHA2-128s",
};

#define BSM_PSID 0x20u
#define PAYLOAD_LEN 100  /* the seed's BSM payload */
#define POOL 16          /* distinct SPDUs verified in turn */
#define BUDGET_MS 100.0  /* one BSM period at 10 Hz */
#define NOW_UNIX 1795953600ull /* fixed clock (2026-11-29 12:00 UTC): reproducible encodings */
#define MAX_ROUNDS 9     /* measurement rounds of the one-core rates (full mode; quick: 7) */

/* Everything one profile's measurements need. */
typedef struct {
	v2x_profile prof;        /* vehicle and issuing CA */
	const v2x_alg *root_alg; /* a three-level chain's root; NULL: the issuing CA is the root */
	v2x_key root_key, ica_key, veh_key;
	uint8_t root[V2X_MAX_CERT], ica[V2X_MAX_CERT], veh[V2X_MAX_CERT], scratch[V2X_MAX_CERT];
	size_t root_len, ica_len, veh_len;
	v2x_store *store;
	v2x_signer signer;        /* prepared (pqs_v2x_signer_prepare), as a vehicle signs */
	v2x_signer signer_plain;  /* the same, unprepared: the key decoded for every SPDU */
	uint64_t now;             /* Time64 */
	uint8_t payload[PAYLOAD_LEN];
	uint8_t *spdu[POOL];
	size_t spdu_len[POOL];
	uint8_t *sign_buf;
	size_t sign_cap;
	/*
	 * Bare checks over 32-byte data inputs: the CA signature (one, like the
	 * one certificate every SPDU carries) and POOL vehicle signatures, as
	 * many distinct ones as the SPDU pool: verifying one signature over and
	 * over lets the branch predictor learn its data-dependent branches
	 * (Falcon's signature decoding, for one), which flattered the bare rate
	 * by about a quarter for FN-DSA-512 in our trials.
	 */
	uint8_t msg_ca[32], msg_veh[POOL][32];
	uint8_t sig_ca[V2X_MAX_SIG], sig_veh[POOL][V2X_MAX_SIG];
	size_t sig_ca_len, sig_veh_len[POOL];
	uint8_t sig_root[V2X_MAX_SIG]; /* three-level chain: the root's signature on the intermediate */
	size_t sig_root_len;
	void *veh_prepared; /* the vehicle key prepared (pqs_sig_prepare), PQS_SIG_PREPARED_ALIGN-aligned */
	int veh_prepared_ok;
	/* verification contexts of the one-core runs */
	v2x_verify_ctx vctx;
	v2x_cache *cache;
} bench_pki;

static void pki_free(bench_pki *p)
{
	if (!p)
		return;
	pqs_v2x_store_free(p->store);
	pqs_v2x_cache_free(p->cache);
	for (size_t i = 0; i < POOL; i++)
		free(p->spdu[i]);
	free(p->sign_buf);
	pqs_v2x_signer_release(&p->signer);
	if (p->veh_prepared_ok)
		pqs_sig_release_prepared(pqs_v2x_alg_class(p->veh_key.alg), p->veh_prepared);
	free(p->veh_prepared);
	pqs_v2x_key_clear(&p->root_key);
	pqs_v2x_key_clear(&p->ica_key);
	pqs_v2x_key_clear(&p->veh_key);
	pqs_zeroize(&p->signer, sizeof p->signer);
	pqs_zeroize(&p->signer_plain, sizeof p->signer_plain);
	free(p);
}

/* Sign a 32-byte data input the way the stack does (v2x.h: "Hashing"): ECDSA signs it as the digest. */
static int bare_sign(const v2x_key *k, const uint8_t m[32], uint8_t *sig, size_t *sig_len)
{
	const pqs_sig_class *c = pqs_v2x_alg_class(k->alg);
	if (!c)
		return PQS_ERR_UNKNOWN_ALG;
	if (k->alg->kind == V2X_KIND_ECDSA)
		return pqs_sig_sign_digest(c, sig, V2X_MAX_SIG, sig_len, m, 32, k->sk);
	return pqs_sig_sign(c, sig, V2X_MAX_SIG, sig_len, m, 32, NULL, 0, k->sk, 0, NULL);
}

/* Verify as the stack does, with k's public key or, if prepared is not NULL, that prepared form of it. */
static int bare_check(const v2x_key *k, const void *prepared, const uint8_t m[32], const uint8_t *sig, size_t sig_len)
{
	const pqs_sig_class *c = pqs_v2x_alg_class(k->alg);
	if (k->alg->kind == V2X_KIND_ECDSA)
		return prepared ? pqs_sig_verify_digest_prepared(c, sig, sig_len, m, 32, prepared, PQS_VERIFY_CANONICAL)
				: pqs_sig_verify_digest(c, sig, sig_len, m, 32, k->pk, PQS_VERIFY_CANONICAL);
	return prepared ? pqs_sig_verify_prepared(c, sig, sig_len, m, 32, NULL, 0, prepared)
			: pqs_sig_verify(c, sig, sig_len, m, 32, NULL, 0, k->pk);
}

static int bare_verify(const v2x_key *k, const uint8_t m[32], const uint8_t *sig, size_t sig_len)
{
	return bare_check(k, NULL, m, sig, sig_len);
}

/* The key and certificate that issue vehicle certificates: the intermediate CA's in a three-level chain. */
static const v2x_key *issuer_key(const bench_pki *p, const uint8_t **cert, size_t *len)
{
	*cert = p->root_alg ? p->ica : p->root;
	*len = p->root_alg ? p->ica_len : p->root_len;
	return p->root_alg ? &p->ica_key : &p->root_key;
}

/* The issuing CA signs one vehicle certificate (into scratch). */
static int issue_vehicle_cert(bench_pki *p, uint8_t *out, size_t *out_len)
{
	v2x_cert_params cp;
	const uint8_t *icert;
	size_t ilen;
	const v2x_key *ik = issuer_key(p, &icert, &ilen);
	pqs_v2x_cert_params_default(&cp, V2X_CERT_EE, (uint32_t)(p->now / 1000000u) - 3600);
	return pqs_v2x_cert_issue(&cp, &p->veh_key, ik, icert, ilen, NULL, out, V2X_MAX_CERT, out_len);
}

/*
 * Root CA and vehicle certificate (issued directly by the root, as in the
 * seed; or by an intermediate CA the root issued), store, signer, SPDU pool.
 */
static int pki_make(bench_pki *p, const char *where)
{
	int e;
	v2x_cert_params cp;
	p->now = pqs_v2x_time64_from_unix_us(NOW_UNIX * 1000000ull);
	uint32_t now32 = (uint32_t)(p->now / 1000000u);
	bench_progress("v2x %s: keys and certificates", where);
	if ((e = pqs_v2x_key_generate(&p->root_key, p->root_alg ? p->root_alg : p->prof.ca, NULL)) != 0 ||
	    (p->root_alg && (e = pqs_v2x_key_generate(&p->ica_key, p->prof.ca, NULL)) != 0) ||
	    (e = pqs_v2x_key_generate(&p->veh_key, p->prof.vehicle, NULL)) != 0)
		return e;
	pqs_v2x_cert_params_default(&cp, V2X_CERT_ROOT, now32 - 86400);
	cp.chain_length_range = p->root_alg ? 1 : 0; /* 1609.2 6.4.28: room for the intermediate CA */
	if ((e = pqs_v2x_cert_issue(&cp, &p->root_key, &p->root_key, NULL, 0, NULL, p->root, sizeof p->root,
				    &p->root_len)))
		return e;
	if (p->root_alg) {
		pqs_v2x_cert_params_default(&cp, V2X_CERT_CA, now32 - 86400);
		if ((e = pqs_v2x_cert_issue(&cp, &p->ica_key, &p->root_key, p->root, p->root_len, NULL, p->ica,
					    sizeof p->ica, &p->ica_len)))
			return e;
	}
	if ((e = issue_vehicle_cert(p, p->veh, &p->veh_len)))
		return e;
	if (!(p->store = pqs_v2x_store_new(4)) || !(p->cache = pqs_v2x_cache_new(16)))
		return V2X_ERR_NOMEM;
	const pqs_sig_class *veh_class = pqs_v2x_alg_class(p->veh_key.alg);
	size_t prepared_len = pqs_sig_prepared_len(veh_class);
	prepared_len = (prepared_len + PQS_SIG_PREPARED_ALIGN - 1) / PQS_SIG_PREPARED_ALIGN * PQS_SIG_PREPARED_ALIGN;
	if (!(p->veh_prepared = aligned_alloc(PQS_SIG_PREPARED_ALIGN, prepared_len)))
		return V2X_ERR_NOMEM;
	if (pqs_sig_prepare(veh_class, p->veh_prepared, p->veh_key.pk) != PQS_OK)
		return V2X_ERR_CRYPTO;
	p->veh_prepared_ok = 1;
	if ((e = pqs_v2x_store_add_root(p->store, p->root, p->root_len)) ||
	    (p->root_alg && (e = pqs_v2x_store_add_cert(p->store, p->ica, p->ica_len))) ||
	    (e = pqs_v2x_signer_init(&p->signer, &p->veh_key, p->veh, p->veh_len, V2X_SIGNER_CERT, NULL)) ||
	    (e = pqs_v2x_signer_prepare(&p->signer)) ||
	    (e = pqs_v2x_signer_init(&p->signer_plain, &p->veh_key, p->veh, p->veh_len, V2X_SIGNER_CERT, NULL)))
		return e;
	for (size_t i = 0; i < PAYLOAD_LEN; i++)
		p->payload[i] = (uint8_t)(i * 37 + 11);
	p->sign_cap = pqs_v2x_spdu_max_len(&p->signer, PAYLOAD_LEN);
	if (!(p->sign_buf = malloc(p->sign_cap)))
		return V2X_ERR_NOMEM;
	/* The pool: distinct payloads and generation times within the replay window. */
	for (size_t i = 0; i < POOL; i++) {
		if (!(p->spdu[i] = malloc(p->sign_cap)))
			return V2X_ERR_NOMEM;
		p->payload[0] = (uint8_t)i;
		if ((e = pqs_v2x_spdu_sign(&p->signer, BSM_PSID, p->now - 1000 * i, p->payload, PAYLOAD_LEN, p->spdu[i],
					   p->sign_cap, &p->spdu_len[i])))
			return e;
	}
	for (size_t i = 0; i < 32; i++)
		p->msg_ca[i] = (uint8_t)(0xC0 + i);
	const uint8_t *icert;
	size_t ilen;
	const v2x_key *ik = issuer_key(p, &icert, &ilen);
	if ((e = bare_sign(ik, p->msg_ca, p->sig_ca, &p->sig_ca_len)) != 0 ||
	    bare_verify(ik, p->msg_ca, p->sig_ca, p->sig_ca_len) != PQS_OK ||
	    (p->root_alg && ((e = bare_sign(&p->root_key, p->msg_ca, p->sig_root, &p->sig_root_len)) != 0 ||
			     bare_verify(&p->root_key, p->msg_ca, p->sig_root, p->sig_root_len) != PQS_OK)))
		return e == PQS_ERR_UNKNOWN_ALG ? V2X_ERR_ALG_UNAVAILABLE : V2X_ERR_CRYPTO;
	for (size_t k = 0; k < POOL; k++) {
		for (size_t i = 0; i < 32; i++)
			p->msg_veh[k][i] = (uint8_t)(0x50 + i + 7 * k);
		if ((e = bare_sign(&p->veh_key, p->msg_veh[k], p->sig_veh[k], &p->sig_veh_len[k])) != 0 ||
		    bare_verify(&p->veh_key, p->msg_veh[k], p->sig_veh[k], p->sig_veh_len[k]) != PQS_OK)
			return e == PQS_ERR_UNKNOWN_ALG ? V2X_ERR_ALG_UNAVAILABLE : V2X_ERR_CRYPTO;
	}
	return V2X_OK;
}

/* ---- CPU-time measurement ---- */

/* n per-operation CPU-time samples of fn (after one untimed call), summarised with bench_stats_of. */
static int cpu_samples(const char *label, bench_fn fn, void *arg, size_t n, bench_stats *st)
{
	double *t = malloc(n * sizeof *t);
	if (!t)
		return PQS_ERR_INTERNAL;
	int e = fn(arg, 0);
	double last = bench_now_us();
	for (size_t i = 0; i < n && !e; i++) {
		double t0 = bench_thread_cpu_us();
		e = fn(arg, i + 1);
		t[i] = bench_thread_cpu_us() - t0;
		if (bench_now_us() - last > 250000) {
			bench_progress("%s: %zu of %zu", label, i + 1, n);
			last = bench_now_us();
		}
	}
	if (!e)
		bench_stats_of(t, n, st);
	free(t);
	return e;
}

/* Operations per CPU second: calls of fn until cpu_seconds of CPU time (and min_ops calls) have passed. */
static int cpu_rate(bench_fn fn, void *arg, size_t min_ops, double cpu_seconds, double *rate, size_t *calls)
{
	int e = fn(arg, 0); /* untimed warm-up */
	size_t n = 0;
	double t0 = bench_thread_cpu_us(), t = t0;
	while (!e && (n < min_ops || t - t0 < cpu_seconds * 1e6)) {
		e = fn(arg, ++n);
		t = bench_thread_cpu_us();
	}
	*rate = t > t0 ? (double)n * 1e6 / (t - t0) : 0;
	*calls = n + 1;
	return e;
}

/* ---- timed operations (bench_fn) ---- */

static int sign_with(bench_pki *p, const v2x_signer *s, size_t i)
{
	size_t len;
	return pqs_v2x_spdu_sign(s, BSM_PSID, p->now - (i % 1000), p->payload, PAYLOAD_LEN, p->sign_buf, p->sign_cap,
				 &len);
}

static int op_sign(void *arg, size_t i)
{
	bench_pki *p = arg;
	return sign_with(p, &p->signer, i);
}

static int op_sign_plain(void *arg, size_t i)
{
	bench_pki *p = arg;
	return sign_with(p, &p->signer_plain, i);
}

static int op_verify(void *arg, size_t i)
{
	bench_pki *p = arg;
	return pqs_v2x_spdu_verify(&p->vctx, p->spdu[i % POOL], p->spdu_len[i % POOL], NULL);
}

/* A replay must be rejected as a duplicate: anything else stops the measurement. */
static int op_verify_replay(void *arg, size_t i)
{
	int e = op_verify(arg, i);
	return e == V2X_ERR_DUPLICATE ? 0 : e ? e : V2X_ERR_ARG;
}

/* Parts of the stack's per-SPDU work, for the overhead breakdown. */
static int op_decode(void *arg, size_t i)
{
	bench_pki *p = arg;
	v2x_spdu_info info;
	return pqs_v2x_spdu_decode(p->spdu[i % POOL], p->spdu_len[i % POOL], &info);
}

static int op_cert_id(void *arg, size_t i)
{
	bench_pki *p = arg;
	uint8_t id[8];
	(void)i;
	return pqs_v2x_cert_hashedid8(p->veh, p->veh_len, id, NULL, NULL);
}

static int op_bare_cold(void *arg, size_t i)
{
	bench_pki *p = arg;
	const uint8_t *icert;
	size_t ilen;
	int e = p->root_alg ? bare_verify(&p->root_key, p->msg_ca, p->sig_root, p->sig_root_len) : 0;
	if (!e)
		e = bare_verify(issuer_key(p, &icert, &ilen), p->msg_ca, p->sig_ca, p->sig_ca_len);
	return e ? e : bare_verify(&p->veh_key, p->msg_veh[i % POOL], p->sig_veh[i % POOL], p->sig_veh_len[i % POOL]);
}

static int op_bare_warm(void *arg, size_t i)
{
	bench_pki *p = arg;
	return bare_verify(&p->veh_key, p->msg_veh[i % POOL], p->sig_veh[i % POOL], p->sig_veh_len[i % POOL]);
}

static int op_bare_prepared_warm(void *arg, size_t i)
{
	bench_pki *p = arg;
	return bare_check(&p->veh_key, p->veh_prepared, p->msg_veh[i % POOL], p->sig_veh[i % POOL],
			  p->sig_veh_len[i % POOL]);
}

static int op_ca_sign(void *arg, size_t i)
{
	bench_pki *p = arg;
	size_t len;
	(void)i;
	return issue_vehicle_cert(p, p->scratch, &len);
}

/*
 * CPU time per vehicle certificate the issuing CA signs: up to max_runs
 * issues, stopping early once cpu_budget_s of CPU time is spent (at least
 * one).  No untimed warm-up: pki_make has issued one already.
 */
static int ca_sign_samples(bench_pki *p, const char *name, size_t max_runs, double cpu_budget_s, bench_stats *st)
{
	double t[16], spent = 0;
	size_t n = 0;
	int e = 0;
	if (max_runs > 16)
		max_runs = 16;
	while (!e && n < max_runs && (n == 0 || spent < cpu_budget_s * 1e6)) {
		bench_progress("v2x %s: CA signs a certificate (%zu)", name, n + 1);
		double t0 = bench_thread_cpu_us();
		e = op_ca_sign(p, n);
		t[n] = bench_thread_cpu_us() - t0;
		spent += t[n++];
	}
	if (!e)
		bench_stats_of(t, n, st);
	return e;
}

/* ---- all cores ---- */

typedef struct {
	bench_pki *p;
	int warm;
	double seconds;
	unsigned long done;
	double elapsed_us;
	int err;
} worker;

static void *worker_run(void *arg)
{
	worker *w = arg;
	v2x_cache *cache = w->warm ? pqs_v2x_cache_new(16) : NULL;
	v2x_verify_ctx v;
	pqs_v2x_verify_ctx_init(&v, w->p->store, cache, w->p->now);
	if (w->warm && !cache) {
		w->err = V2X_ERR_NOMEM;
		return NULL;
	}
	/* Untimed first pass: fills the cache in warm mode. */
	w->err = pqs_v2x_spdu_verify(&v, w->p->spdu[0], w->p->spdu_len[0], NULL);
	double t0 = bench_now_us(), t = t0;
	for (unsigned long i = 0; !w->err && t - t0 < w->seconds * 1e6; i++) {
		w->err = pqs_v2x_spdu_verify(&v, w->p->spdu[i % POOL], w->p->spdu_len[i % POOL], NULL);
		w->done++;
		if ((i & 7) == 7)
			t = bench_now_us();
	}
	w->elapsed_us = bench_now_us() - t0;
	pqs_v2x_cache_free(cache);
	return NULL;
}

/* SPDUs per second over all threads, or a negative v2x error. */
static double verify_all_cores(bench_pki *p, unsigned threads, int warm, double seconds, int *err)
{
	worker w[64];
	pthread_t tid[64];
	unsigned started = 0;
	*err = 0;
	for (unsigned t = 0; t < threads && t < 64; t++) {
		w[t] = (worker){ .p = p, .warm = warm, .seconds = seconds };
		if (pthread_create(&tid[t], NULL, worker_run, &w[t]) != 0)
			break;
		started++;
	}
	double rate = 0;
	for (unsigned t = 0; t < started; t++) {
		pthread_join(tid[t], NULL);
		if (w[t].err)
			*err = w[t].err;
		else if (w[t].elapsed_us > 0)
			rate += (double)w[t].done * 1e6 / w[t].elapsed_us;
	}
	if (started < threads && !*err)
		*err = V2X_ERR_NOMEM;
	return rate;
}

/* ---- one profile ---- */

/* VEHICLE/CA as pqs_v2x_profile_parse takes it, or VEHICLE/ICA/ROOT (root_alg set). */
static int bench_profile_parse(const char *name, v2x_profile *prof, const v2x_alg **root_alg)
{
	const char *first = strchr(name, '/'), *last = strrchr(name, '/');
	*root_alg = NULL;
	if (!first || first == last)
		return pqs_v2x_profile_parse(name, prof);
	char head[64];
	if ((size_t)(last - name) >= sizeof head)
		return V2X_ERR_UNKNOWN_ALG;
	memcpy(head, name, (size_t)(last - name));
	head[last - name] = 0;
	int e = pqs_v2x_profile_parse(head, prof);
	if (e)
		return e;
	snprintf(prof->name, sizeof prof->name, "%s", name);
	*root_alg = pqs_v2x_alg_find(last + 1);
	return *root_alg ? V2X_OK : V2X_ERR_UNKNOWN_ALG;
}

static unsigned default_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1u : n > 64 ? 64u : (unsigned)n;
}

/* Best-of-rounds rate of one bench_fn; also the signature checks per call for stack runs. */
typedef struct {
	bench_fn fn;
	const char *what;
	bench_pki *pki;   /* what fn runs on; NULL: the profile's own */
	void *arg;        /* not NULL: fn runs on this instead (the OpenSSL yardstick) */
	int stack;        /* 1: runs pqs_v2x_spdu_verify through pki->vctx */
	int warm;
	double best;
	double checks_per_op;
	double rate[MAX_ROUNDS];   /* per round, for paired comparisons */
} rate_job;

/*
 * Stack overhead from rounds measured back to back (stack then bare, same
 * load): the median over rounds of 1 - stack rate / bare rate.  A ratio of
 * two best-of rates would compare measurements taken under different load.
 */
static double paired_overhead(const rate_job *stack, const rate_job *bare, size_t rounds)
{
	double o[MAX_ROUNDS];
	bench_stats st;
	for (size_t r = 0; r < rounds; r++)
		o[r] = 1.0 - stack->rate[r] / bare->rate[r];
	bench_stats_of(o, rounds, &st); /* only its median is used: the values are not microseconds */
	return st.median_us;
}

/* Median and range over rounds of a job's rate over another's measured in the same round. */
static void paired_ratio(const rate_job *num, const rate_job *den, size_t rounds, bench_spread *out)
{
	double q[MAX_ROUNDS];
	for (size_t r = 0; r < rounds; r++)
		q[r] = den->rate[r] > 0 ? num->rate[r] / den->rate[r] : 0;
	bench_spread_of(q, rounds, out);
}

static size_t rounds_of(int quick)
{
	return quick ? 7 : MAX_ROUNDS;
}

static int run_rates(bench_pki *p, const char *name, rate_job *jobs, size_t njobs, int quick)
{
	size_t rounds = rounds_of(quick);
	double seconds = quick ? 0.02 : 0.12;
	for (size_t r = 0; r < rounds; r++)
		for (size_t j = 0; j < njobs; j++) {
			rate_job *jb = &jobs[j];
			bench_pki *jp = jb->pki ? jb->pki : p;
			if (jb->stack) {
				if (jb->warm)
					pqs_v2x_cache_clear(jp->cache);
				pqs_v2x_verify_ctx_init(&jp->vctx, jp->store, jb->warm ? jp->cache : NULL, jp->now);
			}
			bench_progress("v2x %s: %s (round %zu of %zu)", name, jb->what, r + 1, rounds);
			double rate;
			size_t calls;
			int e = cpu_rate(jb->fn, jb->arg ? jb->arg : jp, 20, seconds, &rate, &calls);
			if (e)
				return e;
			jb->rate[r] = rate;
			if (rate > jb->best)
				jb->best = rate;
			if (jb->stack)
				jb->checks_per_op = (double)jp->vctx.sig_checks / (double)calls;
		}
	return 0;
}

/*
 * What one more verified vehicle costs the verified-certificate cache: a
 * slot (fixed, the same for every profile) plus its certificate copy and
 * prepared key (pqs_v2x_cache_memory; ECDSA's OpenSSL key object is not
 * counted there).
 */
static int cache_entry_bytes(bench_pki *p, size_t *entry, size_t *slot)
{
	v2x_cache *one = pqs_v2x_cache_new(1), *two = pqs_v2x_cache_new(2);
	int e = one && two ? V2X_OK : V2X_ERR_NOMEM;
	size_t empty = pqs_v2x_cache_memory(one);
	if (!e) {
		v2x_verify_ctx v;
		pqs_v2x_verify_ctx_init(&v, p->store, one, p->now);
		e = pqs_v2x_spdu_verify(&v, p->spdu[0], p->spdu_len[0], NULL);
	}
	*slot = pqs_v2x_cache_memory(two) - empty;
	*entry = e ? 0 : pqs_v2x_cache_memory(one) - empty + *slot;
	pqs_v2x_cache_free(one);
	pqs_v2x_cache_free(two);
	return e;
}

/* Verify the pool once (warm cache), then each SPDU again: the replays accepted. */
static int replays_accepted(bench_pki *p, v2x_replay *det, unsigned *accepted)
{
	pqs_v2x_cache_clear(p->cache);
	pqs_v2x_verify_ctx_init(&p->vctx, p->store, p->cache, p->now);
	p->vctx.replay = det;
	*accepted = 0;
	for (size_t i = 0; i < 2 * POOL; i++) {
		int e = op_verify(p, i);
		if (i < POOL && e)
			return e;
		if (i >= POOL && e && e != V2X_ERR_DUPLICATE)
			return e;
		*accepted += i >= POOL && !e;
	}
	return 0;
}

/*
 * The duplicate detector's memory and effect.  Rates: best of rounds, warm
 * cache; "new" SPDUs use a detector holding POOL - 1 digests per signer, so
 * that each pool SPDU has been forgotten when it comes round again (a miss
 * and an insertion every time, as for live traffic); replays use the
 * benchmark's detector primed with the pool.
 */
static int measure_replay(bench_pki *p, int quick, bench_v2x_result *r)
{
	v2x_replay *det = pqs_v2x_replay_new(BENCH_V2X_REPLAY_SIGNERS, BENCH_V2X_REPLAY_PER_SIGNER), *fresh = NULL;
	int e = det ? 0 : V2X_ERR_NOMEM;
	r->replay_memory = pqs_v2x_replay_memory(det);
	r->replays_sent = POOL;
	if (!e)
		e = replays_accepted(p, NULL, &r->replays_accepted_off);
	if (!e)
		e = replays_accepted(p, det, &r->replays_accepted_on); /* leaves det primed with the pool */
	double seconds = quick ? 0.02 : 0.12, rate;
	size_t calls;
	for (size_t round = 0; !e && round < 3; round++) {
		/* a new one each round: each round starts again at the first pool SPDU */
		pqs_v2x_replay_free(fresh);
		if (!(fresh = pqs_v2x_replay_new(BENCH_V2X_REPLAY_SIGNERS, POOL - 1))) {
			e = V2X_ERR_NOMEM;
			break;
		}
		p->vctx.replay = fresh;
		e = cpu_rate(op_verify, p, 20, seconds, &rate, &calls);
		if (!e && rate > r->verify_warm_dedup_per_s)
			r->verify_warm_dedup_per_s = rate;
		p->vctx.replay = det;
		if (!e)
			e = cpu_rate(op_verify_replay, p, 20, seconds, &rate, &calls);
		if (!e && rate > r->replay_reject_per_s)
			r->replay_reject_per_s = rate;
	}
	p->vctx.replay = NULL;
	pqs_v2x_replay_free(det);
	pqs_v2x_replay_free(fresh);
	return e;
}

/*
 * base: the ECDSA profile's PKI, verified cold and warm in every round next
 * to this profile for the per-round ratio_to_ecdsa (NULL when this is the
 * ECDSA profile: its ratio is 1 by definition).
 */
static int measure_profile(const char *name, int quick, unsigned threads, bench_pki *base, bench_ecdsa_p256 *yard,
			   bench_v2x_result *r)
{
	memset(r, 0, sizeof *r);
	snprintf(r->profile, sizeof r->profile, "%s", name);
	bench_pki *p = calloc(1, sizeof *p);
	if (!p)
		return cli_error("out of memory");
	int e = bench_profile_parse(name, &p->prof, &p->root_alg);
	if (e) {
		pki_free(p);
		return cli_error("unknown V2X profile '%s' (%s)", name, pqs_v2x_strerror(e));
	}
	if (!pqs_v2x_profile_available(&p->prof) || (p->root_alg && !pqs_v2x_alg_class(p->root_alg))) {
		pki_free(p);
		fprintf(stderr, "bench v2x: %s skipped: a scheme of this profile is not registered in this build\n", name);
		return 0;
	}
	r->available = 1;
	if ((e = pki_make(p, name)) != 0) {
		pki_free(p);
		return cli_error("v2x %s: setup failed: %s", name, pqs_v2x_strerror(e));
	}
	r->spdu_bytes = p->spdu_len[0];
	/* the same SPDU with the signer as a digest (the vehicle certificate's HashedId8) */
	v2x_signer by_digest;
	if ((e = pqs_v2x_signer_init(&by_digest, &p->veh_key, p->veh, p->veh_len, V2X_SIGNER_DIGEST, NULL)) == 0)
		e = pqs_v2x_spdu_sign(&by_digest, BSM_PSID, p->now, p->payload, PAYLOAD_LEN, p->sign_buf, p->sign_cap,
				      &r->spdu_digest_bytes);
	pqs_zeroize(&by_digest, sizeof by_digest);
	if (e)
		goto fail;
	r->frags_1400 = pqs_wsm_fragment_count(r->spdu_bytes, WSM_DATA_LIMIT_DEFAULT);
	r->frags_2302 = pqs_wsm_fragment_count(r->spdu_bytes, WSM_DATA_LIMIT_MAX);

	/* Signing: the seed's 2000 runs (a tenth in quick mode). */
	size_t nsign = quick ? 200 : 2000;
	char label[128];
	snprintf(label, sizeof label, "v2x %s: sign", name);
	if ((e = cpu_samples(label, op_sign, p, nsign, &r->sign)) != 0)
		goto fail;
	r->sign_margin_pct = 100.0 * (1.0 - r->sign.p99_us / 1000.0 / BUDGET_MS);
	if ((e = ca_sign_samples(p, name, quick ? 3 : 10, quick ? 1.0 : 8.0, &r->ca_sign)) != 0)
		goto fail;
	r->chain_len = p->root_alg ? 3 : 2;

	/* Jobs compared per round run back to back (warm then bare prepared, SPDU signing then
	 * OpenSSL's), so that both sides of a ratio see the same load; the ECDSA profile's come last,
	 * and only when this is another profile. */
	enum {
		J_COLD,
		J_BARE_COLD,
		J_WARM,
		J_BARE_PREPARED,
		J_BARE_WARM,
		J_DECODE,
		J_CERT_ID,
		J_SIGN,
		J_OPENSSL_SIGN,
		J_SIGN_PLAIN,
		J_BASE_COLD,
		J_BASE_WARM,
		J_COUNT
	};
	rate_job jobs[J_COUNT] = {
		[J_COLD] = { .fn = op_verify, .what = "verify cold", .stack = 1 },
		[J_BARE_COLD] = { .fn = op_bare_cold, .what = "bare checks cold" },
		[J_WARM] = { .fn = op_verify, .what = "verify warm", .stack = 1, .warm = 1 },
		[J_BARE_PREPARED] = { .fn = op_bare_prepared_warm, .what = "bare prepared check warm" },
		[J_BARE_WARM] = { .fn = op_bare_warm, .what = "bare check warm" },
		[J_DECODE] = { .fn = op_decode, .what = "decode only" },
		[J_CERT_ID] = { .fn = op_cert_id, .what = "certificate HashedId8" },
		[J_SIGN] = { .fn = op_sign, .what = "sign, key prepared" },
		[J_OPENSSL_SIGN] = { .fn = bench_ecdsa_p256_ops[1], .what = "OpenSSL ECDSA P-256 sign", .arg = yard },
		[J_SIGN_PLAIN] = { .fn = op_sign_plain, .what = "sign, key not prepared" },
		[J_BASE_COLD] = { .fn = op_verify, .what = "ECDSA profile cold", .pki = base, .stack = 1 },
		[J_BASE_WARM] = { .fn = op_verify, .what = "ECDSA profile warm", .pki = base, .stack = 1, .warm = 1 },
	};
	size_t rounds = rounds_of(quick);
	if ((e = run_rates(p, name, jobs, base ? J_COUNT : J_BASE_COLD, quick)) != 0)
		goto fail;
	paired_ratio(&jobs[J_WARM], &jobs[J_BARE_PREPARED], rounds, &r->warm_to_bare_prepared);
	r->bare_prepared_warm_per_s = jobs[J_BARE_PREPARED].best;
	paired_ratio(&jobs[J_SIGN], &jobs[J_OPENSSL_SIGN], rounds, &r->sign_to_openssl);
	paired_ratio(&jobs[J_SIGN_PLAIN], &jobs[J_OPENSSL_SIGN], rounds, &r->sign_plain_to_openssl);
	r->sign_per_s = jobs[J_SIGN].best;
	r->sign_plain_per_s = jobs[J_SIGN_PLAIN].best;
	r->openssl_sign_per_s = jobs[J_OPENSSL_SIGN].best;
	if (base) {
		paired_ratio(&jobs[J_COLD], &jobs[J_BASE_COLD], rounds, &r->ratio_spread);
		paired_ratio(&jobs[J_WARM], &jobs[J_BASE_WARM], rounds, &r->ratio_warm_spread);
	} else {
		r->ratio_spread = r->ratio_warm_spread =
			(bench_spread){ .rounds = rounds, .median = 1.0, .min = 1.0, .max = 1.0 };
	}
	r->ratio_to_ecdsa = r->ratio_spread.median;
	r->ratio_warm_to_ecdsa = r->ratio_warm_spread.median;
	r->decode_us = 1e6 / jobs[J_DECODE].best;
	r->cert_id_us = 1e6 / jobs[J_CERT_ID].best;
	r->verify_cold_per_s = jobs[J_COLD].best;
	r->bare_cold_per_s = jobs[J_BARE_COLD].best;
	r->verify_warm_per_s = jobs[J_WARM].best;
	r->bare_warm_per_s = jobs[J_BARE_WARM].best;
	r->checks_cold = jobs[J_COLD].checks_per_op;
	r->checks_warm = jobs[J_WARM].checks_per_op;
	r->overhead_cold = paired_overhead(&jobs[J_COLD], &jobs[J_BARE_COLD], rounds);
	r->overhead_warm = paired_overhead(&jobs[J_WARM], &jobs[J_BARE_WARM], rounds);
	if ((e = cache_entry_bytes(p, &r->cache_entry_bytes, &r->cache_slot_bytes)) != 0)
		goto fail;
	bench_progress("v2x %s: duplicate detector", name);
	if ((e = measure_replay(p, quick, r)) != 0)
		goto fail;

	r->threads = threads;
	double secs = quick ? 0.15 : 1.0;
	bench_progress("v2x %s: all %u cores", name, threads);
	r->verify_cold_all_per_s = verify_all_cores(p, threads, 0, secs, &e);
	if (!e)
		r->verify_warm_all_per_s = verify_all_cores(p, threads, 1, secs, &e);
	if (e)
		goto fail;
	bench_progress_done();
	pki_free(p);
	return 0;
fail:
	bench_progress_done();
	pki_free(p);
	return cli_error("v2x %s: measurement failed: %s", name, pqs_strerror(e));
}

int bench_v2x_collect(const char *const *profiles, size_t n, int quick, bench_v2x_result *res,
                      bench_v2x_result *ecdsa, bench_yardstick *y)
{
	unsigned threads = default_threads();
	if (bench_ecdsa_p256_yardstick(y, quick ? 0.1 : 0.5) != 0)
		return cli_error("OpenSSL ECDSA P-256 yardstick failed");
	/* The ECDSA profile's PKI: every other profile's ratio is taken against it round by round;
	 * OpenSSL's own signing is timed next to every profile's SPDU signing the same way. */
	bench_pki *base = calloc(1, sizeof *base);
	bench_ecdsa_p256 *yard = bench_ecdsa_p256_new();
	int e = base && yard ? pqs_v2x_profile_parse("ECDSA", &base->prof) : V2X_ERR_NOMEM;
	if (!e)
		e = pki_make(base, "ECDSA");
	if (e) {
		pki_free(base);
		bench_ecdsa_p256_free(yard);
		return cli_error("v2x ECDSA: setup failed: %s", pqs_v2x_strerror(e));
	}
	int have_base = 0, rc = 0;
	for (size_t i = 0; i < n && !rc; i++) {
		int is_base = strcmp(profiles[i], "ECDSA") == 0;
		if (measure_profile(profiles[i], quick, threads, is_base ? NULL : base, yard, &res[i]))
			rc = CLI_ERROR;
		else if (is_base) {
			*ecdsa = res[i];
			have_base = 1;
		}
	}
	if (!rc && !have_base && measure_profile("ECDSA", quick, threads, NULL, yard, ecdsa))
		rc = CLI_ERROR;
	pki_free(base);
	bench_ecdsa_p256_free(yard);
	return rc;
}

/* ---- CLI ---- */

static void print_json(const bench_v2x_result *res, size_t n, const bench_yardstick *y)
{
	printf("[\n");
	for (size_t i = 0; i < n; i++) {
		const bench_v2x_result *r = &res[i];
		printf("  {\"profile\":");
		bench_json_string(stdout, r->profile);
		if (!r->available) {
			printf(",\"available\":false,\"reason\":\"scheme not registered in this build\"}%s\n",
			       i + 1 < n ? "," : "");
			continue;
		}
		printf(",\"available\":true,\"spdu_bytes\":%zu,\"fragments_1400\":%zu,\"fragments_2302\":%zu,"
		       "\"sign_runs\":%zu,\"sign_p50_ms\":%.4f,\"sign_p99_ms\":%.4f,\"sign_margin_pct\":%.2f,"
		       "\"spdu_digest_bytes\":%zu,\"chain_length\":%u,\"ca_sign_runs\":%zu,\"ca_sign_per_cert_p50_ms\":"
		       "%.4f,"
		       "\"verify_cold_per_s\":%.1f,\"verify_warm_per_s\":%.1f,"
		       "\"verify_bare_cold_per_s\":%.1f,\"verify_bare_warm_per_s\":%.1f,"
		       "\"verify_bare_prepared_warm_per_s\":%.1f,"
		       "\"warm_to_bare_prepared\":{\"median\":%.4f,\"min\":%.4f,\"max\":%.4f,\"rounds\":%zu},"
		       "\"cache_bytes_per_entry\":%zu,\"cache_slot_bytes\":%zu,"
		       "\"sign_per_s\":%.1f,\"sign_unprepared_per_s\":%.1f,\"openssl_ecdsa_p256_sign_per_s\":%.1f,"
		       "\"sign_to_openssl\":{\"median\":%.4f,\"min\":%.4f,\"max\":%.4f,\"rounds\":%zu},"
		       "\"sign_unprepared_to_openssl\":{\"median\":%.4f,\"min\":%.4f,\"max\":%.4f,\"rounds\":%zu},"
		       "\"stack_overhead_cold\":%.4f,\"stack_overhead_warm\":%.4f,"
		       "\"sig_checks_per_spdu_cold\":%.3f,\"sig_checks_per_spdu_warm\":%.3f,"
		       "\"threads\":%u,\"verify_cold_all_cores_per_s\":%.1f,\"verify_warm_all_cores_per_s\":%.1f,"
		       "\"ratio_to_ecdsa\":%.4f,\"ratio_warm_to_ecdsa\":%.4f,"
		       "\"ratio_spread\":{\"median\":%.4f,\"min\":%.4f,\"max\":%.4f,\"rounds\":%zu},"
		       "\"ratio_warm_spread\":{\"median\":%.4f,\"min\":%.4f,\"max\":%.4f,\"rounds\":%zu},"
		       "\"neighbours_10hz_cold\":%.0f,\"neighbours_10hz_warm\":%.0f,"
		       "\"decode_us\":%.3f,\"cert_hashedid8_us\":%.3f,"
		       "\"replay_detector_bytes\":%zu,\"replay_detector_signers\":%d,\"replay_detector_per_signer\":%d,"
		       "\"replays_sent\":%u,\"replays_accepted_without_detector\":%u,"
		       "\"replays_accepted_with_detector\":%u,\"verify_warm_with_detector_per_s\":%.1f,"
		       "\"replay_rejects_per_s\":%.1f,"
		       "\"openssl_ecdsa_p256_verify_per_s\":%.1f}%s\n",
		       r->spdu_bytes, r->frags_1400, r->frags_2302, r->sign.n, r->sign.median_us / 1000.0,
		       r->sign.p99_us / 1000.0, r->sign_margin_pct, r->spdu_digest_bytes, r->chain_len, r->ca_sign.n,
		       r->ca_sign.median_us / 1000.0, r->verify_cold_per_s, r->verify_warm_per_s, r->bare_cold_per_s,
		       r->bare_warm_per_s, r->bare_prepared_warm_per_s, r->warm_to_bare_prepared.median,
		       r->warm_to_bare_prepared.min, r->warm_to_bare_prepared.max, r->warm_to_bare_prepared.rounds,
		       r->cache_entry_bytes, r->cache_slot_bytes, r->sign_per_s, r->sign_plain_per_s,
		       r->openssl_sign_per_s, r->sign_to_openssl.median, r->sign_to_openssl.min, r->sign_to_openssl.max,
		       r->sign_to_openssl.rounds, r->sign_plain_to_openssl.median, r->sign_plain_to_openssl.min,
		       r->sign_plain_to_openssl.max, r->sign_plain_to_openssl.rounds, r->overhead_cold,
		       r->overhead_warm, r->checks_cold, r->checks_warm, r->threads, r->verify_cold_all_per_s,
		       r->verify_warm_all_per_s, r->ratio_to_ecdsa, r->ratio_warm_to_ecdsa, r->ratio_spread.median,
		       r->ratio_spread.min, r->ratio_spread.max, r->ratio_spread.rounds, r->ratio_warm_spread.median,
		       r->ratio_warm_spread.min, r->ratio_warm_spread.max, r->ratio_warm_spread.rounds,
		       r->verify_cold_per_s / 10.0, r->verify_warm_per_s / 10.0, r->decode_us, r->cert_id_us,
		       r->replay_memory, BENCH_V2X_REPLAY_SIGNERS, BENCH_V2X_REPLAY_PER_SIGNER, r->replays_sent,
		       r->replays_accepted_off, r->replays_accepted_on, r->verify_warm_dedup_per_s,
		       r->replay_reject_per_s, y->verify.ops_per_s, i + 1 < n ? "," : "");
	}
	printf("]\n");
}

static void print_text(const bench_v2x_result *res, size_t n, const bench_yardstick *y)
{
	printf("OpenSSL ECDSA P-256 verify (yardstick): %.0f/s; 100-byte BSM payload, PSID 0x20, certificate "
	       "attached, issued by the root\n\n",
	       y->verify.ops_per_s);
	printf("%-36s %6s %5s %5s %10s %10s %7s %11s %10s %10s %10s %10s %7s %7s %11s %11s %7s %-13s %9s %9s\n",
	       "profile", "SPDU B", "@1400", "@2302", "sign p50", "sign p99", "margin", "CA sig/cert", "cold/s",
	       "bare/s", "warm/s", "bare/s", "ovh c", "ovh w", "cold all/s", "warm all/s", "x ECDSA", "(range)",
	       "nbrs cold", "nbrs warm");
	for (size_t i = 0; i < n; i++) {
		const bench_v2x_result *r = &res[i];
		if (!r->available) {
			printf("%-36s skipped: scheme not registered in this build\n", r->profile);
			continue;
		}
		char range[32];
		snprintf(range, sizeof range, "(%.2f-%.2f)", r->ratio_spread.min, r->ratio_spread.max);
		printf("%-36s %6zu %5zu %5zu %8.3fms %8.3fms %6.2f%% %9.3fms %10.0f %10.0f %10.0f %10.0f %6.1f%% "
		       "%6.1f%% "
		       "%11.0f %11.0f %7.2f %-13s %9.0f %9.0f\n",
		       r->profile, r->spdu_bytes, r->frags_1400, r->frags_2302, r->sign.median_us / 1000.0,
		       r->sign.p99_us / 1000.0, r->sign_margin_pct, r->ca_sign.median_us / 1000.0, r->verify_cold_per_s,
		       r->bare_cold_per_s, r->verify_warm_per_s, r->bare_warm_per_s, 100.0 * r->overhead_cold,
		       100.0 * r->overhead_warm, r->verify_cold_all_per_s, r->verify_warm_all_per_s, r->ratio_to_ecdsa,
		       range, r->verify_cold_per_s / 10.0, r->verify_warm_per_s / 10.0);
	}
	printf("\nWarm verification against the bare check with the key prepared once (as the cache holds it): "
	       "median and range of the per-round ratio; cache bytes per verified vehicle (slot + certificate + "
	       "prepared key)\n");
	printf("%-36s %10s %14s %10s  %-15s %14s\n", "profile", "warm/s", "bare prep/s", "warm:prep", "(range)",
	       "cache B/entry");
	for (size_t i = 0; i < n; i++) {
		const bench_v2x_result *r = &res[i];
		if (!r->available)
			continue;
		char range[32];
		snprintf(range, sizeof range, "(%.3f-%.3f)", r->warm_to_bare_prepared.min,
			 r->warm_to_bare_prepared.max);
		printf("%-36s %10.0f %14.0f %10.3f  %-15s %14zu\n", r->profile, r->verify_warm_per_s,
		       r->bare_prepared_warm_per_s, r->warm_to_bare_prepared.median, range, r->cache_entry_bytes);
	}
	printf("\nSPDU signing (the sign columns: key prepared once) against OpenSSL's own ECDSA P-256 signing "
	       "timed in the same round: median and range of the per-round ratio\n");
	printf("%-36s %10s %12s %14s %17s %17s\n", "profile", "sign/s", "unprepared/s", "OpenSSL sign/s",
	       "sign:OpenSSL", "unprepared:OpenSSL");
	for (size_t i = 0; i < n; i++) {
		const bench_v2x_result *r = &res[i];
		if (!r->available)
			continue;
		char prep[40], plain[40];
		snprintf(prep, sizeof prep, "%.3f (%.2f-%.2f)", r->sign_to_openssl.median, r->sign_to_openssl.min,
			 r->sign_to_openssl.max);
		snprintf(plain, sizeof plain, "%.3f (%.2f-%.2f)", r->sign_plain_to_openssl.median,
			 r->sign_plain_to_openssl.min, r->sign_plain_to_openssl.max);
		printf("%-36s %10.0f %12.0f %14.0f %17s %17s\n", r->profile, r->sign_per_s, r->sign_plain_per_s,
		       r->openssl_sign_per_s, prep, plain);
	}
	printf("\nDuplicate detector (v2x_replay, %d signers x %d digests; each of %d SPDUs sent twice inside the "
	       "window; warm cache, one core)\n",
	       BENCH_V2X_REPLAY_SIGNERS, BENCH_V2X_REPLAY_PER_SIGNER, POOL);
	printf("%-36s %10s %12s %12s %10s %12s %14s\n", "profile", "memory", "replays off", "replays on", "warm/s",
	       "warm+det/s", "replay rej/s");
	for (size_t i = 0; i < n; i++) {
		const bench_v2x_result *r = &res[i];
		if (!r->available)
			continue;
		printf("%-36s %8.2fMB %7u of %2u %7u of %2u %10.0f %12.0f %14.0f\n", r->profile,
		       (double)r->replay_memory / 1048576.0, r->replays_accepted_off, r->replays_sent,
		       r->replays_accepted_on, r->replays_sent, r->verify_warm_per_s, r->verify_warm_dedup_per_s,
		       r->replay_reject_per_s);
	}
}

int bench_v2x_main(int argc, char **argv)
{
	const char *json = NULL, *quick = NULL, *list = NULL;
	cli_opt opts[] = { { NULL, "--json", 0, &json }, { NULL, "--quick", 0, &quick }, { NULL, "--profiles", 1, &list } };
	if (cli_parse(argc, argv, 1, opts, 3, NULL, 0, NULL))
		return CLI_ERROR;
	const char *names[32];
	char buf[1024];
	size_t n = 0;
	if (list) {
		if (strlen(list) >= sizeof buf)
			return cli_error("--profiles list too long");
		strcpy(buf, list);
		for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
			int wg = strcmp(tok, "wg1609") == 0;
			if (n + (wg ? BENCH_V2X_N_WG1609 : 1) > 32)
				return cli_error("at most 32 profiles");
			if (wg) {
				for (size_t i = 0; i < BENCH_V2X_N_WG1609; i++)
					names[n++] = bench_v2x_wg1609_profiles[i];
				continue;
			}
			v2x_profile probe;
			const v2x_alg *root;
			if (bench_profile_parse(tok, &probe, &root) != V2X_OK)
				return cli_error(
					"unknown V2X profile '%s' (try 'pqsig v2x profiles', or VEHICLE/ICA/ROOT)",
					tok);
			names[n++] = tok;
		}
		if (n == 0)
			return cli_error("--profiles needs at least one profile");
	} else {
		for (size_t i = 0; i < BENCH_V2X_N_SEED; i++)
			names[n++] = bench_v2x_seed_profiles[i];
	}
	bench_v2x_result *res = calloc(n, sizeof *res), ecdsa;
	if (!res)
		return cli_error("out of memory");
	bench_yardstick y;
	int rc = bench_v2x_collect(names, n, quick != NULL, res, &ecdsa, &y);
	if (rc == 0) {
		if (json)
			print_json(res, n, &y);
		else
			print_text(res, n, &y);
	}
	free(res);
	return rc ? CLI_ERROR : CLI_OK;
}
