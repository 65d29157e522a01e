/* binary64 multiplication. */
#include "sf_internal.h"

/* The whole operation; `normal`: both operands are known to be normal (fast path). */
SF_ALWAYS_INLINE uint64_t mul(uint64_t a, uint64_t b, bool normal)
{
    unsigned sign = SF64_SIGN(a ^ b);
    int_fast32_t expA = SF64_EXP(a), expB = SF64_EXP(b);
    uint64_t sigA = SF64_FRAC(a), sigB = SF64_FRAC(b);

    if (!normal && SF_UNLIKELY(expA == 0x7FF || expB == 0x7FF)) {
        if (SF64_ISNAN(a) || SF64_ISNAN(b)) return sf64_propagate_nan(a, b);
        /* inf * 0 is invalid; inf * anything else is inf. */
        if ((expA == 0 && sigA == 0) || (expB == 0 && sigB == 0)) return sf64_invalid();
        return SF64_PACK(sign, 0x7FF, 0);
    }
    if (!normal && SF_UNLIKELY(expA == 0)) {
        if (sigA == 0) return SF64_PACK(sign, 0, 0);
        int s = sf64_norm_shift(sigA);
        sigA <<= s;
        expA = 1 - s;
    }
    if (!normal && SF_UNLIKELY(expB == 0)) {
        if (sigB == 0) return SF64_PACK(sign, 0, 0);
        int s = sf64_norm_shift(sigB);
        sigB <<= s;
        expB = 1 - s;
    }
    sigA |= SF64_HIDDEN;
    sigB |= SF64_HIDDEN;
    /* 53x53-bit product P in [2^104, 2^106) from four 32x32 products (sigA, sigB < 2^53, so the
     * high halves have 21 bits and the partial sums cannot overflow). */
    uint32_t aH = (uint32_t)(sigA >> 32), aL = (uint32_t)sigA;
    uint32_t bH = (uint32_t)(sigB >> 32), bL = (uint32_t)sigB;
    uint64_t ll = sf_mul32(aL, bL);
    uint64_t mid = sf_mul32(aL, bH) + sf_mul32(aH, bL);
    uint64_t lo = ll + (mid << 32);
    uint64_t hi = sf_mul32(aH, bH) + (mid >> 32) + (lo < ll);
    /* sig = P >> 43 (leading bit at 61 or 62) with the 43 dropped bits jammed into bit 0. */
    uint64_t sig = (hi << 21) | (lo >> 43) | ((lo & ((UINT64_C(1) << 43) - 1)) != 0);
    int_fast32_t exp = expA + expB - 0x3FF;
    if (sig < UINT64_C(0x4000000000000000)) {
        sig <<= 1;
        exp -= 1;
    }
    return sf64_round_pack_inl(sign, exp, sig);
}

static __attribute__((noinline)) uint64_t mul_general(uint64_t a, uint64_t b) { return mul(a, b, false); }

uint64_t sf64_mul(uint64_t a, uint64_t b)
{
    if (SF_UNLIKELY((uint32_t)(SF64_EXP(a) - 1) >= 0x7FE || (uint32_t)(SF64_EXP(b) - 1) >= 0x7FE))
        return mul_general(a, b);
    return mul(a, b, true);
}
