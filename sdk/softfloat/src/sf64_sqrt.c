/* binary64 square root: digit-by-digit integer square root (two radicand bits per step). */
#include "sf_internal.h"

uint64_t sf64_sqrt(uint64_t a)
{
    unsigned sign = SF64_SIGN(a);
    int_fast32_t exp = SF64_EXP(a);
    uint64_t sig = SF64_FRAC(a);

    if (SF_UNLIKELY(exp == 0x7FF)) {
        if (sig) return sf64_propagate_nan(a, a);
        if (sign) return sf64_invalid();
        return a;
    }
    if (sign) {
        if (exp == 0 && sig == 0) return a; /* sqrt(-0) = -0 */
        return sf64_invalid();
    }
    if (exp == 0) {
        if (sig == 0) return a;
        int s = sf64_norm_shift(sig);
        sig <<= s;
        exp = 1 - s;
    }
    sig |= SF64_HIDDEN;
    /* a = sig * 2^t; make t even so the root's exponent is t/2. */
    int_fast32_t t = exp - 1075;
    if (t & 1) {
        sig <<= 1;
        t -= 1;
    }
    /* root = floor(sqrt(sig * 2^58)) lies in [2^55, 2^56): 53 bits, 3 guard bits, and the
     * remainder tells whether the root is exact (sticky). */
    uint64_t rem = 0, root = 0;
    for (int i = 55; i >= 0; --i) {
        unsigned pos = 2 * (unsigned)i;
        uint64_t two = pos >= 58 ? (sig >> (pos - 58)) & 3 : 0;
        rem = (rem << 2) | two;
        uint64_t trial = (root << 2) | 1;
        root <<= 1;
        if (rem >= trial) {
            rem -= trial;
            root |= 1;
        }
    }
    return sf64_round_pack(0, (t - 58) / 2 + 1077, (root << 7) | (rem != 0));
}
