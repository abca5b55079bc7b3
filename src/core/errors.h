/*
 * Message tables of the error families (ranges in include/pqsig/sig.h).
 *
 * Each family is one table of (code, message) entries, defined by its
 * component next to its code; pqs_strerror() (src/core/errors.c) looks a
 * code up in the table of its block.  It reaches the protocol components'
 * tables through weak references, so the core (pqsig_pqc) links without
 * them: a table whose component is absent has a null address and its codes
 * read "unknown error".
 */
#ifndef PQSIG_CORE_ERRORS_H
#define PQSIG_CORE_ERRORS_H

#include <stddef.h>

typedef struct {
	int code;
	const char *message;
} pqs_error_entry;

typedef struct {
	const pqs_error_entry *entries;
	size_t count;
} pqs_error_table;

extern const pqs_error_table pqs_v2x_error_table;   /* src/v2x/dot2/util.c */
extern const pqs_error_table pqs_chain_error_table; /* src/chain/codec.c */
extern const pqs_error_table pqs_wsm_error_table;   /* src/v2x/dot3/wsm.c */
extern const pqs_error_table pqs_scms_error_table;  /* src/v2x/scms/msg.c */

#endif
