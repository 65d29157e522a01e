/* binary32 fused multiply-add a*b + c with a single rounding, in 64-bit integers: the exact
 * 48-bit product and c aligned with a sticky bit (see sf64_mulAdd.c for why that is exact). */
#include "sf_internal.h"

uint32_t sf32_mulAdd(uint32_t a, uint32_t b, uint32_t c)
{
    unsigned signP = SF32_SIGN(a ^ b), signC = SF32_SIGN(c);
    int_fast32_t expA = SF32_EXP(a), expB = SF32_EXP(b), expC = SF32_EXP(c);
    uint32_t sigA = SF32_FRAC(a), sigB = SF32_FRAC(b), sigC = SF32_FRAC(c);
    bool zeroA = expA == 0 && sigA == 0, zeroB = expB == 0 && sigB == 0;
    bool infA = expA == 0xFF && sigA == 0, infB = expB == 0xFF && sigB == 0;

    if (SF_UNLIKELY(SF32_ISNAN(a) || SF32_ISNAN(b) || SF32_ISNAN(c)))
        return sf32_propagate_nan3(a, b, c, (infA && zeroB) || (zeroA && infB));
    if (SF_UNLIKELY(infA || infB)) {
        if (zeroA || zeroB) return sf32_invalid();
        if (expC == 0xFF && signC != signP) return sf32_invalid();
        return SF32_PACK(signP, 0xFF, 0);
    }
    if (expC == 0xFF) return c;
    if (zeroA || zeroB) {
        if (expC == 0 && sigC == 0) {
            if (signP == signC) return c;
            return SF32_PACK(softfloat_roundingMode == softfloat_round_min, 0, 0);
        }
        return c;
    }
    if (expA == 0) { int s = sf32_norm_shift(sigA); sigA <<= s; expA = 1 - s; }
    if (expB == 0) { int s = sf32_norm_shift(sigB); sigB <<= s; expB = 1 - s; }

    /* Addends as X * 2^(s - 187): a 24-bit significand at bit 60 has s = its biased exponent;
     * the product sigA*sigB << 14 has its leading bit at 60 or 61. */
    uint64_t p = sf_mul32(sigA | SF32_HIDDEN, sigB | SF32_HIDDEN) << 14;
    int_fast32_t sP = expA + expB - 0x7F;
    if (expC == 0 && sigC == 0) {
        uint32_t sig = (uint32_t)(p >> 31) | ((p & 0x7FFFFFFF) != 0);
        return sf32_norm_round_pack(signP, sP, sig);
    }
    if (expC == 0) { int s = sf32_norm_shift(sigC); sigC <<= s; expC = 1 - s; }
    uint64_t x = (uint64_t)(sigC | SF32_HIDDEN) << 37;
    int_fast32_t sZ;
    if (sP >= expC) {
        x = sf_shr_jam64(x, (unsigned)(sP - expC));
        sZ = sP;
    } else {
        p = sf_shr_jam64(p, (unsigned)(expC - sP));
        sZ = expC;
    }
    unsigned sign = signP;
    uint64_t z;
    if (signP == signC) {
        z = p + x;
    } else {
        z = p - x;
        if (z >> 63) {
            z = -z;
            sign ^= 1;
        }
        if (z == 0) return SF32_PACK(softfloat_roundingMode == softfloat_round_min, 0, 0);
    }
    /* Leading bit to 62, keep the top 32 bits plus sticky. */
    int shift = sf_clz64(z) - 1;
    z <<= shift;
    sZ -= shift;
    return sf32_round_pack(sign, sZ + 1, (uint32_t)(z >> 32) | ((uint32_t)z != 0));
}
