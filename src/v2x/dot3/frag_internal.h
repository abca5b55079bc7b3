/* Internals shared by the fragmenter (frag.c) and the reassembler (frag_reasm.c). */
#ifndef PQSIG_V2X_FRAG_INTERNAL_H
#define PQSIG_V2X_FRAG_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig/wsm.h"

/* First SPDU byte of fragment index out of count over an SPDU of total bytes. */
size_t pqs_wsm_frag_slice_start(uint64_t total, uint64_t count, uint64_t index);

/* SHA3-256 of the SPDU truncated to WSM_FRAG_DIGEST_LEN bytes. */
void pqs_wsm_frag_digest(const uint8_t *spdu, size_t len, uint8_t out[WSM_FRAG_DIGEST_LEN]);

#endif
