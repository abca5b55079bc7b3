/*
 * pqs_sig_count / pqs_sig_at / pqs_sig_find / pqs_sig_find_id over the
 * registry list linked into the program (all.c or pqc.c).  Compiled into
 * each registry component beside its list, so the core depends on no list.
 */
#include "pqsig/sig.h"

size_t pqs_sig_count(void)
{
	return pqs_sig_registry.count;
}

const pqs_sig_class *pqs_sig_at(size_t i)
{
	return i < pqs_sig_registry.count ? pqs_sig_registry.classes[i] : NULL;
}

const pqs_sig_class *pqs_sig_find(const char *name)
{
	return pqs_sig_list_find(&pqs_sig_registry, name);
}

const pqs_sig_class *pqs_sig_find_id(uint16_t id)
{
	return pqs_sig_list_find_id(&pqs_sig_registry, id);
}
