/*
 * A V2X PKI and SPDUs signed under it, for the SPDU fuzzer
 * (fuzz/v2x_spdu.c), its seed generator (fuzz/gen_corpus.c) and the test
 * that the seeds verify (tests/fuzz).  Keys derive from a fixed DRBG seed;
 * ECDSA signatures (OpenSSL's nonces) do not, so the generator also writes
 * the certificates the verifier needs to fuzz/v2x-trust/, and the fuzzer
 * trusts exactly those: the root that signed the stored seeds.  Chain
 * validation, signature dispatch and the certificate cache are thus
 * reached by the fuzzer (issue 10 item 21).
 *
 * Per profile of V2X_FIXTURE_PROFILES: a root (chain length range 1), an
 * intermediate CA under it, vehicle A under the root and vehicle B under
 * the intermediate.  The store trusts every root and knows the
 * intermediates and vehicle A (for its digest-signed SPDU).
 */
#ifndef PQSIG_FUZZ_V2X_FIXTURE_H
#define PQSIG_FUZZ_V2X_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/v2x.h"

#define V2X_FIXTURE_SPDUS_PER_PROFILE 3 /* A cert-signed, A digest-signed, B cert-signed (chain via the ICA) */
#define V2X_FIXTURE_MAX_SPDUS 32
#define V2X_FIXTURE_MAX_CERTS 32

typedef struct {
	v2x_store *store;
	uint64_t now;           /* Time64 the SPDUs were generated at (verify with this or 0) */
	size_t n_spdus;
	uint8_t *spdu[V2X_FIXTURE_MAX_SPDUS];
	size_t spdu_len[V2X_FIXTURE_MAX_SPDUS];
	char label[V2X_FIXTURE_MAX_SPDUS][64]; /* "spdu-fixture-<profile>-<kind>" (file-name safe) */
	/* What the store holds: "root-<profile>" (trusted), "ica-<profile>", "vehicle-<profile>". */
	size_t n_certs;
	uint8_t *cert[V2X_FIXTURE_MAX_CERTS];
	size_t cert_len[V2X_FIXTURE_MAX_CERTS];
	char cert_label[V2X_FIXTURE_MAX_CERTS][64];
} v2x_fixture;

/* Build the PKI, the store and the SPDUs (profiles whose schemes are not registered are skipped). */
int v2x_fixture_build(v2x_fixture *fx);
void v2x_fixture_free(v2x_fixture *fx);

/* A store holding the certificates written to dir (root-* trusted, the others known); NULL on failure. */
v2x_store *v2x_fixture_load_trust(const char *dir);

#endif
