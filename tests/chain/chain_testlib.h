/*
 * Helpers shared by the ledger tests: key pairs, a genesis state, signed
 * transactions, and hand-assembled blocks (for blocks that the builder
 * would refuse to make, so each validation rule can be hit on its own).
 */
#ifndef PQSIG_TEST_CHAIN_TESTLIB_H
#define PQSIG_TEST_CHAIN_TESTLIB_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/chain.h"

typedef struct {
	const pqs_sig_class *cls;
	uint8_t *pk, *sk;
	uint8_t addr[PQS_CHAIN_ADDR_LEN];
} ct_key;

/* Fresh key pair (OS randomness); exits the test on failure. */
void ct_key_new(ct_key *k, const pqs_sig_class *cls);
void ct_key_free(ct_key *k);

/* A state with a genesis block funding each key with balance (genesis bytes in *genesis if not NULL). */
pqs_chain_state *ct_genesis(uint32_t chain_id, const ct_key *keys, size_t n, uint64_t balance, uint8_t **genesis,
                            size_t *genesis_len);

/* A signed transaction (PK form) in a malloc'd buffer. */
uint8_t *ct_tx(const ct_key *from, uint32_t chain_id, const uint8_t *to, uint64_t amount, uint64_t nonce,
               size_t *len);

/* The same, re-encoded in REF form (for senders whose key the state already knows). */
uint8_t *ct_txr(const ct_key *from, uint32_t chain_id, const uint8_t *to, uint64_t amount, uint64_t nonce,
                size_t *len);

/*
 * Assemble a block on top of parent from encoded transactions exactly as
 * given (no checks): Merkle root computed over them unless merkle is given,
 * state digest as given (zeros if NULL).
 */
uint8_t *ct_raw_block(const pqs_chain_state *parent, uint64_t timestamp, uint8_t *const *txs, const size_t *lens,
                      size_t n, const uint8_t *merkle, const uint8_t *digest, size_t *len);

/*
 * A fresh LMDB data directory: fills dir (at least 64 bytes) from prefix
 * ("name.XXXXXX"); exits the test if it cannot be made.  ct_datadir_remove
 * deletes the two LMDB files and the directory.
 */
void ct_datadir_make(char *dir, const char *prefix);
void ct_datadir_remove(const char *dir);

/* Build a valid block with the builder; exits the test on failure. */
uint8_t *ct_build(const pqs_chain_state *parent, uint64_t timestamp, uint8_t *const *txs, const size_t *lens,
                  size_t n, size_t *len);

#endif
