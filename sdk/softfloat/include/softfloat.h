/* pimnic SoftFloat: IEEE 754 binary32/binary64 arithmetic in software, for cores without an FPU.
 *
 * The API follows the shape of Berkeley SoftFloat 3 (type and function names, the three global
 * state variables and their constant values) so code written against that API builds unchanged.
 * The implementation is pimnic's own. See docs/softfloat.md for the rules (rounding, tininess,
 * flags, NaN propagation, integer results of invalid conversions).
 *
 * Two layers:
 *  - sf32_* / sf64_*: the real functions, on raw IEEE bit patterns (uint32_t / uint64_t). They pass
 *    in registers under every ABI, so the soft-float ABI (__adddf3 ...) and hot loops call these.
 *  - f32_* / f64_*: the SoftFloat 3 style API on float32_t / float64_t, inline wrappers over the
 *    raw layer. (The 32-bit PowerPC SVR4 ABI passes structs by reference; inlining avoids that.)
 *
 * Builds as C or C++, hosted or freestanding.
 */
#ifndef PIMNIC_SOFTFLOAT_H
#define PIMNIC_SOFTFLOAT_H

#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Types ------------------------------------------------------------------------------------ */
typedef struct { uint32_t v; } float32_t;
typedef struct { uint64_t v; } float64_t;

/* ---- Global state (one copy per image; PIM hardware threads share it) ------------------------ */
enum {
    softfloat_round_near_even   = 0, /* roundTiesToEven */
    softfloat_round_minMag      = 1, /* roundTowardZero */
    softfloat_round_min         = 2, /* roundTowardNegative */
    softfloat_round_max         = 3, /* roundTowardPositive */
    softfloat_round_near_maxMag = 4  /* roundTiesToAway */
};
enum {
    softfloat_tininess_beforeRounding = 0,
    softfloat_tininess_afterRounding  = 1
};
enum {
    softfloat_flag_inexact   = 1,
    softfloat_flag_underflow = 2,
    softfloat_flag_overflow  = 4,
    softfloat_flag_infinite  = 8,  /* divide by zero */
    softfloat_flag_invalid   = 16
};

extern uint_fast8_t softfloat_roundingMode;   /* initially near_even */
extern uint_fast8_t softfloat_detectTininess; /* initially as the NaN style's hardware: see docs */
extern uint_fast8_t softfloat_exceptionFlags; /* sticky; cleared only by the caller */

void softfloat_raiseFlags(uint_fast8_t flags);

/* The NaN/invalid-result style compiled in: 0 = PowerPC (default), 1 = x86 SSE. */
extern const int softfloat_nanStyle;

/* ---- Raw layer: binary64 ---------------------------------------------------------------------- */
uint64_t sf64_add(uint64_t a, uint64_t b);
uint64_t sf64_sub(uint64_t a, uint64_t b);
uint64_t sf64_mul(uint64_t a, uint64_t b);
uint64_t sf64_div(uint64_t a, uint64_t b);
uint64_t sf64_rem(uint64_t a, uint64_t b);
uint64_t sf64_sqrt(uint64_t a);
uint64_t sf64_mulAdd(uint64_t a, uint64_t b, uint64_t c); /* a*b+c, one rounding */
uint64_t sf64_roundToInt(uint64_t a, uint_fast8_t mode, bool exact);
bool sf64_eq(uint64_t a, uint64_t b);           /* quiet */
bool sf64_le(uint64_t a, uint64_t b);           /* signaling */
bool sf64_lt(uint64_t a, uint64_t b);           /* signaling */
bool sf64_eq_signaling(uint64_t a, uint64_t b);
bool sf64_le_quiet(uint64_t a, uint64_t b);
bool sf64_lt_quiet(uint64_t a, uint64_t b);
bool sf64_isSignalingNaN(uint64_t a);
uint32_t sf64_to_f32(uint64_t a);
int32_t  sf64_to_i32(uint64_t a, uint_fast8_t mode, bool exact);
int64_t  sf64_to_i64(uint64_t a, uint_fast8_t mode, bool exact);
uint32_t sf64_to_ui32(uint64_t a, uint_fast8_t mode, bool exact);
uint64_t sf64_to_ui64(uint64_t a, uint_fast8_t mode, bool exact);
uint64_t sf_i32_to_f64(int32_t a);
uint64_t sf_i64_to_f64(int64_t a);
uint64_t sf_ui32_to_f64(uint32_t a);
uint64_t sf_ui64_to_f64(uint64_t a);

/* ---- Raw layer: binary32 ---------------------------------------------------------------------- */
uint32_t sf32_add(uint32_t a, uint32_t b);
uint32_t sf32_sub(uint32_t a, uint32_t b);
uint32_t sf32_mul(uint32_t a, uint32_t b);
uint32_t sf32_div(uint32_t a, uint32_t b);
uint32_t sf32_rem(uint32_t a, uint32_t b);
uint32_t sf32_sqrt(uint32_t a);
uint32_t sf32_mulAdd(uint32_t a, uint32_t b, uint32_t c);
uint32_t sf32_roundToInt(uint32_t a, uint_fast8_t mode, bool exact);
bool sf32_eq(uint32_t a, uint32_t b);
bool sf32_le(uint32_t a, uint32_t b);
bool sf32_lt(uint32_t a, uint32_t b);
bool sf32_eq_signaling(uint32_t a, uint32_t b);
bool sf32_le_quiet(uint32_t a, uint32_t b);
bool sf32_lt_quiet(uint32_t a, uint32_t b);
bool sf32_isSignalingNaN(uint32_t a);
uint64_t sf32_to_f64(uint32_t a);
int32_t  sf32_to_i32(uint32_t a, uint_fast8_t mode, bool exact);
int64_t  sf32_to_i64(uint32_t a, uint_fast8_t mode, bool exact);
uint32_t sf32_to_ui32(uint32_t a, uint_fast8_t mode, bool exact);
uint64_t sf32_to_ui64(uint32_t a, uint_fast8_t mode, bool exact);
uint32_t sf_i32_to_f32(int32_t a);
uint32_t sf_i64_to_f32(int64_t a);
uint32_t sf_ui32_to_f32(uint32_t a);
uint32_t sf_ui64_to_f32(uint64_t a);

/* ---- SoftFloat 3 style API -------------------------------------------------------------------- */
#define SF_INLINE static inline
#define SF_W32(x) float32_t z_; z_.v = (x); return z_
#define SF_W64(x) float64_t z_; z_.v = (x); return z_

SF_INLINE float64_t f64_add(float64_t a, float64_t b) { SF_W64(sf64_add(a.v, b.v)); }
SF_INLINE float64_t f64_sub(float64_t a, float64_t b) { SF_W64(sf64_sub(a.v, b.v)); }
SF_INLINE float64_t f64_mul(float64_t a, float64_t b) { SF_W64(sf64_mul(a.v, b.v)); }
SF_INLINE float64_t f64_div(float64_t a, float64_t b) { SF_W64(sf64_div(a.v, b.v)); }
SF_INLINE float64_t f64_rem(float64_t a, float64_t b) { SF_W64(sf64_rem(a.v, b.v)); }
SF_INLINE float64_t f64_sqrt(float64_t a) { SF_W64(sf64_sqrt(a.v)); }
SF_INLINE float64_t f64_mulAdd(float64_t a, float64_t b, float64_t c) { SF_W64(sf64_mulAdd(a.v, b.v, c.v)); }
SF_INLINE float64_t f64_roundToInt(float64_t a, uint_fast8_t m, bool exact) { SF_W64(sf64_roundToInt(a.v, m, exact)); }
SF_INLINE bool f64_eq(float64_t a, float64_t b) { return sf64_eq(a.v, b.v); }
SF_INLINE bool f64_le(float64_t a, float64_t b) { return sf64_le(a.v, b.v); }
SF_INLINE bool f64_lt(float64_t a, float64_t b) { return sf64_lt(a.v, b.v); }
SF_INLINE bool f64_eq_signaling(float64_t a, float64_t b) { return sf64_eq_signaling(a.v, b.v); }
SF_INLINE bool f64_le_quiet(float64_t a, float64_t b) { return sf64_le_quiet(a.v, b.v); }
SF_INLINE bool f64_lt_quiet(float64_t a, float64_t b) { return sf64_lt_quiet(a.v, b.v); }
SF_INLINE bool f64_isSignalingNaN(float64_t a) { return sf64_isSignalingNaN(a.v); }
SF_INLINE float32_t f64_to_f32(float64_t a) { SF_W32(sf64_to_f32(a.v)); }
SF_INLINE int32_t f64_to_i32(float64_t a, uint_fast8_t m, bool x) { return sf64_to_i32(a.v, m, x); }
SF_INLINE int64_t f64_to_i64(float64_t a, uint_fast8_t m, bool x) { return sf64_to_i64(a.v, m, x); }
SF_INLINE uint32_t f64_to_ui32(float64_t a, uint_fast8_t m, bool x) { return sf64_to_ui32(a.v, m, x); }
SF_INLINE uint64_t f64_to_ui64(float64_t a, uint_fast8_t m, bool x) { return sf64_to_ui64(a.v, m, x); }
SF_INLINE int32_t f64_to_i32_r_minMag(float64_t a, bool x) { return sf64_to_i32(a.v, softfloat_round_minMag, x); }
SF_INLINE int64_t f64_to_i64_r_minMag(float64_t a, bool x) { return sf64_to_i64(a.v, softfloat_round_minMag, x); }
SF_INLINE uint32_t f64_to_ui32_r_minMag(float64_t a, bool x) { return sf64_to_ui32(a.v, softfloat_round_minMag, x); }
SF_INLINE uint64_t f64_to_ui64_r_minMag(float64_t a, bool x) { return sf64_to_ui64(a.v, softfloat_round_minMag, x); }
SF_INLINE float64_t i32_to_f64(int32_t a) { SF_W64(sf_i32_to_f64(a)); }
SF_INLINE float64_t i64_to_f64(int64_t a) { SF_W64(sf_i64_to_f64(a)); }
SF_INLINE float64_t ui32_to_f64(uint32_t a) { SF_W64(sf_ui32_to_f64(a)); }
SF_INLINE float64_t ui64_to_f64(uint64_t a) { SF_W64(sf_ui64_to_f64(a)); }

SF_INLINE float32_t f32_add(float32_t a, float32_t b) { SF_W32(sf32_add(a.v, b.v)); }
SF_INLINE float32_t f32_sub(float32_t a, float32_t b) { SF_W32(sf32_sub(a.v, b.v)); }
SF_INLINE float32_t f32_mul(float32_t a, float32_t b) { SF_W32(sf32_mul(a.v, b.v)); }
SF_INLINE float32_t f32_div(float32_t a, float32_t b) { SF_W32(sf32_div(a.v, b.v)); }
SF_INLINE float32_t f32_rem(float32_t a, float32_t b) { SF_W32(sf32_rem(a.v, b.v)); }
SF_INLINE float32_t f32_sqrt(float32_t a) { SF_W32(sf32_sqrt(a.v)); }
SF_INLINE float32_t f32_mulAdd(float32_t a, float32_t b, float32_t c) { SF_W32(sf32_mulAdd(a.v, b.v, c.v)); }
SF_INLINE float32_t f32_roundToInt(float32_t a, uint_fast8_t m, bool exact) { SF_W32(sf32_roundToInt(a.v, m, exact)); }
SF_INLINE bool f32_eq(float32_t a, float32_t b) { return sf32_eq(a.v, b.v); }
SF_INLINE bool f32_le(float32_t a, float32_t b) { return sf32_le(a.v, b.v); }
SF_INLINE bool f32_lt(float32_t a, float32_t b) { return sf32_lt(a.v, b.v); }
SF_INLINE bool f32_eq_signaling(float32_t a, float32_t b) { return sf32_eq_signaling(a.v, b.v); }
SF_INLINE bool f32_le_quiet(float32_t a, float32_t b) { return sf32_le_quiet(a.v, b.v); }
SF_INLINE bool f32_lt_quiet(float32_t a, float32_t b) { return sf32_lt_quiet(a.v, b.v); }
SF_INLINE bool f32_isSignalingNaN(float32_t a) { return sf32_isSignalingNaN(a.v); }
SF_INLINE float64_t f32_to_f64(float32_t a) { SF_W64(sf32_to_f64(a.v)); }
SF_INLINE int32_t f32_to_i32(float32_t a, uint_fast8_t m, bool x) { return sf32_to_i32(a.v, m, x); }
SF_INLINE int64_t f32_to_i64(float32_t a, uint_fast8_t m, bool x) { return sf32_to_i64(a.v, m, x); }
SF_INLINE uint32_t f32_to_ui32(float32_t a, uint_fast8_t m, bool x) { return sf32_to_ui32(a.v, m, x); }
SF_INLINE uint64_t f32_to_ui64(float32_t a, uint_fast8_t m, bool x) { return sf32_to_ui64(a.v, m, x); }
SF_INLINE int32_t f32_to_i32_r_minMag(float32_t a, bool x) { return sf32_to_i32(a.v, softfloat_round_minMag, x); }
SF_INLINE int64_t f32_to_i64_r_minMag(float32_t a, bool x) { return sf32_to_i64(a.v, softfloat_round_minMag, x); }
SF_INLINE uint32_t f32_to_ui32_r_minMag(float32_t a, bool x) { return sf32_to_ui32(a.v, softfloat_round_minMag, x); }
SF_INLINE uint64_t f32_to_ui64_r_minMag(float32_t a, bool x) { return sf32_to_ui64(a.v, softfloat_round_minMag, x); }
SF_INLINE float32_t i32_to_f32(int32_t a) { SF_W32(sf_i32_to_f32(a)); }
SF_INLINE float32_t i64_to_f32(int64_t a) { SF_W32(sf_i64_to_f32(a)); }
SF_INLINE float32_t ui32_to_f32(uint32_t a) { SF_W32(sf_ui32_to_f32(a)); }
SF_INLINE float32_t ui64_to_f32(uint64_t a) { SF_W32(sf_ui64_to_f32(a)); }

#undef SF_W32
#undef SF_W64
#undef SF_INLINE

#ifdef __cplusplus
}
#endif
#endif /* PIMNIC_SOFTFLOAT_H */
