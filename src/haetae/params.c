/*
 * HAETAE v1.1.2 parameter sets (specification Table "Parameters", reference
 * params.h).  The real bounds B0, B1, B2 and GAMMA of the specification enter
 * the reference through double expressions truncated to integers; the
 * integers below are those truncations (computed once in IEEE-754 binary64):
 *   b*sq             = (uint64_t)(B * B)
 *   gamma_sq_n       = floor(GAMMA * GAMMA * N)  (keygen rejects sv > it)
 *   hyperball_scale  = (uint64_t)(B0 * LN + sqrt(N * M) / 2) << (28 - 13)
 */
#include "haetae/inner.h"

/*
 * Newton iteration start values for 1/sqrt(x) in fixed point 2^-76 (HAETAE
 * hyperball sampler): round(2^76 / sqrt(n)^3) and round(2^76 * 3/2 /
 * sqrt(n)) with n = (K + L) * N + 2 Gaussian samples.
 */
#define FP96(lo, hi) { { (lo), (hi) } }

/*
 * rANS frequency tables (scale 2^10) of the hint h and of HighBits(z1)
 * (reference encoding.c).  Hint symbols are h in [0, cut] and
 * h - offset for h > cut + offset, cut = (symbols - 1) / 2; high-bits
 * symbols are HighBits(z1) + offset.
 */
static const uint16_t freq_h2[] = { 382, 246, 65, 7, 1, 1, 1, 1, 1, 1, 7, 65, 246 };
static const uint16_t freq_hb2[] = { 1, 1, 1, 5, 58, 246, 398, 247, 59, 5, 1, 1, 1 };
static const uint16_t freq_h3[] = { 266, 213, 113, 40, 9, 1, 1, 1, 1, 1, 1, 1, 1, 9, 40, 113, 213 };
static const uint16_t freq_hb3[] = { 1, 1, 1, 1, 8, 37, 112, 216, 269, 216, 112, 38, 8, 1, 1, 1, 1 };
static const uint16_t freq_h5[] = { 122, 117, 102, 81, 59, 39, 23, 13, 6, 3, 1, 1, 1, 1, 1, 1, 1,
                                    1,   1,   1,   1,  1,  1,  1,  3,  6,  13, 24, 39, 59, 81, 102, 118 };
static const uint16_t freq_hb5[] = { 1, 1, 1, 1, 2, 13, 48, 118, 204, 245, 204, 118, 48, 14, 2, 1, 1, 1, 1 };

#define NSYM(t) ((unsigned)(sizeof(t) / sizeof((t)[0])))

static const pqs_haetae_params params2 = {
	.set = PQS_HAETAE_2, .k = 2, .l = 4, .m = 3, .tau = 58, .d = 1,
	.b0sq = 96944109u, .b1sq = 96805527u, .b2sq = 163265017u,
	.gamma_sq_n = 611098, .hyperball_scale = UINT64_C(2643021496320),
	.alpha_hint = 512, .log_alpha_hint = 9,
	.base_enc_hb_z1 = 132, .base_enc_h = 7,
	.polyq_bytes = 480, .pk_bytes = PQS_HAETAE2_PUBLICKEY_BYTES, .sk_bytes = PQS_HAETAE2_SECRETKEY_BYTES,
	.sig_bytes = PQS_HAETAE2_SIGNATURE_BYTES,
	.newton_start_cube = FP96(UINT64_C(0x770077e2e41a), UINT64_C(0x1162)),
	.newton_start_threehalves = FP96(UINT64_C(0x693861ad937b), UINT64_C(0x9caa56)),
	.rans_h = { freq_h2, NSYM(freq_h2), 239 },
	.rans_hb_z1 = { freq_hb2, NSYM(freq_hb2), 6 },
};

static const pqs_haetae_params params3 = {
	.set = PQS_HAETAE_3, .k = 3, .l = 6, .m = 5, .tau = 80, .d = 1,
	.b0sq = 335438492u, .b1sq = 335171879u, .b2sq = 479901314u,
	.gamma_sq_n = 852505, .hyperball_scale = UINT64_C(4916390789120),
	.alpha_hint = 512, .log_alpha_hint = 9,
	.base_enc_hb_z1 = 376, .base_enc_h = 127,
	.polyq_bytes = 480, .pk_bytes = PQS_HAETAE3_PUBLICKEY_BYTES, .sk_bytes = PQS_HAETAE3_SECRETKEY_BYTES,
	.sig_bytes = PQS_HAETAE3_SIGNATURE_BYTES,
	.newton_start_cube = FP96(UINT64_C(0x1a2935cfae68), UINT64_C(0x978)),
	.newton_start_threehalves = FP96(UINT64_C(0x7ad215218533), UINT64_C(0x7ff1c9)),
	.rans_h = { freq_h3, NSYM(freq_h3), 235 },
	.rans_hb_z1 = { freq_hb3, NSYM(freq_hb3), 8 },
};

static const pqs_haetae_params params5 = {
	.set = PQS_HAETAE_5, .k = 4, .l = 7, .m = 6, .tau = 128, .d = 0,
	.b0sq = 499239142u, .b1sq = 498849991u, .b2sq = 597386433u,
	.gamma_sq_n = 778065, .hyperball_scale = UINT64_C(5997831421952),
	.alpha_hint = 256, .log_alpha_hint = 8,
	.base_enc_hb_z1 = 501, .base_enc_h = 358,
	.polyq_bytes = 512, .pk_bytes = PQS_HAETAE5_PUBLICKEY_BYTES, .sk_bytes = PQS_HAETAE5_SECRETKEY_BYTES,
	.sig_bytes = PQS_HAETAE5_SIGNATURE_BYTES,
	.newton_start_cube = FP96(UINT64_C(0x700ff3e8890d), UINT64_C(0x702)),
	.newton_start_threehalves = FP96(UINT64_C(0x5768588eed31), UINT64_C(0x73bd40)),
	.rans_h = { freq_h5, NSYM(freq_h5), 471 },
	.rans_hb_z1 = { freq_hb5, NSYM(freq_hb5), 9 },
};

const pqs_haetae_params *pqs_haetae_params_get(pqs_haetae_set set)
{
	switch (set) {
	case PQS_HAETAE_2:
		return &params2;
	case PQS_HAETAE_3:
		return &params3;
	case PQS_HAETAE_5:
		return &params5;
	}
	return NULL;
}

size_t pqs_haetae_pk_bytes(pqs_haetae_set set)
{
	const pqs_haetae_params *p = pqs_haetae_params_get(set);
	return p ? p->pk_bytes : 0;
}

size_t pqs_haetae_sk_bytes(pqs_haetae_set set)
{
	const pqs_haetae_params *p = pqs_haetae_params_get(set);
	return p ? p->sk_bytes : 0;
}

size_t pqs_haetae_sig_bytes(pqs_haetae_set set)
{
	const pqs_haetae_params *p = pqs_haetae_params_get(set);
	return p ? p->sig_bytes : 0;
}
