/*
 * Composite signatures: both components must verify, components lifted out
 * of a composite do not verify on the bare message (no stripping), the
 * context string binds, and the sizes are the documented concatenations.
 */
#include <stdlib.h>
#include <string.h>

#include "pqsig/composite.h"
#include "testutil.h"

static void check(const pqs_sig_class *c)
{
	const pqs_sig_class *a, *b;
	TU_CHECK(pqs_composite_parts(c, &a, &b) == PQS_OK, "%s parts", c->name);
	TU_CHECK(c->pk_len == a->pk_len + b->pk_len && c->sk_len == a->sk_len + b->sk_len &&
	                 c->sig_max_len == a->sig_max_len + b->sig_max_len,
	         "%s sizes are the sums of its parts", c->name);
	uint8_t *pk = malloc(c->pk_len), *sk = malloc(c->sk_len), *sig = malloc(c->sig_max_len);
	uint8_t *sig2 = malloc(c->sig_max_len);
	uint8_t msg[40] = "composite test message";
	size_t sl = 0, sl2 = 0;
	TU_CHECK(pqs_sig_keygen(c, pk, sk, NULL, 0, NULL) == PQS_OK, "%s keygen", c->name);
	TU_CHECK(pqs_sig_sign(c, sig, c->sig_max_len, &sl, msg, sizeof msg, NULL, 0, sk, 0, NULL) == PQS_OK, "%s sign", c->name);
	TU_CHECK(pqs_sig_verify(c, sig, sl, msg, sizeof msg, NULL, 0, pk) == PQS_OK, "%s verify", c->name);
	/* Stripping: each part alone on the bare message is invalid. */
	TU_CHECK(pqs_sig_verify(a, sig, a->sig_max_len, msg, sizeof msg, NULL, 0, pk) == PQS_ERR_INVALID_SIGNATURE,
	         "%s ECDSA part alone", c->name);
	TU_CHECK(pqs_sig_verify(b, sig + a->sig_max_len, sl - a->sig_max_len, msg, sizeof msg, NULL, 0, pk + a->pk_len) ==
	                 PQS_ERR_INVALID_SIGNATURE,
	         "%s PQC part alone", c->name);
	/* Mix-and-match: ECDSA part of a composite on another message -> invalid even though the PQC part is right. */
	uint8_t other[40] = "another message";
	TU_CHECK(pqs_sig_sign(c, sig2, c->sig_max_len, &sl2, other, sizeof other, NULL, 0, sk, 0, NULL) == PQS_OK, "%s sign 2",
	         c->name);
	uint8_t *mix = malloc(c->sig_max_len);
	memcpy(mix, sig2, a->sig_max_len);
	memcpy(mix + a->sig_max_len, sig + a->sig_max_len, sl - a->sig_max_len);
	TU_CHECK(pqs_sig_verify(c, mix, sl, msg, sizeof msg, NULL, 0, pk) == PQS_ERR_INVALID_SIGNATURE, "%s wrong ECDSA part",
	         c->name);
	memcpy(mix, sig, a->sig_max_len);
	memcpy(mix + a->sig_max_len, sig2 + a->sig_max_len, sl2 - a->sig_max_len);
	TU_CHECK(pqs_sig_verify(c, mix, sl2, msg, sizeof msg, NULL, 0, pk) == PQS_ERR_INVALID_SIGNATURE, "%s wrong PQC part",
	         c->name);
	/* Context binds. */
	uint8_t ctx[3] = { 1, 2, 3 };
	TU_CHECK(pqs_sig_sign(c, sig2, c->sig_max_len, &sl2, msg, sizeof msg, ctx, 3, sk, 0, NULL) == PQS_OK &&
	                 pqs_sig_verify(c, sig2, sl2, msg, sizeof msg, ctx, 3, pk) == PQS_OK &&
	                 pqs_sig_verify(c, sig2, sl2, msg, sizeof msg, ctx, 2, pk) == PQS_ERR_INVALID_SIGNATURE &&
	                 pqs_sig_verify(c, sig2, sl2, msg, sizeof msg, NULL, 0, pk) == PQS_ERR_INVALID_SIGNATURE,
	         "%s context binding", c->name);
	/* A too-short signature (ECDSA part only) is a length error. */
	TU_CHECK(pqs_sig_verify(c, sig, a->sig_max_len, msg, sizeof msg, NULL, 0, pk) == PQS_ERR_SIG_LENGTH, "%s ECDSA-only length",
	         c->name);
	free(pk);
	free(sk);
	free(sig);
	free(sig2);
	free(mix);
}

int main(void)
{
	int found = 0;
	for (size_t i = 0; i < pqs_sig_count(); i++) {
		const pqs_sig_class *c = pqs_sig_at(i);
		if (!(c->flags & PQS_SIG_COMPOSITE))
			continue;
		found++;
		check(c);
	}
	TU_CHECK(found >= 3, "%d composite classes registered", found);
	const pqs_sig_class *c44 = pqs_sig_find("ECDSA-P256+ML-DSA-44");
	TU_CHECK(pqs_composite_parts(pqs_sig_find("ML-DSA-44"), NULL, NULL) == PQS_ERR_ARG, "non-composite refused");
	TU_CHECK(c44 != NULL, "ECDSA-P256+ML-DSA-44 registered");
	return tu_finish("composite");
}
