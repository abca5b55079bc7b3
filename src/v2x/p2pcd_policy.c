/*
 * Sender certificate-inclusion policies (issue 18) and their defaults.
 * The clause-8 timer values are not fixed by IEEE 1609.2 (they are
 * management parameters); the defaults below are ours, docs/v2x.md says
 * why.
 */
#include <string.h>
#include <strings.h>

#include "p2pcd_internal.h"

static const char *const policy_names[] = { "j2945", "cert", "digest", "rsu" };

int pqs_v2x_policy_parse(const char *name, v2x_policy *out)
{
	for (size_t i = 0; name && out && i < sizeof policy_names / sizeof policy_names[0]; i++)
		if (strcasecmp(name, policy_names[i]) == 0) {
			*out = (v2x_policy)i;
			return V2X_OK;
		}
	return name && out ? V2X_ERR_UNKNOWN_ALG : V2X_ERR_ARG;
}

const char *pqs_v2x_policy_name(v2x_policy p)
{
	return (unsigned)p < sizeof policy_names / sizeof policy_names[0] ? policy_names[p] : "?";
}

void pqs_v2x_p2pcd_config_default(v2x_p2pcd_config *c, v2x_policy policy, v2x_p2pcd_flavour flavour)
{
	memset(c, 0, sizeof *c);
	c->policy = policy;
	c->flavour = flavour;
	c->cert_interval_us = 1000000;          /* J2945/1: the certificate once per second */
	c->neighbour_timeout_us = 5000000;      /* 50 missed BSMs at 10 Hz: the neighbour left */
	c->max_response_backoff_us = 250000;    /* spreads answers over 2.5 BSM periods */
	c->response_active_timeout_us = 500000; /* one answer per half second per certificate: under the
	                                            request timeout, so a repeated request is answered */
	c->request_active_timeout_us = 1000000; /* re-ask after 10 BSMs without an answer */
	c->max_pending = 32;
	c->max_pending_bytes = 256u * 1024u;
	c->pending_timeout_us = 2000000; /* two request rounds */
	c->max_validations_per_id = 3;
	c->cache_capacity = 256;
	c->max_known = 64;
	c->is_rsu = 0;
}

int pqs_p2pcd_policy_attach(const v2x_p2pcd_config *cfg, uint64_t now_us, int ever, uint64_t last_cert_us, int forced)
{
	switch (cfg->policy) {
	case V2X_POLICY_CERT:
		return 1;
	case V2X_POLICY_J2945:
		return !ever || forced || now_us - last_cert_us >= cfg->cert_interval_us;
	default:
		return 0; /* digest, answered by P2PCD */
	}
}

int pqs_p2pcd_policy_answers_for_others(const v2x_p2pcd_config *cfg)
{
	return cfg->is_rsu || cfg->policy == V2X_POLICY_DIGEST;
}
