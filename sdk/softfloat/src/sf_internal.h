/* Internal helpers shared by the SoftFloat sources: field access, shifts with a sticky bit, the
 * round-and-pack steps and NaN handling. Everything here avoids 64-bit division so that the
 * freestanding PowerPC build needs no compiler runtime.
 *
 * Working-significand conventions (value = sig * 2^(exp - bias - fraction bits - guard bits)):
 *  binary64: sig has its leading 1 at bit 62 and 10 round bits below the 53-bit significand;
 *            `exp` is the biased exponent minus 1, so pack = sign | exp<<52 + (sig>>10) lets the
 *            hidden bit carry into the exponent field (also when rounding overflows a binade).
 *  binary32: leading 1 at bit 30, 7 round bits, same exponent rule.
 */
#ifndef PIMNIC_SF_INTERNAL_H
#define PIMNIC_SF_INTERNAL_H

#include "softfloat.h"

#define SF64_SIGN(u) ((unsigned)((u) >> 63))
#define SF64_EXP(u)  ((int_fast16_t)((u) >> 52) & 0x7FF)
#define SF64_FRAC(u) ((u) & UINT64_C(0x000FFFFFFFFFFFFF))
#define SF64_PACK(s, e, f) (((uint64_t)(s) << 63) + ((uint64_t)(e) << 52) + (f))
#define SF64_HIDDEN UINT64_C(0x0010000000000000)
#define SF64_INF UINT64_C(0x7FF0000000000000)
#define SF64_QUIET UINT64_C(0x0008000000000000)
#define SF64_ISNAN(u) (((u) & ~(UINT64_C(1) << 63)) > SF64_INF)

#define SF32_SIGN(u) ((unsigned)((u) >> 31))
#define SF32_EXP(u)  ((int_fast16_t)((u) >> 23) & 0xFF)
#define SF32_FRAC(u) ((u) & UINT32_C(0x007FFFFF))
#define SF32_PACK(s, e, f) (((uint32_t)(s) << 31) + ((uint32_t)(e) << 23) + (f))
#define SF32_HIDDEN UINT32_C(0x00800000)
#define SF32_INF UINT32_C(0x7F800000)
#define SF32_QUIET UINT32_C(0x00400000)
#define SF32_ISNAN(u) (((u) & 0x7FFFFFFFu) > SF32_INF)

#define SF_LIKELY(x)   __builtin_expect(!!(x), 1)
#define SF_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* Shift right, OR-ing every bit shifted out into bit 0 ("jamming"), any count >= 0. On 32-bit
 * targets it is written on the two halves: the compiler's generic 64-bit shift sequences cost
 * twice as much, and this is on the path of every f64 add. */
static inline uint64_t sf_shr_jam64(uint64_t a, unsigned n)
{
#if UINTPTR_MAX == 0xFFFFFFFFu
    uint32_t hi = (uint32_t)(a >> 32), lo = (uint32_t)a;
    if (n < 32) {
        if (n == 0) return a;
        uint32_t sticky = (lo << (32 - n)) != 0;
        lo = (lo >> n) | (hi << (32 - n)) | sticky;
        hi >>= n;
    } else if (n < 64) {
        unsigned m = n - 32;
        uint32_t lost = m ? lo | (hi << (32 - m)) : lo;
        lo = (m ? hi >> m : hi) | (lost != 0);
        hi = 0;
    } else {
        return a != 0;
    }
    return (uint64_t)hi << 32 | lo;
#else
    if (n == 0) return a;
    if (n >= 64) return a != 0;
    return (a >> n) | ((a << (64 - n)) != 0);
#endif
}
static inline uint32_t sf_shr_jam32(uint32_t a, unsigned n)
{
    if (n == 0) return a;
    if (n >= 32) return a != 0;
    return (a >> n) | ((a << (32 - n)) != 0);
}

static inline int sf_clz64(uint64_t a) { return __builtin_clzll(a); } /* a != 0 */
static inline int sf_clz32(uint32_t a) { return __builtin_clz(a); }   /* a != 0 */

/* 32x32->64 multiply: one mullw + one mulhwu on PowerPC, never a library call. */
static inline uint64_t sf_mul32(uint32_t a, uint32_t b) { return (uint64_t)a * b; }

/* A 128-bit unsigned value as two halves (no __int128 on 32-bit PowerPC). */
typedef struct { uint64_t hi, lo; } sf_u128;

/* Full 64x64->128 product from four 32x32 products. */
static inline sf_u128 sf_mul64x64(uint64_t a, uint64_t b)
{
    uint32_t aH = (uint32_t)(a >> 32), aL = (uint32_t)a, bH = (uint32_t)(b >> 32), bL = (uint32_t)b;
    uint64_t ll = sf_mul32(aL, bL), lh = sf_mul32(aL, bH), hl = sf_mul32(aH, bL), hh = sf_mul32(aH, bH);
    uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
    sf_u128 r;
    r.lo = (mid << 32) | (uint32_t)ll;
    r.hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    return r;
}

/* Long division producing up to k = clz(d) quotient bits per step: q = floor(r * 2^nbits / d) and
 * *rem = the remainder, for r < d and 2^52 <= d < 2^60 (no 64-bit divide instruction on 32-bit
 * PowerPC). Each digit comes from a 32-bit hardware divide of the top half of the partial
 * remainder by the top half of d rounded up: never too large, and at most 2 too small (the
 * error is below 2^k / 2^20), which the subtraction loop corrects. */
static inline uint64_t sf_div_bits(uint64_t r, uint64_t d, unsigned nbits, uint64_t* rem)
{
    unsigned kmax = (unsigned)sf_clz64(d);
    uint32_t dh = (uint32_t)(d >> 32) + 1;
    uint64_t q = 0;
    while (nbits) {
        unsigned k = nbits < kmax ? nbits : kmax;
        r <<= k;
        uint32_t digit = (uint32_t)(r >> 32) / dh;
        r -= (uint64_t)digit * d;
        while (r >= d) {
            r -= d;
            ++digit;
        }
        q = (q << k) | digit;
        nbits -= k;
    }
    *rem = r;
    return q;
}

/* Normalise a non-zero subnormal fraction: returns the shift that puts its leading 1 on the
 * hidden-bit position; the significand's exponent becomes 1 - shift. */
static inline int sf64_norm_shift(uint64_t frac) { return sf_clz64(frac) - 11; }
static inline int sf32_norm_shift(uint32_t frac) { return sf_clz32(frac) - 8; }

/* Rounding and packing (IEEE 754-2008 clause 4.3 rounding, 7.4 overflow, 7.5 underflow), inline
 * so the hot operations (add, mul) need no further call. sig: leading 1 at bit 62 (binary64) or
 * 30 (binary32), or any smaller value when exp == 0 and the result is exact in the subnormal
 * range; raises inexact/underflow/overflow. A result that rounds to zero is always in the
 * exp < 0 branch, which has set exp = 0, so packing gives a signed zero. */
#define SF_ALWAYS_INLINE static inline __attribute__((always_inline))
/* Increment added to the round bits before truncation: half for the nearest modes, all-ones
 * below the cut for rounding away from zero, nothing for rounding towards zero. */
static inline uint32_t sf64_round_increment(unsigned sign, uint_fast8_t mode)
{
    if (SF_LIKELY(mode == softfloat_round_near_even || mode == softfloat_round_near_maxMag))
        return 0x200;
    if (mode == (sign ? softfloat_round_min : softfloat_round_max)) return 0x3FF;
    return 0;
}

SF_ALWAYS_INLINE uint64_t sf64_round_pack_inl(unsigned sign, int_fast32_t exp, uint64_t sig)
{
    uint_fast8_t mode = softfloat_roundingMode;
    uint32_t inc = sf64_round_increment(sign, mode);
    unsigned round_bits = (unsigned)sig & 0x3FF;

    if (SF_UNLIKELY((uint_fast32_t)exp >= 0x7FD)) {
        if (exp < 0) {
            /* Below the normal range. Tiny before rounding always; tiny after rounding unless
             * rounding to 53 bits with an unbounded exponent carries up to 2^emin. */
            bool tiny = softfloat_detectTininess == softfloat_tininess_beforeRounding ||
                        exp < -1 || sig + inc < UINT64_C(0x8000000000000000);
            sig = sf_shr_jam64(sig, (unsigned)-exp);
            exp = 0;
            round_bits = (unsigned)sig & 0x3FF;
            if (tiny && round_bits) softfloat_exceptionFlags |= softfloat_flag_underflow;
        } else if (exp > 0x7FD || sig + inc >= UINT64_C(0x8000000000000000)) {
            softfloat_exceptionFlags |= softfloat_flag_overflow | softfloat_flag_inexact;
            /* Directed roundings towards zero stop at the largest finite number. */
            return SF64_PACK(sign, 0x7FF, 0) - (inc == 0);
        }
    }
    if (round_bits) softfloat_exceptionFlags |= softfloat_flag_inexact;
    sig = (sig + inc) >> 10;
    /* Ties to even: an exact half rounded up to an odd value goes back one. */
    if (round_bits == 0x200 && mode == softfloat_round_near_even) sig &= ~(uint64_t)1;
    return SF64_PACK(sign, exp, sig);
}

static inline uint32_t sf32_round_increment(unsigned sign, uint_fast8_t mode)
{
    if (SF_LIKELY(mode == softfloat_round_near_even || mode == softfloat_round_near_maxMag))
        return 0x40;
    if (mode == (sign ? softfloat_round_min : softfloat_round_max)) return 0x7F;
    return 0;
}

SF_ALWAYS_INLINE uint32_t sf32_round_pack_inl(unsigned sign, int_fast32_t exp, uint32_t sig)
{
    uint_fast8_t mode = softfloat_roundingMode;
    uint32_t inc = sf32_round_increment(sign, mode);
    unsigned round_bits = sig & 0x7F;

    if (SF_UNLIKELY((uint_fast32_t)exp >= 0xFD)) {
        if (exp < 0) {
            bool tiny = softfloat_detectTininess == softfloat_tininess_beforeRounding ||
                        exp < -1 || sig + inc < UINT32_C(0x80000000);
            sig = sf_shr_jam32(sig, (unsigned)-exp);
            exp = 0;
            round_bits = sig & 0x7F;
            if (tiny && round_bits) softfloat_exceptionFlags |= softfloat_flag_underflow;
        } else if (exp > 0xFD || sig + inc >= UINT32_C(0x80000000)) {
            softfloat_exceptionFlags |= softfloat_flag_overflow | softfloat_flag_inexact;
            return SF32_PACK(sign, 0xFF, 0) - (inc == 0);
        }
    }
    if (round_bits) softfloat_exceptionFlags |= softfloat_flag_inexact;
    sig = (sig + inc) >> 7;
    if (round_bits == 0x40 && mode == softfloat_round_near_even) sig &= ~(uint32_t)1;
    return SF32_PACK(sign, exp, sig);
}

/* The same, out of line. */
uint64_t sf64_round_pack(unsigned sign, int_fast32_t exp, uint64_t sig);
uint32_t sf32_round_pack(unsigned sign, int_fast32_t exp, uint32_t sig);
/* Normalise any non-zero sig, then round and pack. */
uint64_t sf64_norm_round_pack(unsigned sign, int_fast32_t exp, uint64_t sig);
uint32_t sf32_norm_round_pack(unsigned sign, int_fast32_t exp, uint32_t sig);

/* NaN results (the style-dependent part, sf_nan.c). Each raises invalid when an input is a
 * signalling NaN. Binary: a's NaN wins over b's. */
uint64_t sf64_propagate_nan(uint64_t a, uint64_t b);
uint32_t sf32_propagate_nan(uint32_t a, uint32_t b);
/* Fused multiply-add with at least one NaN input; inf_zero says a*b is inf*0. */
uint64_t sf64_propagate_nan3(uint64_t a, uint64_t b, uint64_t c, bool inf_zero);
uint32_t sf32_propagate_nan3(uint32_t a, uint32_t b, uint32_t c, bool inf_zero);
/* Invalid operation without NaN inputs: raise invalid, return the default NaN. */
uint64_t sf64_invalid(void);
uint32_t sf32_invalid(void);
/* f32<->f64 NaN conversion (keeps sign and the top payload bits, quiets, flags). */
uint64_t sf32_nan_to_f64(uint32_t a);
uint32_t sf64_nan_to_f32(uint64_t a);
/* Results of invalid float->integer conversions: NaN input, or out of range with a sign. */
int32_t  sf_i32_invalid(bool nan, unsigned sign);
int64_t  sf_i64_invalid(bool nan, unsigned sign);
uint32_t sf_ui32_invalid(bool nan, unsigned sign);
uint64_t sf_ui64_invalid(bool nan, unsigned sign);


#endif
