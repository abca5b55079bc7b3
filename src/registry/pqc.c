/*
 * The post-quantum registry (component pqsig::registry_pqc): only the
 * freestanding schemes, so that pqs_sig_find pulls in no OpenSSL.  Link
 * either this or the full registry (all.c), not both.
 */
#include "registry/classes.h"

static const pqs_sig_class *const pqc_classes[] = {
	PQS_REGISTRY_PQC_CLASSES(PQS_REGISTRY_ENTRY)
};

const pqs_sig_list pqs_sig_registry = { pqc_classes, sizeof pqc_classes / sizeof pqc_classes[0] };
