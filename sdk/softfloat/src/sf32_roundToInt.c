/* binary32 roundToIntegral (IEEE 754 clause 5.9); `exact` selects roundToIntegralExact, which
 * raises inexact when the value changes. Works on the bit pattern: adding to it carries from the
 * fraction into the exponent exactly as the value does. */
#include "sf_internal.h"

uint32_t sf32_roundToInt(uint32_t a, uint_fast8_t mode, bool exact)
{
    unsigned sign = SF32_SIGN(a);
    int_fast32_t exp = SF32_EXP(a);

    if (exp <= 0x7E) { /* |a| < 1 */
        if ((a << 1) == 0) return a;
        if (exact) softfloat_exceptionFlags |= softfloat_flag_inexact;
        uint32_t one = SF32_PACK(sign, 0x7F, 0), zero = SF32_PACK(sign, 0, 0);
        switch (mode) {
        case softfloat_round_near_even: return exp == 0x7E && SF32_FRAC(a) ? one : zero;
        case softfloat_round_near_maxMag: return exp == 0x7E ? one : zero;
        case softfloat_round_min: return sign ? one : zero;
        case softfloat_round_max: return sign ? zero : one;
        default: return zero;
        }
    }
    if (exp >= 0x96) { /* already an integer, or inf/NaN */
        if (exp == 0xFF && SF32_FRAC(a)) return sf32_propagate_nan(a, a);
        return a;
    }
    uint32_t last = UINT32_C(1) << (0x96 - exp), mask = last - 1, z = a;
    switch (mode) {
    case softfloat_round_near_even:
        z += last >> 1;
        if ((z & mask) == 0) z &= ~last; /* it was a tie: back to even */
        break;
    case softfloat_round_near_maxMag: z += last >> 1; break;
    case softfloat_round_min: if (sign) z += mask; break;
    case softfloat_round_max: if (!sign) z += mask; break;
    default: break;
    }
    z &= ~mask;
    if (exact && z != a) softfloat_exceptionFlags |= softfloat_flag_inexact;
    return z;
}
