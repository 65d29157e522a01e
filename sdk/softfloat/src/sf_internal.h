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

/* Shift right, OR-ing every bit shifted out into bit 0 ("jamming"), any count >= 0. */
static inline uint64_t sf_shr_jam64(uint64_t a, unsigned n)
{
    if (n == 0) return a;
    if (n >= 64) return a != 0;
    return (a >> n) | ((a << (64 - n)) != 0);
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

/* Normalise a non-zero subnormal fraction: returns the shift that puts its leading 1 on the
 * hidden-bit position; the significand's exponent becomes 1 - shift. */
static inline int sf64_norm_shift(uint64_t frac) { return sf_clz64(frac) - 11; }
static inline int sf32_norm_shift(uint32_t frac) { return sf_clz32(frac) - 8; }

/* Round sig (leading 1 at bit 62, or any smaller value when exp == 0 and the result is exact in
 * the subnormal range) and pack; raises inexact/underflow/overflow. */
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

/* Magnitude add/subtract cores shared by add and sub (sf64_addsub.c, sf32_addsub.c). */
uint64_t sf64_add_mags(uint64_t a, uint64_t b, unsigned sign);
uint64_t sf64_sub_mags(uint64_t a, uint64_t b, unsigned sign);
uint32_t sf32_add_mags(uint32_t a, uint32_t b, unsigned sign);
uint32_t sf32_sub_mags(uint32_t a, uint32_t b, unsigned sign);

/* Round a value |v| = sig * 2^-guard to an integer under `mode` for conversions: returns the
 * rounded magnitude and sets *inexact. sig < 2^64, guard <= 63. */
uint64_t sf_round_to_int_mag(uint64_t sig, unsigned guard, unsigned sign, uint_fast8_t mode,
                             bool *inexact, bool *carry);

#endif
