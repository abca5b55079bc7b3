/*
 * The class list (src/registry/classes.h) against the linked registry: every
 * listed class is reachable by name and id and nothing else is registered;
 * names (case-insensitively) and ids are unique; sizes are consistent with
 * the class flags; composites' sizes are the sums of their components'; the
 * PQC group holds only post-quantum, non-composite classes.
 */
#include <string.h>
#include <strings.h>

#include "pqsig/composite.h"
#include "pqsig/ecdsa.h"
#include "registry/classes.h"
#include "testutil.h"

#define LIST_ENTRY(cls) &(cls),
static const pqs_sig_class *const ecdsa_group[] = { PQS_REGISTRY_ECDSA_CLASSES(LIST_ENTRY) };
static const pqs_sig_class *const pqc_group[] = { PQS_REGISTRY_PQC_CLASSES(LIST_ENTRY) };
static const pqs_sig_class *const composite_group[] = { PQS_REGISTRY_COMPOSITE_CLASSES(LIST_ENTRY) };
#define COUNT(a) (sizeof(a) / sizeof(a)[0])

static void check_sizes(const pqs_sig_class *c)
{
	TU_CHECK(c->name && c->name[0] && strlen(c->name) < 64, "class name length");
	TU_CHECK(c->family && c->family[0], "%s family", c->name);
	TU_CHECK(c->pk_len > 0 && c->sk_len > 0 && c->sig_max_len > 0, "%s sizes are positive", c->name);
	TU_CHECK(c->keygen && c->sign && c->verify, "%s methods", c->name);
	TU_CHECK(c->security_level <= 5, "%s security level", c->name);
	/* Optional slots: the prepared-key ones all or none (release only with them); digest ones in pairs. */
	TU_CHECK(!c->prepared_len == !c->prepare && !c->prepare == !c->verify_prepared && (!c->release || c->prepare),
	         "%s prepared-key slots", c->name);
	TU_CHECK(c->prepared_len % sizeof(uint16_t) == 0, "%s prepared length %zu", c->name, c->prepared_len);
	TU_CHECK(!c->sign_digest == !c->verify_digest, "%s digest slots", c->name);
	if (c->flags & PQS_SIG_COMPOSITE) {
		const pqs_sig_class *a = NULL, *b = NULL;
		TU_CHECK(pqs_composite_parts(c, &a, &b) == PQS_OK && a && b, "%s parts", c->name);
		if (!a || !b)
			return;
		TU_CHECK(c->pk_len == a->pk_len + b->pk_len, "%s pk = %zu + %zu", c->name, a->pk_len, b->pk_len);
		TU_CHECK(c->sk_len == a->sk_len + b->sk_len, "%s sk = %zu + %zu", c->name, a->sk_len, b->sk_len);
		TU_CHECK(c->sig_max_len == a->sig_max_len + b->sig_max_len, "%s sig = %zu + %zu", c->name,
		         a->sig_max_len, b->sig_max_len);
		TU_CHECK((a->flags & PQS_SIG_FIXED_LENGTH) && ((c->flags & PQS_SIG_FIXED_LENGTH) != 0) ==
		                                                 ((b->flags & PQS_SIG_FIXED_LENGTH) != 0),
		         "%s fixed length follows its components", c->name);
		TU_CHECK(!(a->flags & PQS_SIG_PQC) && (b->flags & PQS_SIG_PQC), "%s = classical + PQC", c->name);
		TU_CHECK(pqs_sig_find(a->name) == a && pqs_sig_find(b->name) == b, "%s components registered", c->name);
		/* The prepared key is the ECDSA part's, padded to keep alignment, then the PQC part's. */
		TU_CHECK(a->prepared_len == PQS_ECDSA_PREPARED_BYTES && PQS_ECDSA_PREPARED_BYTES % PQS_SIG_PREPARED_ALIGN == 0 &&
		                 c->prepared_len == a->prepared_len + pqs_sig_prepared_len(b),
		         "%s prepared = %zu + %zu", c->name, a->prepared_len, pqs_sig_prepared_len(b));
	}
}

int main(void)
{
	const pqs_sig_class *const *groups[] = { ecdsa_group, pqc_group, composite_group };
	const size_t sizes[] = { COUNT(ecdsa_group), COUNT(pqc_group), COUNT(composite_group) };
	size_t listed = 0;
	for (size_t g = 0; g < 3; g++) {
		for (size_t i = 0; i < sizes[g]; i++) {
			const pqs_sig_class *c = groups[g][i];
			/* The registry is the list, in list order. */
			TU_CHECK(pqs_sig_at(listed) == c, "%s at registry position %zu", c->name, listed);
			TU_CHECK(pqs_sig_find(c->name) == c, "%s reachable by name", c->name);
			TU_CHECK(pqs_sig_find_id(c->id) == c, "%s reachable by id 0x%04x", c->name, c->id);
			check_sizes(c);
			if (g == 1)
				TU_CHECK((c->flags & PQS_SIG_PQC) && !(c->flags & PQS_SIG_COMPOSITE),
				         "%s in the PQC group is post-quantum and not composite", c->name);
			if (g == 0)
				TU_CHECK(!(c->flags & PQS_SIG_PQC), "%s in the ECDSA group is classical", c->name);
			if (g == 2)
				TU_CHECK(c->flags & PQS_SIG_COMPOSITE, "%s in the composite group is composite", c->name);
			listed++;
		}
	}
	TU_CHECK(listed == pqs_sig_count(), "registry holds exactly the listed classes (%zu listed, %zu registered)",
	         listed, pqs_sig_count());
	for (size_t i = 0; i < pqs_sig_count(); i++)
		for (size_t j = i + 1; j < pqs_sig_count(); j++) {
			TU_CHECK(strcasecmp(pqs_sig_at(i)->name, pqs_sig_at(j)->name) != 0, "name %s unique",
			         pqs_sig_at(i)->name);
			TU_CHECK(pqs_sig_at(i)->id != pqs_sig_at(j)->id, "id 0x%04x unique", pqs_sig_at(i)->id);
		}
	return tu_finish("registry list");
}
