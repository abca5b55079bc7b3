/*
 * SLH-DSA rejects every altered input.  For each parameter set, the noble
 * signature with a context string (shared/vectors/slh-dsa/noble-sigs.json.gz,
 * entry b) must verify, and one-bit flips must not: in R, in every FORS
 * tree (secret value and authentication path), in every hypertree layer
 * (WOTS+ signature and authentication path, first and last bytes), the
 * signature's first and last byte, every byte of the public key, the
 * message and the context.  Wrong lengths get their specific error codes.
 * HashSLH-DSA is checked against M' built here with OpenSSL's SHA-256
 * (FIPS 205 Algorithm 23) and refused by the pure interface.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "json.h"
#include "pqsig/sig.h"
#include "pqsig/slhdsa.h"
#include "slhdsa/inner.h"
#include "testutil.h"

static unsigned rejected, attempts;

static uint8_t *hex_field(const tu_json *t, const char *key, size_t *len)
{
	const char *s = tu_json_str(t, key);
	*len = 0;
	return s ? tu_hex_decode(s, len) : NULL;
}

/* Flip one bit of buf[pos], expect the verification to fail, restore. */
static void flip_rejected(pqs_slhdsa_set set, uint8_t *buf, size_t pos, const char *what, uint8_t *sig,
                          size_t sig_len, uint8_t *msg, size_t msg_len, uint8_t *ctx, size_t ctx_len, uint8_t *pk)
{
	const uint8_t bit = (uint8_t)(1u << (pos % 8));
	buf[pos] ^= bit;
	const int r = pqs_slhdsa_verify(set, sig, sig_len, msg, msg_len, ctx, ctx_len, pk, pqs_slhdsa_pk_bytes(set));
	buf[pos] ^= bit;
	attempts++;
	rejected += r == PQS_ERR_INVALID_SIGNATURE;
	TU_CHECK(r == PQS_ERR_INVALID_SIGNATURE, "%s: flip in %s at %zu accepted (%d)", pqs_slhdsa_name(set), what, pos,
	         r);
}

static void check_set(pqs_slhdsa_set set, const tu_json *t)
{
	const slh_params *p = pqs_slhdsa_params(set);
	const size_t n = p->n;
	size_t lpk, lsk, lmsg, lctx, lsig;
	uint8_t *pk = hex_field(t, "pk", &lpk), *sk = hex_field(t, "sk", &lsk), *msg = hex_field(t, "message", &lmsg);
	uint8_t *ctx = hex_field(t, "context", &lctx), *sig = hex_field(t, "signature", &lsig);
	const char *name = p->name;
	if (!pk || !sk || !msg || !ctx || !sig || lsig != SLH_SIG_BYTES(p) || lctx == 0) {
		TU_CHECK(0, "%s: vector fields", name);
		goto done;
	}
	TU_CHECK(pqs_slhdsa_verify(set, sig, lsig, msg, lmsg, ctx, lctx, pk, lpk) == PQS_OK, "%s: valid", name);
#define FLIP(buf, pos, what) flip_rejected(set, buf, pos, what, sig, lsig, msg, lmsg, ctx, lctx, pk)
	/* R, then each FORS tree: the revealed secret value and both ends of its authentication path. */
	FLIP(sig, 0, "R");
	FLIP(sig, n - 1, "R");
	for (size_t i = 0; i < p->k; i++) {
		const size_t tree = n + i * (p->a + 1) * n;
		FLIP(sig, tree, "FORS secret");
		FLIP(sig, tree + n, "FORS auth");
		FLIP(sig, tree + (p->a + 1) * n - 1, "FORS auth end");
	}
	/* Each hypertree layer: WOTS+ signature first/last byte, authentication path first/last byte. */
	for (size_t j = 0; j < p->d; j++) {
		const size_t layer = n + SLH_FORS_BYTES(p) + j * SLH_XMSS_BYTES(p);
		FLIP(sig, layer, "HT WOTS");
		FLIP(sig, layer + SLH_WOTS_BYTES(p) - 1, "HT WOTS end");
		FLIP(sig, layer + SLH_WOTS_BYTES(p), "HT auth");
		FLIP(sig, layer + SLH_XMSS_BYTES(p) - 1, "HT auth end");
	}
	FLIP(sig, lsig - 1, "signature end");
	for (size_t i = 0; i < lpk; i++)
		FLIP(pk, i, "public key");
	FLIP(msg, 0, "message");
	FLIP(msg, lmsg - 1, "message");
	for (size_t i = 0; i < lctx; i++)
		FLIP(ctx, i, "context");
#undef FLIP
	/* Other message / context lengths, then the length checks with their specific codes. */
	TU_CHECK(pqs_slhdsa_verify(set, sig, lsig, msg, lmsg - 1, ctx, lctx, pk, lpk) == PQS_ERR_INVALID_SIGNATURE,
	         "%s: truncated message", name);
	TU_CHECK(pqs_slhdsa_verify(set, sig, lsig, msg, lmsg, ctx, lctx - 1, pk, lpk) == PQS_ERR_INVALID_SIGNATURE,
	         "%s: shorter context", name);
	TU_CHECK(pqs_slhdsa_verify(set, sig, lsig, msg, lmsg, NULL, 0, pk, lpk) == PQS_ERR_INVALID_SIGNATURE,
	         "%s: no context", name);
	TU_CHECK(pqs_slhdsa_verify(set, sig, lsig - 1, msg, lmsg, ctx, lctx, pk, lpk) == PQS_ERR_SIG_LENGTH,
	         "%s: short signature", name);
	TU_CHECK(pqs_slhdsa_verify(set, sig, lsig + 1, msg, lmsg, ctx, lctx, pk, lpk) == PQS_ERR_SIG_LENGTH,
	         "%s: long signature", name);
	TU_CHECK(pqs_slhdsa_verify(set, sig, 0, msg, lmsg, ctx, lctx, pk, lpk) == PQS_ERR_SIG_LENGTH,
	         "%s: empty signature", name);
	TU_CHECK(pqs_slhdsa_verify(set, sig, lsig, msg, lmsg, ctx, lctx, pk, lpk - 1) == PQS_ERR_KEY_LENGTH,
	         "%s: short public key", name);
	TU_CHECK(pqs_slhdsa_verify(set, sig, lsig, msg, lmsg, ctx, lctx, pk, lpk + 1) == PQS_ERR_KEY_LENGTH,
	         "%s: long public key", name);
	TU_CHECK(pqs_slhdsa_verify_internal(set, sig, lsig, msg, lmsg, pk, lpk) == PQS_ERR_INVALID_SIGNATURE,
	         "%s: internal interface without the M' prefix", name);
	{
		uint8_t big_ctx[256] = {0}, *out = malloc(lsig);
		TU_CHECK(pqs_slhdsa_verify(set, sig, lsig, msg, lmsg, big_ctx, 256, pk, lpk) == PQS_ERR_CTX_TOO_LONG,
		         "%s: context of 256 bytes", name);
		TU_CHECK(pqs_slhdsa_sign(set, out, msg, lmsg, big_ctx, 256, NULL, sk, lsk) == PQS_ERR_CTX_TOO_LONG,
		         "%s: sign with a 256-byte context", name);
		TU_CHECK(pqs_slhdsa_sign(set, out, msg, lmsg, NULL, 0, NULL, sk, lsk - 1) == PQS_ERR_KEY_LENGTH,
		         "%s: sign with a short secret key", name);
		free(out);
	}
done:
	free(pk);
	free(sk);
	free(msg);
	free(ctx);
	free(sig);
}

/*
 * HashSLH-DSA (Algorithm 23) on a fast set: the signature equals
 * slh_sign_internal over M' = 0x01 || len(ctx) || ctx || OID(SHA-256) ||
 * SHA-256(M), the digest taken from OpenSSL; it verifies only as a pre-hash
 * signature with the same function.
 */
static void check_prehash(pqs_slhdsa_set set)
{
	static const uint8_t oid_sha256[11] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01};
	const size_t sig_len = pqs_slhdsa_sig_bytes(set);
	uint8_t seed[PQS_SLHDSA_MAX_SEED_BYTES], pk[PQS_SLHDSA_MAX_PUBLICKEY_BYTES], sk[PQS_SLHDSA_MAX_SECRETKEY_BYTES];
	uint8_t msg[50], ctx[3] = {1, 2, 3}, mprime[2 + 3 + 11 + 32];
	uint8_t *sig = malloc(sig_len), *want = malloc(sig_len);
	unsigned int dl = 0;
	memset(seed, 0x3c, sizeof seed);
	memset(msg, 0xa5, sizeof msg);
	mprime[0] = 1;
	mprime[1] = sizeof ctx;
	memcpy(mprime + 2, ctx, sizeof ctx);
	memcpy(mprime + 5, oid_sha256, sizeof oid_sha256);
	const size_t pk_len = pqs_slhdsa_pk_bytes(set), sk_len = pqs_slhdsa_sk_bytes(set);
	int ok = EVP_Digest(msg, sizeof msg, mprime + 16, &dl, EVP_sha256(), NULL) == 1 &&
	         pqs_slhdsa_keygen_internal(set, pk, sk, seed) == PQS_OK &&
	         pqs_slhdsa_hash_sign(set, PQS_MLDSA_PH_SHA2_256, sig, msg, sizeof msg, ctx, sizeof ctx, NULL, sk,
	                              sk_len) == PQS_OK &&
	         pqs_slhdsa_sign_internal(set, want, mprime, sizeof mprime, NULL, sk, sk_len) == PQS_OK;
	TU_CHECK(ok && memcmp(sig, want, sig_len) == 0, "%s: HashSLH-DSA M' layout", pqs_slhdsa_name(set));
	TU_CHECK(pqs_slhdsa_hash_verify(set, PQS_MLDSA_PH_SHA2_256, sig, sig_len, msg, sizeof msg, ctx, sizeof ctx, pk,
	                                pk_len) == PQS_OK,
	         "%s: HashSLH-DSA verifies", pqs_slhdsa_name(set));
	TU_CHECK(pqs_slhdsa_hash_verify(set, PQS_MLDSA_PH_SHA2_512, sig, sig_len, msg, sizeof msg, ctx, sizeof ctx, pk,
	                                pk_len) == PQS_ERR_INVALID_SIGNATURE,
	         "%s: other pre-hash rejected", pqs_slhdsa_name(set));
	TU_CHECK(pqs_slhdsa_verify(set, sig, sig_len, msg, sizeof msg, ctx, sizeof ctx, pk, pk_len) ==
	                 PQS_ERR_INVALID_SIGNATURE,
	         "%s: pure interface rejects a pre-hash signature", pqs_slhdsa_name(set));
	free(sig);
	free(want);
}

int main(void)
{
	tu_json *doc = tu_json_load(tu_shared_path("vectors/slh-dsa/noble-sigs.json.gz"));
	unsigned sets_done = 0;
	TU_CHECK(doc != NULL, "load noble vectors");
	TU_JSON_FOREACH(t, doc) {
		pqs_slhdsa_set set;
		const char *ps = tu_json_str(t, "parameterSet"), *ctx = tu_json_str(t, "context");
		const tu_json *rnd = tu_json_get(t, "addrnd");
		/* Entry b of key 0: deterministic, with a context (the first such entry per set). */
		if (!ps || !ctx || !ctx[0] || !rnd || rnd->type != TU_JSON_NULL || pqs_slhdsa_set_from_name(ps, &set) != PQS_OK)
			continue;
		if (sets_done & (1u << set))
			continue;
		sets_done |= 1u << set;
		check_set(set, t);
	}
	check_prehash(PQS_SLHDSA_SHA2_128F);
	check_prehash(PQS_SLHDSA_SHAKE_192F);
	TU_CHECK(sets_done == (1u << PQS_SLHDSA_SET_COUNT) - 1, "all twelve sets covered (mask %x)", sets_done);
	TU_CHECK(attempts > 1000 && rejected == attempts, "%u of %u flips rejected", rejected, attempts);
	tu_json_free(doc);
	return tu_finish("slhdsa reject");
}
