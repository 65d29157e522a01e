/* Freestanding <math.h> for every profile (docs/sdk.md, "The math library"): hardware floating
 * point on host, SoftFloat on nic and pim. Exact where IEEE 754 requires it (sqrt, fma, the
 * rounding and remainder functions, frexp/ldexp/modf and friends: bit for bit what the host's libm
 * gives, in every rounding mode); the others within the error bounds docs/sdk.md lists, computed
 * in round-to-nearest whatever the current mode. float versions compute in double. Not provided:
 * erf, erfc, tgamma, lgamma, the Bessel functions and long double versions. */
#ifndef _PIMNIC_MATH_H
#define _PIMNIC_MATH_H

#include "_pimnic_cdefs.h"

#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))

#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#define FP_ILOGB0 (-2147483647 - 1)
#define FP_ILOGBNAN (-2147483647 - 1)
#define MATH_ERRNO 1
#define MATH_ERREXCEPT 2
#define math_errhandling MATH_ERREXCEPT /* errno is never set */

#define fpclassify(x) __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf_sign(x)
#define isfinite(x) __builtin_isfinite(x)
#define isnormal(x) __builtin_isnormal(x)
#define signbit(x) __builtin_signbit(x)
#define isgreater(x, y) __builtin_isgreater(x, y)
#define isgreaterequal(x, y) __builtin_isgreaterequal(x, y)
#define isless(x, y) __builtin_isless(x, y)
#define islessequal(x, y) __builtin_islessequal(x, y)
#define islessgreater(x, y) __builtin_islessgreater(x, y)
#define isunordered(x, y) __builtin_isunordered(x, y)

#define M_E 2.718281828459045235360287471352662498
#define M_LOG2E 1.442695040888963407359924681001892137
#define M_LOG10E 0.434294481903251827651128918916605082
#define M_LN2 0.693147180559945309417232121458176568
#define M_LN10 2.302585092994045684017991454684364208
#define M_PI 3.141592653589793238462643383279502884
#define M_PI_2 1.570796326794896619231321691639751442
#define M_PI_4 0.785398163397448309615660845819875721
#define M_1_PI 0.318309886183790671537767526745028724
#define M_2_PI 0.636619772367581343075535053490057448
#define M_2_SQRTPI 1.128379167095512573896158903121545172
#define M_SQRT2 1.414213562373095048801688724209698079
#define M_SQRT1_2 0.707106781186547524400844362104849039

typedef float float_t;
typedef double double_t;

__PIMNIC_BEGIN_DECLS

/* Exact (correctly rounded, or exact by nature). */
double fabs(double x);
float fabsf(float x);
double copysign(double x, double y);
float copysignf(float x, float y);
double sqrt(double x);
float sqrtf(float x);
double fma(double x, double y, double z);
float fmaf(float x, float y, float z);
double floor(double x);
float floorf(float x);
double ceil(double x);
float ceilf(float x);
double trunc(double x);
float truncf(float x);
double round(double x);
float roundf(float x);
double rint(double x);
float rintf(float x);
double nearbyint(double x);
float nearbyintf(float x);
long lrint(double x);
long lrintf(float x);
long long llrint(double x);
long long llrintf(float x);
long lround(double x);
long lroundf(float x);
long long llround(double x);
long long llroundf(float x);
double fmod(double x, double y);
float fmodf(float x, float y);
double remainder(double x, double y);
float remainderf(float x, float y);
double remquo(double x, double y, int* quo);
float remquof(float x, float y, int* quo);
double frexp(double x, int* exp);
float frexpf(float x, int* exp);
double ldexp(double x, int exp);
float ldexpf(float x, int exp);
double scalbn(double x, int exp);
float scalbnf(float x, int exp);
double scalbln(double x, long exp);
float scalblnf(float x, long exp);
int ilogb(double x);
int ilogbf(float x);
double logb(double x);
float logbf(float x);
double modf(double x, double* ipart);
float modff(float x, float* ipart);
double nextafter(double x, double y);
float nextafterf(float x, float y);
double fmin(double x, double y);
float fminf(float x, float y);
double fmax(double x, double y);
float fmaxf(float x, float y);
double fdim(double x, double y);
float fdimf(float x, float y);
double nan(const char* tag);
float nanf(const char* tag);

/* Within the documented error bounds. */
double exp(double x);
float expf(float x);
double exp2(double x);
float exp2f(float x);
double expm1(double x);
float expm1f(float x);
double log(double x);
float logf(float x);
double log2(double x);
float log2f(float x);
double log10(double x);
float log10f(float x);
double log1p(double x);
float log1pf(float x);
double pow(double x, double y);
float powf(float x, float y);
double cbrt(double x);
float cbrtf(float x);
double hypot(double x, double y);
float hypotf(float x, float y);
double sin(double x);
float sinf(float x);
double cos(double x);
float cosf(float x);
double tan(double x);
float tanf(float x);
double asin(double x);
float asinf(float x);
double acos(double x);
float acosf(float x);
double atan(double x);
float atanf(float x);
double atan2(double y, double x);
float atan2f(float y, float x);
double sinh(double x);
float sinhf(float x);
double cosh(double x);
float coshf(float x);
double tanh(double x);
float tanhf(float x);
double asinh(double x);
float asinhf(float x);
double acosh(double x);
float acoshf(float x);
double atanh(double x);
float atanhf(float x);

__PIMNIC_END_DECLS

#endif
