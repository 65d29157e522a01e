/* binary32 addition and subtraction (IEEE 754 clause 6.3 signs of zero, 7.2 inf - inf). */
#include "sf_internal.h"

/* |a| + |b| with result sign `sign`. `normal`: both operands are known to be normal numbers
 * (the fast path), so the special cases are compiled out. */
SF_ALWAYS_INLINE uint32_t add_mags(uint32_t a, uint32_t b, unsigned sign, bool normal)
{
    int_fast32_t expA = SF32_EXP(a), expB = SF32_EXP(b);
    uint32_t fracA = SF32_FRAC(a), fracB = SF32_FRAC(b);
    if (!normal && SF_UNLIKELY(expA == 0xFF || expB == 0xFF)) {
        if (SF32_ISNAN(a) || SF32_ISNAN(b)) return sf32_propagate_nan(a, b);
        return SF32_PACK(sign, 0xFF, 0);
    }
    if (expA < expB) {
        int_fast32_t te = expA; expA = expB; expB = te;
        uint32_t tf = fracA; fracA = fracB; fracB = tf;
    }
    int_fast32_t diff = expA - expB;
    if (diff == 0) {
        /* Subnormals add exactly; a carry into the exponent field makes the result normal. */
        if (!normal && expA == 0) return SF32_PACK(sign, 0, fracA + fracB);
        /* Same exponent: the sum of the two hidden bits lands at bit 24 -> bit 30 after <<6. */
        uint32_t sig = (2 * SF32_HIDDEN + fracA + fracB) << 6;
        return sf32_round_pack_inl(sign, expA, sig);
    }
    /* Leading bit of the larger operand at 29 leaves room for the carry. */
    uint32_t sigA = (fracA | SF32_HIDDEN) << 6;
    uint32_t sigB;
    if (!normal && expB == 0) {
        if (fracB == 0) return SF32_PACK(sign, expA, fracA);
        sigB = fracB << 6;
        diff -= 1; /* subnormals have the exponent of the smallest normal */
    } else {
        sigB = (fracB | SF32_HIDDEN) << 6;
    }
    uint32_t sig = sigA + sf_shr_jam32(sigB, (unsigned)diff);
    int_fast32_t exp = expA - 1;
    if (sig < UINT32_C(0x40000000)) { sig <<= 1; } else { exp += 1; }
    return sf32_round_pack_inl(sign, exp, sig);
}

/* |a| - |b|, with `sign` the sign of a (flipped when |b| wins). */
SF_ALWAYS_INLINE uint32_t sub_mags(uint32_t a, uint32_t b, unsigned sign, bool normal)
{
    int_fast32_t expA = SF32_EXP(a), expB = SF32_EXP(b);
    uint32_t fracA = SF32_FRAC(a), fracB = SF32_FRAC(b);
    if (!normal && SF_UNLIKELY(expA == 0xFF || expB == 0xFF)) {
        if (SF32_ISNAN(a) || SF32_ISNAN(b)) return sf32_propagate_nan(a, b);
        if (expA == expB) return sf32_invalid(); /* inf - inf */
        return SF32_PACK(sign ^ (expB == 0xFF), 0xFF, 0);
    }
    int_fast32_t diff = expA - expB;
    if (diff == 0) {
        /* Equal exponents: the difference is exact (no rounding); normalise and pack. */
        int32_t d = (int32_t)(fracA - fracB);
        if (d == 0) return SF32_PACK(softfloat_roundingMode == softfloat_round_min, 0, 0);
        if (d < 0) { sign ^= 1; d = -d; }
        uint32_t m = (uint32_t)d;
        int_fast32_t e = expA ? expA : 1;
        int shift = sf32_norm_shift(m);
        if (e - shift >= 1) return SF32_PACK(sign, e - shift - 1, m << shift);
        return SF32_PACK(sign, 0, m << (e - 1));
    }
    if (diff < 0) {
        sign ^= 1;
        int_fast32_t te = expA; expA = expB; expB = te;
        uint32_t tf = fracA; fracA = fracB; fracB = tf;
        diff = -diff;
    }
    /* Larger operand's leading bit at 30; a borrow can move it down, and only when diff <= 1
     * (then nothing was shifted out) can it move by more than one place. */
    uint32_t sigA = (fracA | SF32_HIDDEN) << 7;
    uint32_t sigB;
    if (!normal && expB == 0) {
        if (fracB == 0) return SF32_PACK(sign, expA, fracA);
        sigB = fracB << 7;
        diff -= 1;
    } else {
        sigB = (fracB | SF32_HIDDEN) << 7;
    }
    uint32_t sig = sigA - sf_shr_jam32(sigB, (unsigned)diff);
    int shift = sf_clz32(sig) - 1;
    return sf32_round_pack_inl(sign, expA - 1 - shift, sig << shift);
}

/* Any operands; `flip` negates b (subtraction) without touching a NaN's sign. */
static __attribute__((noinline)) uint32_t add_general(uint32_t a, uint32_t b, unsigned flip)
{
    unsigned signA = SF32_SIGN(a);
    if (signA == (SF32_SIGN(b) ^ flip)) return add_mags(a, b, signA, false);
    return sub_mags(a, b, signA, false);
}

static inline bool both_normal(uint32_t a, uint32_t b)
{
    return (uint32_t)(SF32_EXP(a) - 1) < 0xFE && (uint32_t)(SF32_EXP(b) - 1) < 0xFE;
}

uint32_t sf32_add(uint32_t a, uint32_t b)
{
    if (SF_UNLIKELY(!both_normal(a, b))) return add_general(a, b, 0);
    unsigned signA = SF32_SIGN(a);
    if (signA == SF32_SIGN(b)) return add_mags(a, b, signA, true);
    return sub_mags(a, b, signA, true);
}

uint32_t sf32_sub(uint32_t a, uint32_t b)
{
    if (SF_UNLIKELY(!both_normal(a, b))) return add_general(a, b, 1);
    unsigned signA = SF32_SIGN(a);
    if (signA != SF32_SIGN(b)) return add_mags(a, b, signA, true);
    return sub_mags(a, b, signA, true);
}
