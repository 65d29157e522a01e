/* binary32 IEEE remainder: a - n*b with n = a/b rounded to nearest even; always exact. */
#include "sf_internal.h"

static uint32_t pack_exact(unsigned sign, int_fast32_t e, uint32_t x)
{
    if (x == 0) return SF32_PACK(sign, 0, 0);
    int shift = sf32_norm_shift(x);
    if (e - shift >= 1) return SF32_PACK(sign, e - shift - 1, x << shift);
    if (e >= 1) return SF32_PACK(sign, 0, x << (e - 1));
    return SF32_PACK(sign, 0, x >> (1 - e));
}

uint32_t sf32_rem(uint32_t a, uint32_t b)
{
    unsigned sign = SF32_SIGN(a);
    int_fast32_t expA = SF32_EXP(a), expB = SF32_EXP(b);
    uint32_t sigA = SF32_FRAC(a), sigB = SF32_FRAC(b);

    if (SF_UNLIKELY(expA == 0xFF || expB == 0xFF)) {
        if (SF32_ISNAN(a) || SF32_ISNAN(b)) return sf32_propagate_nan(a, b);
        if (expA == 0xFF) return sf32_invalid();
        return a;
    }
    if (expB == 0) {
        if (sigB == 0) return sf32_invalid();
        int s = sf32_norm_shift(sigB);
        sigB <<= s;
        expB = 1 - s;
    }
    if (expA == 0) {
        if (sigA == 0) return a;
        int s = sf32_norm_shift(sigA);
        sigA <<= s;
        expA = 1 - s;
    }
    sigA |= SF32_HIDDEN;
    sigB |= SF32_HIDDEN;
    int_fast32_t d = expA - expB;
    if (d < -1) return a;

    uint32_t x = sigA, y = sigB;
    int_fast32_t e = expB;
    bool q_odd = false;
    if (d < 0) {
        y <<= 1;
        e -= 1;
    } else {
        if (x >= y) { x -= y; q_odd = true; }
        /* Up to 7 quotient bits per 32-bit hardware divide (x < y < 2^24, x << 7 < 2^31). */
        while (d > 0) {
            int k = d < 7 ? (int)d : 7;
            uint32_t n = x << k;
            uint32_t q = n / y;
            x = n - q * y;
            q_odd = q & 1;
            d -= k;
        }
    }
    if (2 * x > y || (2 * x == y && q_odd)) {
        x = y - x;
        sign ^= 1;
    }
    return pack_exact(sign, e, x);
}
