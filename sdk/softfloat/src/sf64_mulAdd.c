/* binary64 fused multiply-add a*b + c with a single rounding (IEEE 754 fusedMultiplyAdd).
 * The exact product (106 bits) and c are aligned in 128-bit integers; bits shifted out of the
 * smaller addend are jammed into a sticky bit, which is exact enough because a shifted operand
 * either loses nothing or is far below the rounding point of the larger one. */
#include "sf_internal.h"

static inline sf_u128 shr_jam128(sf_u128 a, unsigned n)
{
    sf_u128 r;
    if (n == 0) return a;
    if (n < 64) {
        r.lo = (a.hi << (64 - n)) | (a.lo >> n) | ((a.lo << (64 - n)) != 0);
        r.hi = a.hi >> n;
    } else if (n < 128) {
        unsigned m = n - 64;
        uint64_t lost = m ? (a.hi << (64 - m)) | a.lo : a.lo;
        r.lo = (m ? a.hi >> m : a.hi) | (lost != 0);
        r.hi = 0;
    } else {
        r.lo = (a.hi | a.lo) != 0;
        r.hi = 0;
    }
    return r;
}

static inline sf_u128 shl128(sf_u128 a, unsigned n) /* n < 128 */
{
    sf_u128 r;
    if (n == 0) return a;
    if (n < 64) {
        r.hi = (a.hi << n) | (a.lo >> (64 - n));
        r.lo = a.lo << n;
    } else {
        r.hi = a.lo << (n - 64);
        r.lo = 0;
    }
    return r;
}

uint64_t sf64_mulAdd(uint64_t a, uint64_t b, uint64_t c)
{
    unsigned signP = SF64_SIGN(a ^ b), signC = SF64_SIGN(c);
    int_fast32_t expA = SF64_EXP(a), expB = SF64_EXP(b), expC = SF64_EXP(c);
    uint64_t sigA = SF64_FRAC(a), sigB = SF64_FRAC(b), sigC = SF64_FRAC(c);
    bool zeroA = expA == 0 && sigA == 0, zeroB = expB == 0 && sigB == 0;
    bool infA = expA == 0x7FF && sigA == 0, infB = expB == 0x7FF && sigB == 0;

    if (SF_UNLIKELY(SF64_ISNAN(a) || SF64_ISNAN(b) || SF64_ISNAN(c)))
        return sf64_propagate_nan3(a, b, c, (infA && zeroB) || (zeroA && infB));
    if (SF_UNLIKELY(infA || infB)) {
        if (zeroA || zeroB) return sf64_invalid();                      /* inf * 0 */
        if (expC == 0x7FF && signC != signP) return sf64_invalid();    /* inf - inf */
        return SF64_PACK(signP, 0x7FF, 0);
    }
    if (expC == 0x7FF) return c;
    if (zeroA || zeroB) {
        /* Exact zero product: the sum is c, or a signed zero when c is zero too. */
        if (expC == 0 && sigC == 0) {
            if (signP == signC) return c;
            return SF64_PACK(softfloat_roundingMode == softfloat_round_min, 0, 0);
        }
        return c;
    }
    if (expA == 0) { int s = sf64_norm_shift(sigA); sigA <<= s; expA = 1 - s; }
    if (expB == 0) { int s = sf64_norm_shift(sigB); sigB <<= s; expB = 1 - s; }
    sigA |= SF64_HIDDEN;
    sigB |= SF64_HIDDEN;

    /* Both addends as X * 2^(s - 1147), where a 53-bit significand at bit 124 has s = its
     * biased exponent: product P = sigA*sigB << 20 (leading bit at 124 or 125). */
    sf_u128 p = shl128(sf_mul64x64(sigA, sigB), 20);
    int_fast32_t sP = expA + expB - 0x3FF;
    if (expC == 0 && sigC == 0) {
        /* Only the product: take its top bits with a sticky bit and round once. */
        uint64_t sig = (p.hi << 1) | (p.lo >> 63) | ((p.lo << 1) != 0); /* bits 126..63 */
        return sf64_norm_round_pack(signP, sP, sig);
    }
    if (expC == 0) { int s = sf64_norm_shift(sigC); sigC <<= s; expC = 1 - s; }
    sigC |= SF64_HIDDEN;
    sf_u128 x = { sigC << 8, 0 }; /* sigC << 72 */
    int_fast32_t sZ;
    if (sP >= expC) {
        x = shr_jam128(x, (unsigned)(sP - expC));
        sZ = sP;
    } else {
        p = shr_jam128(p, (unsigned)(expC - sP));
        sZ = expC;
    }
    sf_u128 z;
    unsigned sign = signP;
    if (signP == signC) {
        z.lo = p.lo + x.lo;
        z.hi = p.hi + x.hi + (z.lo < p.lo);
    } else {
        z.lo = p.lo - x.lo;
        z.hi = p.hi - x.hi - (p.lo < x.lo);
        if (z.hi >> 63) { /* |c| > |a*b|: negate */
            z.lo = ~z.lo + 1;
            z.hi = ~z.hi + (z.lo == 0);
            sign ^= 1;
        }
        if ((z.hi | z.lo) == 0) return SF64_PACK(softfloat_roundingMode == softfloat_round_min, 0, 0);
    }
    /* Move the leading bit to 126 (z < 2^127), keep the top 64 bits plus sticky. */
    int lead = z.hi ? 63 - sf_clz64(z.hi) + 64 : 63 - sf_clz64(z.lo);
    unsigned shift = (unsigned)(126 - lead);
    z = shl128(z, shift);
    sZ -= (int_fast32_t)shift;
    return sf64_round_pack(sign, sZ + 1, z.hi | (z.lo != 0));
}
