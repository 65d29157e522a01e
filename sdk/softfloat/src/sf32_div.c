/* binary32 division: the 31-bit quotient in four chunks from 32-bit hardware divides. */
#include "sf_internal.h"

uint32_t sf32_div(uint32_t a, uint32_t b)
{
    unsigned sign = SF32_SIGN(a ^ b);
    int_fast32_t expA = SF32_EXP(a), expB = SF32_EXP(b);
    uint32_t sigA = SF32_FRAC(a), sigB = SF32_FRAC(b);

    if (SF_UNLIKELY(expA == 0xFF || expB == 0xFF)) {
        if (SF32_ISNAN(a) || SF32_ISNAN(b)) return sf32_propagate_nan(a, b);
        if (expA == expB) return sf32_invalid();
        return expA == 0xFF ? SF32_PACK(sign, 0xFF, 0) : SF32_PACK(sign, 0, 0);
    }
    if (SF_UNLIKELY(expB == 0)) {
        if (sigB == 0) {
            if (expA == 0 && sigA == 0) return sf32_invalid();
            softfloat_exceptionFlags |= softfloat_flag_infinite;
            return SF32_PACK(sign, 0xFF, 0);
        }
        int s = sf32_norm_shift(sigB);
        sigB <<= s;
        expB = 1 - s;
    }
    if (SF_UNLIKELY(expA == 0)) {
        if (sigA == 0) return SF32_PACK(sign, 0, 0);
        int s = sf32_norm_shift(sigA);
        sigA <<= s;
        expA = 1 - s;
    }
    sigA |= SF32_HIDDEN;
    sigB |= SF32_HIDDEN;
    int_fast32_t exp = expA - expB + 0x7E;
    if (sigA < sigB) {
        sigA <<= 1;
        exp -= 1;
    }
    /* q = floor(sigA * 2^30 / sigB) in [2^30, 2^31): 6 bits, then three times 8 bits. Every
     * dividend stays below 2^32 because the remainder is below sigB < 2^24. */
    uint32_t n = sigA << 6;
    uint32_t q = n / sigB;
    uint32_t r = n - q * sigB;
    for (int i = 0; i < 3; ++i) {
        n = r << 8;
        uint32_t d = n / sigB;
        r = n - d * sigB;
        q = (q << 8) | d;
    }
    return sf32_round_pack(sign, exp, q | (r != 0));
}
