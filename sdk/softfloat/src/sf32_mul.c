/* binary32 multiplication. */
#include "sf_internal.h"

/* The whole operation; `normal`: both operands are known to be normal (fast path). */
SF_ALWAYS_INLINE uint32_t mul(uint32_t a, uint32_t b, bool normal)
{
    unsigned sign = SF32_SIGN(a ^ b);
    int_fast32_t expA = SF32_EXP(a), expB = SF32_EXP(b);
    uint32_t sigA = SF32_FRAC(a), sigB = SF32_FRAC(b);

    if (!normal && SF_UNLIKELY(expA == 0xFF || expB == 0xFF)) {
        if (SF32_ISNAN(a) || SF32_ISNAN(b)) return sf32_propagate_nan(a, b);
        if ((expA == 0 && sigA == 0) || (expB == 0 && sigB == 0)) return sf32_invalid();
        return SF32_PACK(sign, 0xFF, 0);
    }
    if (!normal && SF_UNLIKELY(expA == 0)) {
        if (sigA == 0) return SF32_PACK(sign, 0, 0);
        int s = sf32_norm_shift(sigA);
        sigA <<= s;
        expA = 1 - s;
    }
    if (!normal && SF_UNLIKELY(expB == 0)) {
        if (sigB == 0) return SF32_PACK(sign, 0, 0);
        int s = sf32_norm_shift(sigB);
        sigB <<= s;
        expB = 1 - s;
    }
    /* 24x24-bit product in [2^46, 2^48); keep 31 bits plus a sticky bit. */
    uint64_t p = sf_mul32(sigA | SF32_HIDDEN, sigB | SF32_HIDDEN);
    uint32_t sig = (uint32_t)(p >> 17) | ((p & 0x1FFFF) != 0);
    int_fast32_t exp = expA + expB - 0x7F;
    if (sig < UINT32_C(0x40000000)) {
        sig <<= 1;
        exp -= 1;
    }
    return sf32_round_pack_inl(sign, exp, sig);
}

static __attribute__((noinline)) uint32_t mul_general(uint32_t a, uint32_t b) { return mul(a, b, false); }

uint32_t sf32_mul(uint32_t a, uint32_t b)
{
    if (SF_UNLIKELY((uint32_t)(SF32_EXP(a) - 1) >= 0xFE || (uint32_t)(SF32_EXP(b) - 1) >= 0xFE))
        return mul_general(a, b);
    return mul(a, b, true);
}
