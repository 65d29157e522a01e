/* binary32 square root: digit-by-digit integer square root (two radicand bits per step). */
#include "sf_internal.h"

uint32_t sf32_sqrt(uint32_t a)
{
    unsigned sign = SF32_SIGN(a);
    int_fast32_t exp = SF32_EXP(a);
    uint32_t sig = SF32_FRAC(a);

    if (SF_UNLIKELY(exp == 0xFF)) {
        if (sig) return sf32_propagate_nan(a, a);
        if (sign) return sf32_invalid();
        return a;
    }
    if (sign) {
        if (exp == 0 && sig == 0) return a;
        return sf32_invalid();
    }
    if (exp == 0) {
        if (sig == 0) return a;
        int s = sf32_norm_shift(sig);
        sig <<= s;
        exp = 1 - s;
    }
    sig |= SF32_HIDDEN;
    int_fast32_t t = exp - 150;
    if (t & 1) {
        sig <<= 1;
        t -= 1;
    }
    /* root = floor(sqrt(sig * 2^30)) in [2^26, 2^28): 24 bits, at least 3 guard bits, sticky. */
    uint32_t rem = 0, root = 0;
    for (int i = 27; i >= 0; --i) {
        unsigned pos = 2 * (unsigned)i;
        uint32_t two = pos >= 30 ? (sig >> (pos - 30)) & 3 : 0;
        rem = (rem << 2) | two;
        uint32_t trial = (root << 2) | 1;
        uint32_t take = 0u - (uint32_t)(rem >= trial); /* branch-free: the bit is data */
        rem -= trial & take;
        root = (root << 1) | (take & 1);
    }
    /* value = root * 2^((t-30)/2) = (root << 2) * 2^(exp - 156) for exp = (t-30)/2 + 154;
     * norm_round_pack moves the leading bit to 30. */
    return sf32_norm_round_pack(0, (t - 30) / 2 + 154, (root << 2) | (rem != 0));
}
