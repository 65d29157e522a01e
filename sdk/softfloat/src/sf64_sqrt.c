/* binary64 square root: integer Newton iteration on the significand, exact final check. */
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
    /* root = floor(sqrt(N)), N = sig * 2^58, lies in [2^55, 2^56): 53 bits, 3 guard bits, and
     * whether N - root^2 is zero (sticky). First a 16-bit root of N's top 32 bits, digit by
     * digit in 32-bit registers; then integer Newton steps x = (x + N/x) / 2 from above (each
     * stays >= floor(sqrt(N)) and doubles the correct bits); then an exact square check. */
    uint32_t top = (uint32_t)(sig >> 22); /* N >> 80 */
    uint32_t rem32 = 0, s16 = 0;
    for (int i = 15; i >= 0; --i) {
        rem32 = (rem32 << 2) | ((top >> (2 * i)) & 3);
        uint32_t trial = (s16 << 2) | 1;
        uint32_t take = 0u - (uint32_t)(rem32 >= trial); /* branch-free: the bit is data */
        rem32 -= trial & take;
        s16 = (s16 << 1) | (take & 1);
    }
    uint64_t root = (uint64_t)(s16 + 1) << 40; /* >= sqrt(N) */
    for (int step = 0; step < 2; ++step) {
        uint64_t r;
        root = (root + sf_div_bits(sig, root, 58, &r)) >> 1;
    }
    sf_u128 sq = sf_mul64x64(root, root);
    uint64_t nhi = sig >> 6, nlo = sig << 58;
    while (sq.hi > nhi || (sq.hi == nhi && sq.lo > nlo)) { /* root too big: step down */
        uint64_t twice = 2 * root - 1;                    /* (root-1)^2 = root^2 - (2 root - 1) */
        sq.hi -= (sq.lo < twice);
        sq.lo -= twice;
        --root;
    }
    bool inexact = sq.hi != nhi || sq.lo != nlo;
    return sf64_round_pack(0, (t - 58) / 2 + 1077, (root << 7) | inexact);
}
