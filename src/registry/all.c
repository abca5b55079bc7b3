/* The full registry: every class of the library (component pqsig::registry). */
#include "registry/classes.h"

static const pqs_sig_class *const all_classes[] = {
	PQS_REGISTRY_ECDSA_CLASSES(PQS_REGISTRY_ENTRY)
	PQS_REGISTRY_PQC_CLASSES(PQS_REGISTRY_ENTRY)
	PQS_REGISTRY_COMPOSITE_CLASSES(PQS_REGISTRY_ENTRY)
};

const pqs_sig_list pqs_sig_registry = { all_classes, sizeof all_classes / sizeof all_classes[0] };
