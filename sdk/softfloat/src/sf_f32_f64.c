/* binary32 <-> binary64 conversions (IEEE 754 clause 5.4.2). Widening is exact. */
#include "sf_internal.h"

uint64_t sf32_to_f64(uint32_t a)
{
    unsigned sign = SF32_SIGN(a);
    int_fast32_t exp = SF32_EXP(a);
    uint32_t frac = SF32_FRAC(a);
    if (exp == 0xFF) return frac ? sf32_nan_to_f64(a) : SF64_PACK(sign, 0x7FF, 0);
    if (exp == 0) {
        if (frac == 0) return SF64_PACK(sign, 0, 0);
        int s = sf32_norm_shift(frac);
        frac = (frac << s) & ~SF32_HIDDEN;
        exp = 1 - s;
    }
    return SF64_PACK(sign, exp + 0x380, (uint64_t)frac << 29);
}

uint32_t sf64_to_f32(uint64_t a)
{
    unsigned sign = SF64_SIGN(a);
    int_fast32_t exp = SF64_EXP(a);
    uint64_t frac = SF64_FRAC(a);
    if (exp == 0x7FF) return frac ? sf64_nan_to_f32(a) : SF32_PACK(sign, 0xFF, 0);
    if (exp == 0) {
        if (frac == 0) return SF32_PACK(sign, 0, 0);
        exp = 1; /* far below binary32's range: only sticky bits survive */
    } else {
        frac |= SF64_HIDDEN;
    }
    /* 53-bit significand -> leading bit at 30 with sticky; value = sig * 2^(exp32 - 156). */
    uint32_t sig = (uint32_t)sf_shr_jam64(frac, 22);
    return sf32_round_pack(sign, exp - 897, sig);
}
