/* Soft-float ABI for `long double`, which clang 14 makes IBM double-double on powerpc-eabi
 * (128 bits: a pair hi + lo of doubles with hi = hi + lo rounded to nearest, |lo| <= ulp(hi)/2).
 * Each value travels in four GPRs (r3-r6, r7-r10) and comes back in r3-r6, which is what a C
 * function taking doubles and returning long double compiles to under -msoft-float.
 *
 * The arithmetic uses the classic error-free transformations (Knuth's two-sum, Dekker's
 * fast-two-sum, the exact product error from a fused multiply-add) on top of sf64_*, always in
 * round-to-nearest-even whatever softfloat_roundingMode says; results are accurate to about
 * 106 bits but, as with every double-double library, not correctly rounded, and the exception
 * flags they leave are not meaningful. Firmware that wants IEEE semantics should build with
 * -mlong-double-64 (long double = double; none of these symbols is then needed). */
#include "sf_abi.h"

#if defined(__powerpc__) && defined(__LONG_DOUBLE_IBM128__)
typedef long double sf_ldbl;
typedef union { long double ld; uint64_t u[2]; } sf_ldbl_u; /* big-endian: u[0] is hi */
static inline sf_ldbl make(uint64_t hi, uint64_t lo)
{
    sf_ldbl_u x;
    x.u[0] = hi;
    x.u[1] = lo;
    return x.ld;
}
#else
/* Host test build: the same pair, returned as a struct. */
typedef struct { double hi, lo; } sf_ldbl;
static inline sf_ldbl make(uint64_t hi, uint64_t lo)
{
    sf_ldbl x;
    x.hi = sf_bitsd(hi);
    x.lo = sf_bitsd(lo);
    return x;
}
#endif

#define SIGN64 (UINT64_C(1) << 63)
static inline bool finite64(uint64_t x) { return (x & ~SIGN64) < UINT64_C(0x7FF0000000000000); }
static inline bool isnan64(uint64_t x) { return (x & ~SIGN64) > UINT64_C(0x7FF0000000000000); }
static inline bool iszero64(uint64_t x) { return (x << 1) == 0; }
static inline uint64_t neg64(uint64_t x) { return x ^ SIGN64; }

/* The double-double algorithms assume round-to-nearest. */
static inline uint_fast8_t nearest(void)
{
    uint_fast8_t m = softfloat_roundingMode;
    softfloat_roundingMode = softfloat_round_near_even;
    return m;
}
static inline void restore(uint_fast8_t m) { softfloat_roundingMode = m; }

/* s + e = a + b exactly (any magnitudes). */
static inline void two_sum(uint64_t a, uint64_t b, uint64_t* s, uint64_t* e)
{
    *s = sf64_add(a, b);
    uint64_t bb = sf64_sub(*s, a);
    *e = sf64_add(sf64_sub(a, sf64_sub(*s, bb)), sf64_sub(b, bb));
}
/* Normalise hi + lo (|hi| >= |lo| or hi == 0) into a pair. */
static inline sf_ldbl renorm(uint64_t hi, uint64_t lo)
{
    if (!finite64(hi)) return make(hi, 0);
    uint64_t s = sf64_add(hi, lo);
    if (!finite64(s) || iszero64(s)) return make(s, 0);
    uint64_t e = sf64_sub(lo, sf64_sub(s, hi));
    return make(s, iszero64(e) ? 0 : e);
}

sf_ldbl SF_ABI(__gcc_qadd)(double a, double aa, double c, double cc)
{
    uint_fast8_t m = nearest();
    uint64_t s, e;
    two_sum(sf_dbits(a), sf_dbits(c), &s, &e);
    sf_ldbl r;
    if (!finite64(s)) r = make(s, 0);
    else r = renorm(s, sf64_add(e, sf64_add(sf_dbits(aa), sf_dbits(cc))));
    restore(m);
    return r;
}

sf_ldbl SF_ABI(__gcc_qsub)(double a, double aa, double c, double cc)
{
    return SF_ABI(__gcc_qadd)(a, aa, sf_bitsd(neg64(sf_dbits(c))), sf_bitsd(neg64(sf_dbits(cc))));
}

sf_ldbl SF_ABI(__gcc_qmul)(double a, double aa, double c, double cc)
{
    uint_fast8_t m = nearest();
    uint64_t x = sf_dbits(a), y = sf_dbits(c);
    uint64_t p = sf64_mul(x, y);
    sf_ldbl r;
    if (!finite64(p) || iszero64(p)) {
        r = make(p, 0);
    } else {
        uint64_t e = sf64_mulAdd(x, y, neg64(p)); /* p + e = a*c exactly */
        e = sf64_add(e, sf64_add(sf64_mul(x, sf_dbits(cc)), sf64_mul(sf_dbits(aa), y)));
        r = renorm(p, e);
    }
    restore(m);
    return r;
}

sf_ldbl SF_ABI(__gcc_qdiv)(double a, double aa, double c, double cc)
{
    uint_fast8_t m = nearest();
    uint64_t x = sf_dbits(a), y = sf_dbits(c);
    uint64_t q1 = sf64_div(x, y);
    sf_ldbl r;
    if (!finite64(q1) || iszero64(q1)) {
        r = make(q1, 0);
    } else {
        /* Remainder of (a + aa) - q1*(c + cc), with q1*c = p + pe exactly. */
        uint64_t p = sf64_mul(q1, y);
        uint64_t pe = sf64_mulAdd(q1, y, neg64(p));
        uint64_t rem = sf64_sub(sf64_sub(x, p), pe);
        rem = sf64_add(rem, sf_dbits(aa));
        rem = sf64_sub(rem, sf64_mul(q1, sf_dbits(cc)));
        r = renorm(q1, sf64_div(rem, y));
    }
    restore(m);
    return r;
}

/* Comparisons, libgcc convention (see abi_compare.c): the pair order is hi first, then lo. */
static int qcmp(double a, double aa, double c, double cc, int unordered)
{
    uint64_t x = sf_dbits(a), y = sf_dbits(c);
    if (isnan64(x) || isnan64(y)) return unordered;
    if (!sf64_eq(x, y)) return sf64_lt_quiet(x, y) ? -1 : 1;
    uint64_t xl = sf_dbits(aa), yl = sf_dbits(cc);
    return sf64_lt_quiet(xl, yl) ? -1 : sf64_eq(xl, yl) ? 0 : 1;
}
int SF_ABI(__gcc_qeq)(double a, double aa, double c, double cc) { return qcmp(a, aa, c, cc, 1); }
int SF_ABI(__gcc_qne)(double a, double aa, double c, double cc) { return qcmp(a, aa, c, cc, 1); }
int SF_ABI(__gcc_qlt)(double a, double aa, double c, double cc) { return qcmp(a, aa, c, cc, 1); }
int SF_ABI(__gcc_qle)(double a, double aa, double c, double cc) { return qcmp(a, aa, c, cc, 1); }
int SF_ABI(__gcc_qgt)(double a, double aa, double c, double cc) { return qcmp(a, aa, c, cc, -1); }
int SF_ABI(__gcc_qge)(double a, double aa, double c, double cc) { return qcmp(a, aa, c, cc, -1); }
int SF_ABI(__gcc_qunord)(double a, double aa, double c, double cc)
{
    (void)aa;
    (void)cc;
    return isnan64(sf_dbits(a)) || isnan64(sf_dbits(c));
}

/* Conversions in. */
sf_ldbl SF_ABI(__gcc_dtoq)(double a) { return make(sf_dbits(a), 0); }
sf_ldbl SF_ABI(__gcc_stoq)(float a) { return make(sf32_to_f64(sf_fbits(a)), 0); }
sf_ldbl SF_ABI(__gcc_itoq)(int32_t a) { return make(sf_i32_to_f64(a), 0); }
sf_ldbl SF_ABI(__gcc_utoq)(uint32_t a) { return make(sf_ui32_to_f64(a), 0); }

/* 64-bit integers need two doubles: hi = the magnitude rounded, lo = the exact rest. */
static sf_ldbl from_mag(bool neg, uint64_t mag)
{
    uint_fast8_t m = nearest();
    uint64_t hi = sf_ui64_to_f64(mag);
    uint64_t hi_int = hi == UINT64_C(0x43F0000000000000) ? 0 /* 2^64 wraps */
                                                          : sf64_to_ui64(hi, softfloat_round_minMag, false);
    uint64_t lo = sf_i64_to_f64((int64_t)(mag - hi_int));
    restore(m);
    if (iszero64(lo)) lo = 0;
    else if (neg) lo = neg64(lo);
    return make(neg && !iszero64(hi) ? neg64(hi) : hi, lo);
}
sf_ldbl SF_ABI(__floatditf)(int64_t a) { return from_mag(a < 0, a < 0 ? 0 - (uint64_t)a : (uint64_t)a); }
sf_ldbl SF_ABI(__floatunditf)(uint64_t a) { return from_mag(false, a); }

/* Conversions out. */
double SF_ABI(__gcc_qtod)(double a, double aa)
{
    uint_fast8_t m = nearest();
    uint64_t r = sf64_add(sf_dbits(a), sf_dbits(aa));
    restore(m);
    return sf_bitsd(r);
}
float SF_ABI(__gcc_qtos)(double a, double aa)
{
    /* Round to odd in binary64, then to nearest in binary32: a single correct rounding. */
    uint_fast8_t m = softfloat_roundingMode;
    uint_fast8_t fl = softfloat_exceptionFlags;
    softfloat_roundingMode = softfloat_round_minMag;
    softfloat_exceptionFlags = 0;
    uint64_t t = sf64_add(sf_dbits(a), sf_dbits(aa));
    if ((softfloat_exceptionFlags & softfloat_flag_inexact) && finite64(t)) t |= 1;
    softfloat_exceptionFlags = fl;
    softfloat_roundingMode = softfloat_round_near_even;
    uint32_t r = sf64_to_f32(t);
    softfloat_roundingMode = m;
    return sf_bitsf(r);
}

/* trunc(hi + lo) as a sign and a 64-bit magnitude; false when it does not fit (or NaN). */
static bool trunc_mag(uint64_t hi, uint64_t lo, bool* neg, uint64_t* mag)
{
    uint_fast8_t m = nearest();
    bool ok = true;
    *neg = hi >> 63;
    uint64_t ahi = hi & ~SIGN64;
    if (isnan64(hi) || ahi >= UINT64_C(0x43F0000000000000)) { /* NaN or |hi| >= 2^64 */
        ok = false;
    } else {
        uint64_t t = sf64_roundToInt(hi, softfloat_round_minMag, false);
        *mag = sf64_to_ui64(t & ~SIGN64, softfloat_round_minMag, false);
        if (t == hi && !iszero64(lo) && !iszero64(hi)) {
            /* Integral hi: the fraction comes from lo, towards zero overall. */
            bool lo_neg = lo >> 63;
            uint64_t flo = sf64_roundToInt(lo, *neg ? softfloat_round_max : softfloat_round_min, false);
            uint64_t adj = sf64_to_ui64(flo & ~SIGN64, softfloat_round_minMag, false);
            if (lo_neg == *neg) {
                if (*mag + adj < *mag) ok = false;
                *mag += adj;
            } else {
                *mag -= adj;
            }
        }
    }
    restore(m);
    return ok;
}

int64_t SF_ABI(__fixtfdi)(double a, double aa)
{
    bool neg;
    uint64_t mag;
    if (!trunc_mag(sf_dbits(a), sf_dbits(aa), &neg, &mag) ||
        mag > (neg ? UINT64_C(0x8000000000000000) : UINT64_C(0x7FFFFFFFFFFFFFFF)))
        return sf64_to_i64(sf_dbits(a), softfloat_round_minMag, false); /* invalid result */
    return neg ? (int64_t)(0 - mag) : (int64_t)mag;
}
uint64_t SF_ABI(__fixunstfdi)(double a, double aa)
{
    bool neg;
    uint64_t mag;
    if (!trunc_mag(sf_dbits(a), sf_dbits(aa), &neg, &mag) || (neg && mag))
        return sf64_to_ui64(sf_dbits(a), softfloat_round_minMag, false);
    return mag;
}
uint32_t SF_ABI(__fixunstfsi)(double a, double aa)
{
    bool neg;
    uint64_t mag;
    if (!trunc_mag(sf_dbits(a), sf_dbits(aa), &neg, &mag) || (neg && mag) || mag > 0xFFFFFFFFu)
        return sf64_to_ui32(sf_dbits(a), softfloat_round_minMag, false);
    return (uint32_t)mag;
}
/* clang 14 calls __gcc_qtou for long double -> signed int: truncate, any value of the int or
 * unsigned int range comes back as its 32-bit pattern. */
uint32_t SF_ABI(__gcc_qtou)(double a, double aa)
{
    bool neg;
    uint64_t mag;
    if (!trunc_mag(sf_dbits(a), sf_dbits(aa), &neg, &mag) || (neg ? mag > 0x80000000u : mag > 0xFFFFFFFFu))
        return (uint32_t)sf64_to_i32(sf_dbits(a), softfloat_round_minMag, false);
    return neg ? (uint32_t)(0 - mag) : (uint32_t)mag;
}
