/* NaN results and invalid-conversion results: the only place where the two styles differ.
 *
 * Both styles (IEEE 754 leaves these choices to the implementation):
 *  - a signalling NaN input raises invalid; a NaN result is always quiet (quiet bit set);
 *  - two-operand operations return the first operand's NaN if it is one, else the second's;
 *  - conversions keep the sign and the top payload bits.
 * PowerPC style (default; the PowerPC FPU of pimnic's host core, Power ISA Book I):
 *  - default NaN 0x7FF8000000000000 / 0x7FC00000;
 *  - a*b+c picks the first NaN in the order a, c, b (frA, frB, frC of fmadd frA*frC+frB) and
 *    raises invalid for inf*0 even when c is a quiet NaN;
 *  - invalid float->int conversions saturate (fctiw/fctid/fctiwu/fctidu): NaN gives the most
 *    negative signed value or unsigned 0, out-of-range values the nearest bound.
 * x86 SSE style (the test reference):
 *  - default NaN 0xFFF8000000000000 / 0xFFC00000 ("real indefinite");
 *  - a*b+c picks the first NaN in the order a, b, c (vfmadd231 with a, b as multiplicands) and
 *    inf*0 + quiet NaN is not invalid;
 *  - invalid conversions give the "integer indefinite": 0x80000000... signed, all ones unsigned.
 */
#include "sf_internal.h"

#if SOFTFLOAT_NAN_STYLE_X86
#define DEFAULT_NAN64 UINT64_C(0xFFF8000000000000)
#define DEFAULT_NAN32 UINT32_C(0xFFC00000)
#else
#define DEFAULT_NAN64 UINT64_C(0x7FF8000000000000)
#define DEFAULT_NAN32 UINT32_C(0x7FC00000)
#endif

static inline bool snan64(uint64_t u) { return SF64_ISNAN(u) && !(u & SF64_QUIET); }
static inline bool snan32(uint32_t u) { return SF32_ISNAN(u) && !(u & SF32_QUIET); }

bool sf64_isSignalingNaN(uint64_t a) { return snan64(a); }
bool sf32_isSignalingNaN(uint32_t a) { return snan32(a); }

uint64_t sf64_invalid(void)
{
    softfloat_exceptionFlags |= softfloat_flag_invalid;
    return DEFAULT_NAN64;
}
uint32_t sf32_invalid(void)
{
    softfloat_exceptionFlags |= softfloat_flag_invalid;
    return DEFAULT_NAN32;
}

uint64_t sf64_propagate_nan(uint64_t a, uint64_t b)
{
    if (snan64(a) || snan64(b)) softfloat_exceptionFlags |= softfloat_flag_invalid;
    return (SF64_ISNAN(a) ? a : b) | SF64_QUIET;
}
uint32_t sf32_propagate_nan(uint32_t a, uint32_t b)
{
    if (snan32(a) || snan32(b)) softfloat_exceptionFlags |= softfloat_flag_invalid;
    return (SF32_ISNAN(a) ? a : b) | SF32_QUIET;
}

uint64_t sf64_propagate_nan3(uint64_t a, uint64_t b, uint64_t c, bool inf_zero)
{
    bool invalid = snan64(a) || snan64(b) || snan64(c);
#if SOFTFLOAT_NAN_STYLE_X86
    uint64_t first = SF64_ISNAN(a) ? a : SF64_ISNAN(b) ? b : c;
#else
    invalid |= inf_zero;
    uint64_t first = SF64_ISNAN(a) ? a : SF64_ISNAN(c) ? c : b;
#endif
    if (invalid) softfloat_exceptionFlags |= softfloat_flag_invalid;
    return first | SF64_QUIET;
}
uint32_t sf32_propagate_nan3(uint32_t a, uint32_t b, uint32_t c, bool inf_zero)
{
    bool invalid = snan32(a) || snan32(b) || snan32(c);
#if SOFTFLOAT_NAN_STYLE_X86
    uint32_t first = SF32_ISNAN(a) ? a : SF32_ISNAN(b) ? b : c;
#else
    invalid |= inf_zero;
    uint32_t first = SF32_ISNAN(a) ? a : SF32_ISNAN(c) ? c : b;
#endif
    if (invalid) softfloat_exceptionFlags |= softfloat_flag_invalid;
    return first | SF32_QUIET;
}

uint64_t sf32_nan_to_f64(uint32_t a)
{
    if (snan32(a)) softfloat_exceptionFlags |= softfloat_flag_invalid;
    return ((uint64_t)(a >> 31) << 63) | SF64_INF | SF64_QUIET | ((uint64_t)SF32_FRAC(a) << 29);
}
uint32_t sf64_nan_to_f32(uint64_t a)
{
    if (snan64(a)) softfloat_exceptionFlags |= softfloat_flag_invalid;
    return ((uint32_t)(a >> 63) << 31) | SF32_INF | SF32_QUIET | (uint32_t)(SF64_FRAC(a) >> 29);
}

#if SOFTFLOAT_NAN_STYLE_X86
int32_t sf_i32_invalid(bool nan, unsigned sign) { return INT32_MIN; }
int64_t sf_i64_invalid(bool nan, unsigned sign) { return INT64_MIN; }
uint32_t sf_ui32_invalid(bool nan, unsigned sign) { return UINT32_MAX; }
uint64_t sf_ui64_invalid(bool nan, unsigned sign) { return UINT64_MAX; }
#else
int32_t sf_i32_invalid(bool nan, unsigned sign) { return nan || sign ? INT32_MIN : INT32_MAX; }
int64_t sf_i64_invalid(bool nan, unsigned sign) { return nan || sign ? INT64_MIN : INT64_MAX; }
uint32_t sf_ui32_invalid(bool nan, unsigned sign) { return nan || sign ? 0 : UINT32_MAX; }
uint64_t sf_ui64_invalid(bool nan, unsigned sign) { return nan || sign ? 0 : UINT64_MAX; }
#endif
