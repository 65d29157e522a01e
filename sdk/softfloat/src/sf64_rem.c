/* binary64 IEEE remainder: a - n*b with n = a/b rounded to nearest even; always exact. */
#include "sf_internal.h"

/* Pack the exact value x * 2^(e - 1075), x < 2^53, known to be representable. */
static uint64_t pack_exact(unsigned sign, int_fast32_t e, uint64_t x)
{
    if (x == 0) return SF64_PACK(sign, 0, 0);
    int shift = sf64_norm_shift(x);
    if (e - shift >= 1) return SF64_PACK(sign, e - shift - 1, x << shift);
    if (e >= 1) return SF64_PACK(sign, 0, x << (e - 1));
    return SF64_PACK(sign, 0, x >> (1 - e));
}

uint64_t sf64_rem(uint64_t a, uint64_t b)
{
    unsigned sign = SF64_SIGN(a);
    int_fast32_t expA = SF64_EXP(a), expB = SF64_EXP(b);
    uint64_t sigA = SF64_FRAC(a), sigB = SF64_FRAC(b);

    if (SF_UNLIKELY(expA == 0x7FF || expB == 0x7FF)) {
        if (SF64_ISNAN(a) || SF64_ISNAN(b)) return sf64_propagate_nan(a, b);
        if (expA == 0x7FF) return sf64_invalid(); /* inf rem x */
        return a;                                 /* x rem inf = x */
    }
    if (expB == 0) {
        if (sigB == 0) return sf64_invalid(); /* x rem 0 */
        int s = sf64_norm_shift(sigB);
        sigB <<= s;
        expB = 1 - s;
    }
    if (expA == 0) {
        if (sigA == 0) return a;
        int s = sf64_norm_shift(sigA);
        sigA <<= s;
        expA = 1 - s;
    }
    sigA |= SF64_HIDDEN;
    sigB |= SF64_HIDDEN;
    int_fast32_t d = expA - expB;
    if (d < -1) return a; /* |a| < |b|/2 */

    /* Work in units of 2^(e-1075): x = |a| mod |b| (truncated quotient's parity in q_odd). */
    uint64_t x = sigA, y = sigB;
    int_fast32_t e = expB;
    bool q_odd = false;
    if (d < 0) {
        y <<= 1;
        e -= 1;
    } else {
        if (x >= y) { x -= y; q_odd = true; }
        /* x = x * 2^d mod y, 11 bits per step (sf_div_bits); the last quotient digit's parity
         * is the truncated quotient's. */
        while (d > 0) {
            unsigned k = d < 44 ? (unsigned)d : 44;
            q_odd = sf_div_bits(x, y, k, &x) & 1;
            d -= (int_fast32_t)k;
        }
    }
    /* Round the quotient to nearest, ties to even: past half of |b| the remainder flips sign. */
    if (2 * x > y || (2 * x == y && q_odd)) {
        x = y - x;
        sign ^= 1;
    }
    return pack_exact(sign, e, x);
}
