/* Rounding an exact-or-sticky working significand to binary64/binary32 and packing it
 * (IEEE 754-2008 clause 4.3 rounding, 7.4 overflow, 7.5 underflow). */
#include "sf_internal.h"

/* Increment added to the round bits before truncation: half for the nearest modes, all-ones
 * below the cut for rounding away from zero, nothing for rounding towards zero. */
static inline uint64_t round_increment64(unsigned sign, uint_fast8_t mode)
{
    if (SF_LIKELY(mode == softfloat_round_near_even || mode == softfloat_round_near_maxMag))
        return 0x200;
    if (mode == (sign ? softfloat_round_min : softfloat_round_max)) return 0x3FF;
    return 0;
}

uint64_t sf64_round_pack(unsigned sign, int_fast32_t exp, uint64_t sig)
{
    uint_fast8_t mode = softfloat_roundingMode;
    uint64_t inc = round_increment64(sign, mode);
    unsigned round_bits = (unsigned)sig & 0x3FF;

    if (SF_UNLIKELY((uint_fast32_t)exp >= 0x7FD)) {
        if (exp < 0) {
            /* Below the normal range. Tiny before rounding always; tiny after rounding unless
             * rounding to 53 bits with an unbounded exponent carries up to 2^emin. */
            bool tiny = softfloat_detectTininess == softfloat_tininess_beforeRounding ||
                        exp < -1 || sig + inc < UINT64_C(0x8000000000000000);
            sig = sf_shr_jam64(sig, (unsigned)-exp);
            exp = 0;
            round_bits = (unsigned)sig & 0x3FF;
            if (tiny && round_bits) softfloat_exceptionFlags |= softfloat_flag_underflow;
        } else if (exp > 0x7FD || sig + inc >= UINT64_C(0x8000000000000000)) {
            softfloat_exceptionFlags |= softfloat_flag_overflow | softfloat_flag_inexact;
            /* Directed roundings towards zero stop at the largest finite number. */
            return SF64_PACK(sign, 0x7FF, 0) - (inc == 0);
        }
    }
    if (round_bits) softfloat_exceptionFlags |= softfloat_flag_inexact;
    sig = (sig + inc) >> 10;
    /* Ties to even: an exact half rounded up to an odd value goes back one. */
    if (round_bits == 0x200 && mode == softfloat_round_near_even) sig &= ~(uint64_t)1;
    if (sig == 0) exp = 0;
    return SF64_PACK(sign, exp, sig);
}

uint64_t sf64_norm_round_pack(unsigned sign, int_fast32_t exp, uint64_t sig)
{
    int shift = sf_clz64(sig) - 1;
    return sf64_round_pack(sign, exp - shift, sig << shift);
}

static inline uint32_t round_increment32(unsigned sign, uint_fast8_t mode)
{
    if (SF_LIKELY(mode == softfloat_round_near_even || mode == softfloat_round_near_maxMag))
        return 0x40;
    if (mode == (sign ? softfloat_round_min : softfloat_round_max)) return 0x7F;
    return 0;
}

uint32_t sf32_round_pack(unsigned sign, int_fast32_t exp, uint32_t sig)
{
    uint_fast8_t mode = softfloat_roundingMode;
    uint32_t inc = round_increment32(sign, mode);
    unsigned round_bits = sig & 0x7F;

    if (SF_UNLIKELY((uint_fast32_t)exp >= 0xFD)) {
        if (exp < 0) {
            bool tiny = softfloat_detectTininess == softfloat_tininess_beforeRounding ||
                        exp < -1 || sig + inc < UINT32_C(0x80000000);
            sig = sf_shr_jam32(sig, (unsigned)-exp);
            exp = 0;
            round_bits = sig & 0x7F;
            if (tiny && round_bits) softfloat_exceptionFlags |= softfloat_flag_underflow;
        } else if (exp > 0xFD || sig + inc >= UINT32_C(0x80000000)) {
            softfloat_exceptionFlags |= softfloat_flag_overflow | softfloat_flag_inexact;
            return SF32_PACK(sign, 0xFF, 0) - (inc == 0);
        }
    }
    if (round_bits) softfloat_exceptionFlags |= softfloat_flag_inexact;
    sig = (sig + inc) >> 7;
    if (round_bits == 0x40 && mode == softfloat_round_near_even) sig &= ~(uint32_t)1;
    if (sig == 0) exp = 0;
    return SF32_PACK(sign, exp, sig);
}

uint32_t sf32_norm_round_pack(unsigned sign, int_fast32_t exp, uint32_t sig)
{
    int shift = sf_clz32(sig) - 1;
    return sf32_round_pack(sign, exp - shift, sig << shift);
}
