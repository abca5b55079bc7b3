/*
 * Message tables of the error families (ranges in include/pqsig/sig.h).
 *
 * Each protocol component defines its family's lookup next to its code;
 * each returns the message of a code of its own range, or NULL for a value
 * its family does not define.  pqs_strerror() (src/core/errors.c) reaches
 * them through weak references, so the core (pqsig_pqc) links without the
 * protocol components: a lookup whose component is absent is a null
 * pointer and its codes read "unknown error".
 */
#ifndef PQSIG_CORE_ERRORS_H
#define PQSIG_CORE_ERRORS_H

const char *pqs_v2x_error_message(int err);   /* src/v2x/dot2/util.c */
const char *pqs_chain_error_message(int err); /* src/chain/codec.c */
const char *pqs_wsm_error_message(int err);   /* src/v2x/dot3/wsm.c */
const char *pqs_scms_error_message(int err);  /* src/v2x/scms/msg.c */

#endif
