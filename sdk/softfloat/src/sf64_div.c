/* binary64 division: long division, 11 quotient bits per step (sf_div_bits). */
#include "sf_internal.h"

uint64_t sf64_div(uint64_t a, uint64_t b)
{
    unsigned sign = SF64_SIGN(a ^ b);
    int_fast32_t expA = SF64_EXP(a), expB = SF64_EXP(b);
    uint64_t sigA = SF64_FRAC(a), sigB = SF64_FRAC(b);

    if (SF_UNLIKELY(expA == 0x7FF || expB == 0x7FF)) {
        if (SF64_ISNAN(a) || SF64_ISNAN(b)) return sf64_propagate_nan(a, b);
        if (expA == expB) return sf64_invalid();           /* inf / inf */
        return expA == 0x7FF ? SF64_PACK(sign, 0x7FF, 0)   /* inf / x */
                             : SF64_PACK(sign, 0, 0);      /* x / inf */
    }
    if (SF_UNLIKELY(expB == 0)) {
        if (sigB == 0) {
            if (expA == 0 && sigA == 0) return sf64_invalid(); /* 0 / 0 */
            softfloat_exceptionFlags |= softfloat_flag_infinite;
            return SF64_PACK(sign, 0x7FF, 0);
        }
        int s = sf64_norm_shift(sigB);
        sigB <<= s;
        expB = 1 - s;
    }
    if (SF_UNLIKELY(expA == 0)) {
        if (sigA == 0) return SF64_PACK(sign, 0, 0);
        int s = sf64_norm_shift(sigA);
        sigA <<= s;
        expA = 1 - s;
    }
    sigA |= SF64_HIDDEN;
    sigB |= SF64_HIDDEN;
    int_fast32_t exp = expA - expB + 0x3FE;
    if (sigA < sigB) {
        sigA <<= 1;
        exp -= 1;
    }
    /* q = floor(sigA * 2^62 / sigB), in [2^62, 2^63): the leading 1 (sigA >= sigB), then 62 bits
     * in chunks of 11 from 32-bit hardware divides. */
    uint64_t r;
    uint64_t q = (UINT64_C(1) << 62) | sf_div_bits(sigA - sigB, sigB, 62, &r);
    return sf64_round_pack(sign, exp, q | (r != 0));
}
