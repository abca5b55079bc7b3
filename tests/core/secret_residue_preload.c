/*
 * LD_PRELOAD probe for issue 10, item 11 (secret residue): every block the
 * CLI frees or reallocates is scanned for two 32-byte windows of the secret
 * key (read from the file named by PQSIG_RESIDUE_NEEDLES, 64 bytes).  A
 * block that still holds one means secret bytes were left in freed memory
 * (e.g. a realloc that moved an unwiped key): the process exits 99 at once.
 * Used by test_cli_hardening.sh (secret_residue); not built with sanitizers,
 * whose runtime must come first in the library list.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NEEDLE_LEN 32

static unsigned char needles[2 * NEEDLE_LEN];
static int needles_state; /* 0 not read yet, 1 ready, -1 unavailable */
static void (*real_free)(void *);
static void *(*real_realloc)(void *, size_t);

/* dlsym returns an object pointer; memcpy converts it without a pedantic cast warning */
static void resolve(void)
{
	if (!real_free || !real_realloc) {
		void *f = dlsym(RTLD_NEXT, "free"), *r = dlsym(RTLD_NEXT, "realloc");
		memcpy(&real_realloc, &r, sizeof r);
		memcpy(&real_free, &f, sizeof f);
	}
}

/* read with open/read only: no allocation inside the allocator's hooks */
static void load_needles(void)
{
	const char *path = getenv("PQSIG_RESIDUE_NEEDLES");
	int fd = path ? open(path, O_RDONLY) : -1;
	needles_state = -1;
	if (fd < 0)
		return;
	if (read(fd, needles, sizeof needles) == (ssize_t)sizeof needles)
		needles_state = 1;
	close(fd);
}

static void check_block(void *p, const char *what)
{
	if (!p)
		return;
	if (needles_state == 0)
		load_needles();
	if (needles_state != 1)
		return;
	size_t n = malloc_usable_size(p);
	for (int k = 0; k < 2; k++) {
		if (memmem(p, n, needles + k * NEEDLE_LEN, NEEDLE_LEN)) {
			static const char msg[] = "secret_residue_preload: a freed block still holds secret key bytes (";
			(void)!write(2, msg, sizeof msg - 1);
			(void)!write(2, what, strlen(what));
			(void)!write(2, ")\n", 2);
			_exit(99);
		}
	}
}

void free(void *p)
{
	resolve();
	check_block(p, "free");
	real_free(p);
}

void *realloc(void *p, size_t n)
{
	resolve();
	check_block(p, "realloc");
	return real_realloc(p, n);
}
