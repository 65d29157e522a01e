/* binary64/binary32 -> integer conversions with a rounding mode (IEEE 754 clause 5.8). Out of
 * range results and NaNs raise invalid only (never inexact) and return the style's value. The
 * binary32 versions widen exactly to binary64 first. */
#include "sf_internal.h"

/* Round the magnitude of a finite binary64 to an integer: sets *ok = false when it does not fit
 * in 64 bits, *inexact when a fraction was dropped. */
static uint64_t round_mag(uint64_t a, uint_fast8_t mode, bool *ok, bool *inexact)
{
    unsigned sign = SF64_SIGN(a);
    int_fast32_t exp = SF64_EXP(a);
    uint64_t sig = SF64_FRAC(a);
    *ok = true;
    *inexact = false;
    if (exp == 0x7FF || exp > 0x43E) { /* inf, or |a| >= 2^64 */
        *ok = false;
        return 0;
    }
    if (exp == 0) {
        if (sig == 0) return 0;
        exp = 1;
    } else {
        sig |= SF64_HIDDEN;
    }
    if (exp >= 0x433) return sig << (exp - 0x433); /* integral, at most 2^64 - 2^11 */
    unsigned guard = (unsigned)(0x433 - exp);
    if (guard > 62) { /* below 2^-10: only the sticky bit matters */
        sig = 1;
        guard = 62;
    }
    uint64_t half = UINT64_C(1) << (guard - 1);
    uint64_t ipart = sig >> guard, fpart = sig & ((half << 1) - 1);
    if (fpart == 0) return ipart;
    *inexact = true;
    bool up;
    switch (mode) {
    case softfloat_round_near_even: up = fpart > half || (fpart == half && (ipart & 1)); break;
    case softfloat_round_near_maxMag: up = fpart >= half; break;
    case softfloat_round_min: up = sign; break;
    case softfloat_round_max: up = !sign; break;
    default: up = false; break;
    }
    return ipart + up;
}

static inline void raise_invalid(void) { softfloat_exceptionFlags |= softfloat_flag_invalid; }
static inline void finish(bool inexact, bool exact)
{
    if (inexact && exact) softfloat_exceptionFlags |= softfloat_flag_inexact;
}

int32_t sf64_to_i32(uint64_t a, uint_fast8_t mode, bool exact)
{
    unsigned sign = SF64_SIGN(a);
    bool ok, inexact;
    if (SF64_ISNAN(a)) { raise_invalid(); return sf_i32_invalid(true, sign); }
    uint64_t m = round_mag(a, mode, &ok, &inexact);
    if (!ok || m > (sign ? UINT64_C(0x80000000) : UINT64_C(0x7FFFFFFF))) {
        raise_invalid();
        return sf_i32_invalid(false, sign);
    }
    finish(inexact, exact);
    return sign ? (int32_t)(0u - (uint32_t)m) : (int32_t)m;
}

int64_t sf64_to_i64(uint64_t a, uint_fast8_t mode, bool exact)
{
    unsigned sign = SF64_SIGN(a);
    bool ok, inexact;
    if (SF64_ISNAN(a)) { raise_invalid(); return sf_i64_invalid(true, sign); }
    uint64_t m = round_mag(a, mode, &ok, &inexact);
    if (!ok || m > (sign ? UINT64_C(0x8000000000000000) : UINT64_C(0x7FFFFFFFFFFFFFFF))) {
        raise_invalid();
        return sf_i64_invalid(false, sign);
    }
    finish(inexact, exact);
    return sign ? (int64_t)(0u - m) : (int64_t)m;
}

uint32_t sf64_to_ui32(uint64_t a, uint_fast8_t mode, bool exact)
{
    unsigned sign = SF64_SIGN(a);
    bool ok, inexact;
    if (SF64_ISNAN(a)) { raise_invalid(); return sf_ui32_invalid(true, sign); }
    uint64_t m = round_mag(a, mode, &ok, &inexact);
    if (!ok || m > (sign ? 0 : UINT64_C(0xFFFFFFFF))) {
        raise_invalid();
        return sf_ui32_invalid(false, sign);
    }
    finish(inexact, exact);
    return (uint32_t)m;
}

uint64_t sf64_to_ui64(uint64_t a, uint_fast8_t mode, bool exact)
{
    unsigned sign = SF64_SIGN(a);
    bool ok, inexact;
    if (SF64_ISNAN(a)) { raise_invalid(); return sf_ui64_invalid(true, sign); }
    uint64_t m = round_mag(a, mode, &ok, &inexact);
    if (!ok || (sign && m != 0)) {
        raise_invalid();
        return sf_ui64_invalid(false, sign);
    }
    finish(inexact, exact);
    return m;
}

/* binary32 inputs: the widening is exact, a NaN stays a NaN (its invalid flag is the same). */
int32_t sf32_to_i32(uint32_t a, uint_fast8_t mode, bool exact) { return sf64_to_i32(sf32_to_f64(a), mode, exact); }
int64_t sf32_to_i64(uint32_t a, uint_fast8_t mode, bool exact) { return sf64_to_i64(sf32_to_f64(a), mode, exact); }
uint32_t sf32_to_ui32(uint32_t a, uint_fast8_t mode, bool exact) { return sf64_to_ui32(sf32_to_f64(a), mode, exact); }
uint64_t sf32_to_ui64(uint32_t a, uint_fast8_t mode, bool exact) { return sf64_to_ui64(sf32_to_f64(a), mode, exact); }
