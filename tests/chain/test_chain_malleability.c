/*
 * test_chain_regress_malleable_txid (issue 10, item 3): a transaction id
 * must not change when only the signature or the wire form does.
 *
 * Anyone can turn an ECDSA signature (r, s) into (r, n - s) (BIP 62), and a
 * key holder can always sign again; on b468745 the txid hashed every byte,
 * so such an altered transaction verified under a new txid.  For ECDSA-P256,
 * ECDSA-secp256k1 and the ECDSA half of a composite this test builds the
 * (r, n - s) variant (n from OpenSSL's curve), a fresh re-signature, and the
 * REF form of each, and requires one txid for all of them - whether or not
 * the signature core accepts high S - while the Merkle leaf (every byte)
 * still tells them apart, so a block commits to its exact signatures.
 */
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chain_testlib.h"
#include "testutil.h"

#define CHAIN 5u

/* Replace s (32 bytes at sig + 32) by n - s for the curve nid. */
static void negate_s(uint8_t *sig, int nid)
{
	EC_GROUP *g = EC_GROUP_new_by_curve_name(nid);
	BIGNUM *s = BN_bin2bn(sig + 32, 32, NULL), *ns = BN_new();
	TU_CHECK(g && s && ns, "OpenSSL curve %d", nid);
	if (!g || !s || !ns)
		exit(1);
	TU_CHECK(BN_sub(ns, EC_GROUP_get0_order(g), s) && BN_bn2binpad(ns, sig + 32, 32) == 32, "n - s");
	BN_free(s);
	BN_free(ns);
	EC_GROUP_free(g);
}

static void txid_of(uint8_t id[PQS_CHAIN_HASH_LEN], const uint8_t *tx, size_t len, const char *what)
{
	TU_CHECK(pqs_chain_txid(id, tx, len) == PQS_OK, "%s: txid", what);
}

/* One scheme: nid of the ECDSA curve whose r || s starts the signature. */
static void check_scheme(const char *alg, int nid)
{
	const pqs_sig_class *cls = pqs_sig_find(alg);
	TU_CHECK(cls != NULL, "%s not registered", alg);
	if (!cls)
		return;
	ct_key from, to;
	ct_key_new(&from, cls);
	ct_key_new(&to, cls);
	size_t len, len2, rlen;
	uint8_t *tx = ct_tx(&from, CHAIN, to.addr, 77, 3, &len);
	uint8_t *again = ct_tx(&from, CHAIN, to.addr, 77, 3, &len2);
	uint8_t *ref = ct_txr(&from, CHAIN, to.addr, 77, 3, &rlen);
	uint8_t *high = malloc(len);
	TU_CHECK(high != NULL, "malloc");
	memcpy(high, tx, len);
	pqs_chain_tx t;
	TU_CHECK(pqs_chain_tx_decode(&t, high, len, NULL) == PQS_OK, "%s: decode", alg);
	negate_s((uint8_t *)t.sig, nid);
	int high_verifies = pqs_chain_tx_verify(&t, from.pk) == PQS_OK;

	uint8_t id[PQS_CHAIN_HASH_LEN], id_high[PQS_CHAIN_HASH_LEN], id_again[PQS_CHAIN_HASH_LEN],
		id_ref[PQS_CHAIN_HASH_LEN];
	txid_of(id, tx, len, alg);
	txid_of(id_high, high, len, alg);
	txid_of(id_again, again, len2, alg);
	txid_of(id_ref, ref, rlen, alg);
	TU_CHECK(memcmp(id, id_high, sizeof id) == 0, "%s: the (r, n - s) variant has another txid (it %s)", alg,
	         high_verifies ? "verifies" : "does not verify");
	TU_CHECK(memcmp(id, id_again, sizeof id) == 0, "%s: a fresh signature of the same payment has another txid", alg);
	TU_CHECK(memcmp(id, id_ref, sizeof id) == 0, "%s: the REF form has another txid", alg);

	uint8_t leaf[PQS_CHAIN_HASH_LEN], leaf_high[PQS_CHAIN_HASH_LEN];
	TU_CHECK(pqs_chain_tx_leaf(leaf, tx, len) == PQS_OK && pqs_chain_tx_leaf(leaf_high, high, len) == PQS_OK,
	         "%s: leaves", alg);
	TU_CHECK(memcmp(leaf, leaf_high, sizeof leaf) != 0, "%s: the Merkle leaf ignores the signature", alg);

	/* Every signed field does change the id. */
	uint8_t *other = ct_tx(&from, CHAIN, to.addr, 78, 3, &len2), id_other[PQS_CHAIN_HASH_LEN];
	txid_of(id_other, other, len2, alg);
	TU_CHECK(memcmp(id, id_other, sizeof id) != 0, "%s: another amount, same txid", alg);
	printf("%-24s (r, n - s) %s by the core; txid unchanged by it, by re-signing and by the form\n", alg,
	       high_verifies ? "accepted" : "rejected");
	free(other);
	free(high);
	free(ref);
	free(again);
	free(tx);
	ct_key_free(&from);
	ct_key_free(&to);
}

int main(void)
{
	check_scheme("ECDSA-P256", NID_X9_62_prime256v1);
	check_scheme("ECDSA-secp256k1", NID_secp256k1);
	check_scheme("ECDSA-P256+ML-DSA-44", NID_X9_62_prime256v1);
	return tu_finish("test_chain_regress_malleable_txid");
}
