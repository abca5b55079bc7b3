/*
 * `pqsig bench v2x`: the seed's V2X table measured through the real
 * IEEE 1609.2 stack (include/pqsig/v2x.h), shared by the CLI
 * (bench/bench_v2x.c) and the report section (tools/report_v2x_bench.c).
 */
#ifndef PQSIG_BENCH_V2X_H
#define PQSIG_BENCH_V2X_H

#include <stddef.h>

#include "bench.h"

/* The seed's profiles, in the order of its table. */
#define BENCH_V2X_N_SEED 8
extern const char *const bench_v2x_seed_profiles[BENCH_V2X_N_SEED];

/* The 1609 WG July 2026 proposal's CA profiles (SLH-DSA CAs; `--profiles wg1609`). */
#define BENCH_V2X_N_WG1609 8
extern const char *const bench_v2x_wg1609_profiles[BENCH_V2X_N_WG1609];

typedef struct {
	char profile[64];
	int available;               /* 0: a scheme of the profile is not registered (skipped) */
	size_t spdu_bytes;           /* certificate-signed SPDU, 100-byte payload */
	size_t spdu_digest_bytes;    /* the same with a digest signer (HashedId8 of the vehicle certificate) */
	size_t frags_1400, frags_2302;
	bench_stats sign;                    /* full SPDU signing: build, hash, sign, encode (key prepared once) */
	double sign_per_s, sign_plain_per_s; /* SPDU signing per CPU second, key prepared once / decoded per SPDU */
	double openssl_sign_per_s;           /* OpenSSL ECDSA P-256 signing (EVP, key loaded), same rounds */
	bench_spread sign_to_openssl, sign_plain_to_openssl; /* per-round ratios to OpenSSL's signing */
	double sign_margin_pct;      /* 100 * (1 - p99 / 100 ms) */
	unsigned chain_len;          /* certificates from the vehicle to the root: 2, or 3 with an intermediate CA */
	bench_stats ca_sign;         /* CPU time of the issuing CA per vehicle certificate (pqs_v2x_cert_issue) */
	/* one core, SPDUs per second */
	double verify_cold_per_s;    /* no verified-certificate cache: CA signature + message signature */
	double verify_warm_per_s;    /* warm cache: message signature only */
	double bare_cold_per_s;      /* signature core alone: CA check + message check */
	double bare_warm_per_s;      /* signature core alone: message check */
	double bare_prepared_warm_per_s;            /* the same with the key prepared once (pqs_sig_prepare) */
	bench_spread warm_to_bare_prepared;         /* warm SPDUs/s over bare prepared checks/s, per round */
	size_t cache_entry_bytes, cache_slot_bytes; /* verified-certificate cache: per vehicle, of which the slot */
	double overhead_cold, overhead_warm; /* 1 - SPDUs/s / bare checks/s: median of rounds measured back to back */
	double checks_cold, checks_warm;     /* signature checks per SPDU the stack reported */
	double decode_us;                    /* pqs_v2x_spdu_decode alone (no cryptography), CPU microseconds */
	double cert_id_us;           /* HashedId8 of the attached certificate (computed for every SPDU) */
	/* all cores */
	unsigned threads;
	double verify_cold_all_per_s, verify_warm_all_per_s;
	double ratio_to_ecdsa;       /* cold SPDUs/s over the ECDSA profile's, as in the seed: median of rounds */
	double ratio_warm_to_ecdsa;
	bench_spread ratio_spread, ratio_warm_spread; /* per-round ratios, ECDSA profile verified in the same round */
	/* duplicate detector (v2x_replay, BENCH_V2X_REPLAY_* bounds) */
	size_t replay_memory;        /* bytes of the detector, fixed at creation */
	unsigned replays_sent;       /* POOL SPDUs verified, then each sent again */
	unsigned replays_accepted_off, replays_accepted_on; /* of those, accepted without / with the detector */
	double verify_warm_dedup_per_s; /* warm, detector on, every SPDU new to it */
	double replay_reject_per_s;  /* warm, detector on, every SPDU a replay (rejected) */
} bench_v2x_result;

/* The detector the benchmark measures: 256 signers, 600 digests each (10 Hz over a 60 s window). */
#define BENCH_V2X_REPLAY_SIGNERS 256
#define BENCH_V2X_REPLAY_PER_SIGNER 600

/*
 * Measure profiles (names as pqs_v2x_profile_parse takes them).  The ECDSA
 * profile is always measured as the ratio base (ecdsa gets its result).
 * quick: the `make report` budget.  y gets OpenSSL's ECDSA P-256 rates.
 * Returns 0 or CLI_ERROR (message printed).
 */
/* `pqsig bench v2x [--profiles P1,P2,...] [--json] [--quick]`. */
int bench_v2x_main(int argc, char **argv);

int bench_v2x_collect(const char *const *profiles, size_t n, int quick, bench_v2x_result *res,
                      bench_v2x_result *ecdsa, bench_yardstick *y);

#endif
