/* binary64 addition and subtraction (IEEE 754 clause 6.3 signs of zero, 7.2 inf - inf). */
#include "sf_internal.h"

/* |a| + |b| with result sign `sign`. `normal`: both operands are known to be normal numbers
 * (the fast path), so the special cases are compiled out. */
SF_ALWAYS_INLINE uint64_t add_mags(uint64_t a, uint64_t b, unsigned sign, bool normal)
{
    int_fast32_t expA = SF64_EXP(a), expB = SF64_EXP(b);
    uint64_t fracA = SF64_FRAC(a), fracB = SF64_FRAC(b);
    if (!normal && SF_UNLIKELY(expA == 0x7FF || expB == 0x7FF)) {
        if (SF64_ISNAN(a) || SF64_ISNAN(b)) return sf64_propagate_nan(a, b);
        return SF64_PACK(sign, 0x7FF, 0);
    }
    if (expA < expB) {
        int_fast32_t te = expA; expA = expB; expB = te;
        uint64_t tf = fracA; fracA = fracB; fracB = tf;
    }
    int_fast32_t diff = expA - expB;
    if (diff == 0) {
        /* Subnormals add exactly; a carry into the exponent field makes the result normal. */
        if (!normal && expA == 0) return SF64_PACK(sign, 0, fracA + fracB);
        /* Same exponent: the sum of the two hidden bits lands at bit 53 -> bit 62 after <<9. */
        uint64_t sig = (2 * SF64_HIDDEN + fracA + fracB) << 9;
        return sf64_round_pack_inl(sign, expA, sig);
    }
    /* Leading bit of the larger operand at 61 leaves room for the carry. */
    uint64_t sigA = (fracA | SF64_HIDDEN) << 9;
    uint64_t sigB;
    if (!normal && expB == 0) {
        if (fracB == 0) return SF64_PACK(sign, expA, fracA);
        sigB = fracB << 9;
        diff -= 1; /* subnormals have the exponent of the smallest normal */
    } else {
        sigB = (fracB | SF64_HIDDEN) << 9;
    }
    uint64_t sig = sigA + sf_shr_jam64(sigB, (unsigned)diff);
    int_fast32_t exp = expA - 1;
    if (sig < UINT64_C(0x4000000000000000)) { sig <<= 1; } else { exp += 1; }
    return sf64_round_pack_inl(sign, exp, sig);
}

/* |a| - |b|, with `sign` the sign of a (flipped when |b| wins). */
SF_ALWAYS_INLINE uint64_t sub_mags(uint64_t a, uint64_t b, unsigned sign, bool normal)
{
    int_fast32_t expA = SF64_EXP(a), expB = SF64_EXP(b);
    uint64_t fracA = SF64_FRAC(a), fracB = SF64_FRAC(b);
    if (!normal && SF_UNLIKELY(expA == 0x7FF || expB == 0x7FF)) {
        if (SF64_ISNAN(a) || SF64_ISNAN(b)) return sf64_propagate_nan(a, b);
        if (expA == expB) return sf64_invalid(); /* inf - inf */
        return SF64_PACK(sign ^ (expB == 0x7FF), 0x7FF, 0);
    }
    int_fast32_t diff = expA - expB;
    if (diff == 0) {
        /* Equal exponents: the difference is exact (no rounding); normalise and pack. */
        int64_t d = (int64_t)(fracA - fracB);
        if (d == 0) return SF64_PACK(softfloat_roundingMode == softfloat_round_min, 0, 0);
        if (d < 0) { sign ^= 1; d = -d; }
        uint64_t m = (uint64_t)d;
        int_fast32_t e = expA ? expA : 1;
        int shift = sf64_norm_shift(m);
        if (e - shift >= 1) return SF64_PACK(sign, e - shift - 1, m << shift);
        return SF64_PACK(sign, 0, m << (e - 1));
    }
    if (diff < 0) {
        sign ^= 1;
        int_fast32_t te = expA; expA = expB; expB = te;
        uint64_t tf = fracA; fracA = fracB; fracB = tf;
        diff = -diff;
    }
    /* Larger operand's leading bit at 62; a borrow can move it down, and only when diff <= 1
     * (then nothing was shifted out) can it move by more than one place. */
    uint64_t sigA = (fracA | SF64_HIDDEN) << 10;
    uint64_t sigB;
    if (!normal && expB == 0) {
        if (fracB == 0) return SF64_PACK(sign, expA, fracA);
        sigB = fracB << 10;
        diff -= 1;
    } else {
        sigB = (fracB | SF64_HIDDEN) << 10;
    }
    uint64_t sig = sigA - sf_shr_jam64(sigB, (unsigned)diff);
    int shift = sf_clz64(sig) - 1;
    return sf64_round_pack_inl(sign, expA - 1 - shift, sig << shift);
}

/* Any operands; `flip` negates b (subtraction) without touching a NaN's sign. */
static __attribute__((noinline)) uint64_t add_general(uint64_t a, uint64_t b, unsigned flip)
{
    unsigned signA = SF64_SIGN(a);
    if (signA == (SF64_SIGN(b) ^ flip)) return add_mags(a, b, signA, false);
    return sub_mags(a, b, signA, false);
}

static inline bool both_normal(uint64_t a, uint64_t b)
{
    return (uint32_t)(SF64_EXP(a) - 1) < 0x7FE && (uint32_t)(SF64_EXP(b) - 1) < 0x7FE;
}

uint64_t sf64_add(uint64_t a, uint64_t b)
{
    if (SF_UNLIKELY(!both_normal(a, b))) return add_general(a, b, 0);
    unsigned signA = SF64_SIGN(a);
    if (signA == SF64_SIGN(b)) return add_mags(a, b, signA, true);
    return sub_mags(a, b, signA, true);
}

uint64_t sf64_sub(uint64_t a, uint64_t b)
{
    if (SF_UNLIKELY(!both_normal(a, b))) return add_general(a, b, 1);
    unsigned signA = SF64_SIGN(a);
    if (signA != SF64_SIGN(b)) return add_mags(a, b, signA, true);
    return sub_mags(a, b, signA, true);
}
