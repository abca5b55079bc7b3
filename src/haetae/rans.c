/*
 * rANS entropy coding of the signature parts HighBits(z1) and h (HAETAE
 * v1.1.2 section "Encoding" and PackSig / UnpackSig (Algorithms 25-26); byte-wise rANS of ryg_rans
 * with 31-bit state, L = 2^23, 10-bit frequencies).
 *
 * The encoder works backwards over the values and fails (the signer then
 * restarts) exactly where the reference does: a value outside the model,
 * or an output longer than count - 4 bytes before the final flush.  The
 * encoding uses exact division, which the reference's reciprocal
 * multiplication reproduces exactly.
 *
 * The decoder is strict: the initial state must be normalised, every state
 * after renormalisation must be in [L, 2^31) (a canonical stream never runs
 * out of bytes early), the final state must be L and every input byte must
 * be consumed.  These are the only streams the encoder produces, so the
 * decoder accepts nothing the reference rejects and no second encoding of
 * the same values.  Decoding only runs on public signatures.
 */
#include "haetae/inner.h"

#define RANS_L (UINT32_C(1) << 23)
#define RANS_SCALE_BITS 10
#define RANS_SCALE (1u << RANS_SCALE_BITS)

/* Largest alphabet of the three sets (the HAETAE-5 hint). */
#define RANS_MAX_SYMBOLS 33

/* start[s] = freq[0] + ... + freq[s - 1], the cumulative frequencies of the model. */
static void model_starts(const haetae_rans_model *model, uint32_t start[RANS_MAX_SYMBOLS + 1])
{
	start[0] = 0;
	for (unsigned s = 0; s < model->symbols; s++)
		start[s + 1] = start[s] + model->freq[s];
}

/* Value -> symbol; -1 if the model does not encode the value. */
static int value_to_symbol(const haetae_rans_model *model, int is_hint, int32_t v)
{
	int32_t s;
	if (is_hint) {
		int32_t cut = (int32_t)(model->symbols - 1) >> 1;
		if (v < 0 || (v > cut && v <= cut + model->offset))
			return -1;
		s = v > cut + model->offset ? v - model->offset : v;
	} else {
		s = v + model->offset;
	}
	return (s >= 0 && s < (int32_t)model->symbols) ? (int)s : -1;
}

static int32_t symbol_to_value(const haetae_rans_model *model, int is_hint, unsigned s)
{
	if (is_hint)
		return (int32_t)s > ((int32_t)(model->symbols - 1) >> 1) ? (int32_t)s + model->offset : (int32_t)s;
	return (int32_t)s - model->offset;
}

size_t pqs_haetae_rans_encode(const haetae_rans_model *model, int is_hint, uint8_t *out, size_t out_cap,
                              const int32_t *values, size_t count)
{
	/* The reference encodes into a count-byte buffer from its end. */
	uint8_t buf[HAETAE_L_MAX * HAETAE_N];
	uint32_t starts[RANS_MAX_SYMBOLS + 1];
	size_t pos = count;
	uint32_t x = RANS_L;
	if (count > sizeof buf || model->symbols > RANS_MAX_SYMBOLS)
		return 0;
	model_starts(model, starts);
	for (size_t i = count; i-- > 0;) {
		int s = value_to_symbol(model, is_hint, values[i]);
		if (s < 0)
			return 0;
		uint32_t freq = model->freq[s], start = starts[s];
		uint32_t x_max = ((RANS_L >> RANS_SCALE_BITS) << 8) * freq;
		while (x >= x_max) {
			buf[--pos] = (uint8_t)x;
			x >>= 8;
		}
		x = ((x / freq) << RANS_SCALE_BITS) + (x % freq) + start;
		if (pos < 4)
			return 0;
	}
	pos -= 4;
	buf[pos] = (uint8_t)x;
	buf[pos + 1] = (uint8_t)(x >> 8);
	buf[pos + 2] = (uint8_t)(x >> 16);
	buf[pos + 3] = (uint8_t)(x >> 24);
	size_t len = count - pos;
	if (len > out_cap)
		return 0;
	for (size_t i = 0; i < len; i++)
		out[i] = buf[pos + i];
	return len;
}

int pqs_haetae_rans_decode(const haetae_rans_model *model, int is_hint, int32_t *values, size_t count,
                           const uint8_t *in, size_t in_len)
{
	uint32_t starts[RANS_MAX_SYMBOLS + 1];
	uint8_t slot_symbol[RANS_SCALE]; /* the symbol whose interval holds each slot (public data) */
	size_t pos = 4;
	if (model->symbols > RANS_MAX_SYMBOLS)
		return PQS_ERR_ARG;
	if (in_len < 4)
		return PQS_ERR_SIG_ENCODING; /* truncated: no initial state */
	model_starts(model, starts);
	for (unsigned s = 0; s < model->symbols; s++)
		for (uint32_t slot = starts[s]; slot < starts[s + 1]; slot++)
			slot_symbol[slot] = (uint8_t)s;
	uint32_t x = (uint32_t)in[0] | ((uint32_t)in[1] << 8) | ((uint32_t)in[2] << 16) | ((uint32_t)in[3] << 24);
	if (x < RANS_L || x >= (RANS_L << 8))
		return PQS_ERR_SIG_ENCODING; /* initial state out of range */
	for (size_t i = 0; i < count; i++) {
		uint32_t slot = x & (RANS_SCALE - 1);
		unsigned s = slot_symbol[slot]; /* frequencies sum to RANS_SCALE: every slot is covered */
		values[i] = symbol_to_value(model, is_hint, s);
		x = model->freq[s] * (x >> RANS_SCALE_BITS) + slot - starts[s];
		while (x < RANS_L && pos < in_len)
			x = (x << 8) | in[pos++];
		if (x < RANS_L)
			return PQS_ERR_SIG_ENCODING; /* stream ends before its symbols */
	}
	if (x != RANS_L || pos != in_len)
		return PQS_ERR_SIG_ENCODING; /* final state or length not canonical */
	return PQS_OK;
}
