/* 64-bit integer <-> float/double conversions clang calls on 32-bit PowerPC. Written with integer
 * bit manipulation only, so the same source is right under the hard-float ABI (host: values in
 * FPRs) and the soft-float ABI (nic, pim: values in GPR pairs) and never calls soft-float code.
 *   to floating point: round to nearest, ties to even (the default rounding mode; the FPSCR's
 *   rounding mode is not consulted);
 *   to integer: truncate toward zero; out-of-range values saturate and NaN gives the minimum
 *   (signed) or 0 (unsigned), as PowerPC's fctidz/fctiduz do.
 * The functions are __pimnic_<name>; the ABI names are weak aliases, so that SoftFloat's versions
 * (which follow its rounding mode and raise its flags) take over where that library is linked. */
#include <stdint.h>
#include <string.h>

double __pimnic_floatdidf(int64_t a);
double __pimnic_floatundidf(uint64_t a);
float __pimnic_floatdisf(int64_t a);
float __pimnic_floatundisf(uint64_t a);
int64_t __pimnic_fixdfdi(double a);
uint64_t __pimnic_fixunsdfdi(double a);
int64_t __pimnic_fixsfdi(float a);
uint64_t __pimnic_fixunssfdi(float a);

/* An IEEE format: mantissa bits (without the hidden bit) and exponent bias. */
#define DBL_MANT 52
#define DBL_BIAS 1023
#define FLT_MANT 23
#define FLT_BIAS 127

/* Sign, biased exponent and mantissa for a nonzero magnitude, rounded to mant_bits + 1
 * significant bits. Returns the encoding without its sign bit. */
static uint64_t encode(uint64_t mag, int mant_bits, int bias) {
  int top = 63 - __builtin_clzll(mag); /* position of the leading one */
  uint64_t m;
  if (top <= mant_bits) {
    m = mag << (mant_bits - top);
  } else {
    int shift = top - mant_bits;
    m = mag >> shift;
    uint64_t rest = mag & ((1ull << shift) - 1), half = 1ull << (shift - 1);
    if (rest > half || (rest == half && (m & 1))) {
      if (++m >> (mant_bits + 1)) { /* rounded up to the next power of two */
        m >>= 1;
        ++top;
      }
    }
  }
  return ((uint64_t)(top + bias) << mant_bits) | (m & ((1ull << mant_bits) - 1));
}

static double bits_to_double(uint64_t bits) {
  double d;
  __builtin_memcpy(&d, &bits, sizeof d);
  return d;
}

static float bits_to_float(uint32_t bits) {
  float f;
  __builtin_memcpy(&f, &bits, sizeof f);
  return f;
}

double __pimnic_floatundidf(uint64_t a) { return bits_to_double(a ? encode(a, DBL_MANT, DBL_BIAS) : 0); }

double __pimnic_floatdidf(int64_t a) {
  if (a >= 0) return __pimnic_floatundidf((uint64_t)a);
  return bits_to_double((1ull << 63) | encode(0 - (uint64_t)a, DBL_MANT, DBL_BIAS));
}

float __pimnic_floatundisf(uint64_t a) { return bits_to_float(a ? (uint32_t)encode(a, FLT_MANT, FLT_BIAS) : 0); }

float __pimnic_floatdisf(int64_t a) {
  if (a >= 0) return __pimnic_floatundisf((uint64_t)a);
  return bits_to_float(0x80000000u | (uint32_t)encode(0 - (uint64_t)a, FLT_MANT, FLT_BIAS));
}

/* Truncated magnitude of a finite value with unbiased exponent e (>= 0, < 64) and full
 * significand m (hidden bit included) of mant_bits fraction bits. */
static uint64_t truncate(uint64_t m, int e, int mant_bits) {
  return e >= mant_bits ? m << (e - mant_bits) : m >> (mant_bits - e);
}

/* Shared by the double and float versions: the fields of the operand. */
typedef struct {
  int negative, nan, e; /* e: unbiased exponent (for NaN/inf: large) */
  uint64_t m;           /* significand with the hidden bit */
} fields;

static fields double_fields(double a) {
  uint64_t bits;
  __builtin_memcpy(&bits, &a, sizeof bits);
  int be = (int)((bits >> 52) & 0x7FF);
  uint64_t frac = bits & ((1ull << 52) - 1);
  fields f = {(int)(bits >> 63), be == 0x7FF && frac != 0, be - DBL_BIAS, frac | (1ull << 52)};
  if (be == 0) f.e = -DBL_BIAS; /* zero and subnormals truncate to 0 */
  return f;
}

static fields float_fields(float a) {
  uint32_t bits;
  __builtin_memcpy(&bits, &a, sizeof bits);
  int be = (int)((bits >> 23) & 0xFF);
  uint32_t frac = bits & ((1u << 23) - 1);
  fields f = {(int)(bits >> 31), be == 0xFF && frac != 0, be - FLT_BIAS, frac | (1u << 23)};
  if (be == 0) f.e = -FLT_BIAS;
  return f;
}

static int64_t to_signed(fields f, int mant_bits) {
  if (f.nan) return INT64_MIN;
  if (f.e < 0) return 0;
  if (f.e >= 63) return f.negative ? INT64_MIN : INT64_MAX; /* -2^63 itself is INT64_MIN too */
  uint64_t mag = truncate(f.m, f.e, mant_bits);
  return f.negative ? (int64_t)(0 - mag) : (int64_t)mag;
}

static uint64_t to_unsigned(fields f, int mant_bits) {
  if (f.nan || f.e < 0) return 0;
  if (f.negative) return 0; /* -1 and below saturate to 0; (-1, 0) truncates to 0 anyway */
  if (f.e >= 64) return UINT64_MAX;
  return truncate(f.m, f.e, mant_bits);
}

int64_t __pimnic_fixdfdi(double a) { return to_signed(double_fields(a), DBL_MANT); }
uint64_t __pimnic_fixunsdfdi(double a) { return to_unsigned(double_fields(a), DBL_MANT); }
int64_t __pimnic_fixsfdi(float a) { return to_signed(float_fields(a), FLT_MANT); }
uint64_t __pimnic_fixunssfdi(float a) { return to_unsigned(float_fields(a), FLT_MANT); }

/* The names clang calls. */
#define ABI_ALIAS(name) __attribute__((weak, alias("__pimnic" #name)))
double __floatdidf(int64_t a) ABI_ALIAS(_floatdidf);
double __floatundidf(uint64_t a) ABI_ALIAS(_floatundidf);
float __floatdisf(int64_t a) ABI_ALIAS(_floatdisf);
float __floatundisf(uint64_t a) ABI_ALIAS(_floatundisf);
int64_t __fixdfdi(double a) ABI_ALIAS(_fixdfdi);
uint64_t __fixunsdfdi(double a) ABI_ALIAS(_fixunsdfdi);
int64_t __fixsfdi(float a) ABI_ALIAS(_fixsfdi);
uint64_t __fixunssfdi(float a) ABI_ALIAS(_fixunssfdi);
