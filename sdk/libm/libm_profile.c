/* What differs between profiles: where the rounding mode and the exception flags live (the FPSCR
 * on host, SoftFloat's state on nic and pim, the host's <fenv.h> in the x86 test build), <fenv.h>
 * itself, and sqrt/fma on host (the soft-float profiles get them from SoftFloat's ABI, abi_libm.c;
 * the 7400 has no fsqrt, so host takes SoftFloat's correctly rounded square root in the FPSCR's
 * mode and raises its flags in the FPSCR; fma is the hardware's fmadd). */
#include <fenv.h>

#include "libm.h"
#include "softfloat.h"

#if defined(PIMNIC_LIBM_HOST_TEST)
/* ---- the x86 test build (tests/libm): glibc's fegetround and friends, with x86-64's values
 * (the SDK's <fenv.h> seen here has PowerPC's), SoftFloat for sqrt -------------------------------- */
enum { X86_NEAREST = 0, X86_DOWN = 0x400, X86_UP = 0x800, X86_ZERO = 0xC00 };
enum { X86_INVALID = 1, X86_DIVBYZERO = 4, X86_OVERFLOW = 8, X86_UNDERFLOW = 16, X86_INEXACT = 32 };
int __libm_enter(void) {
  int mode = fegetround();
  if (mode != X86_NEAREST) fesetround(X86_NEAREST);
  return mode;
}
void __libm_leave(int mode) {
  if (mode != X86_NEAREST) fesetround(mode);
}
static uint_fast8_t soft_mode(void) {
  switch (fegetround()) {
    case X86_ZERO: return softfloat_round_minMag;
    case X86_UP: return softfloat_round_max;
    case X86_DOWN: return softfloat_round_min;
    default: return softfloat_round_near_even;
  }
}
static void raise_soft_flags(void) {
  uint_fast8_t f = softfloat_exceptionFlags;
  softfloat_exceptionFlags = 0;
  feraiseexcept(((f & softfloat_flag_inexact) ? X86_INEXACT : 0) | ((f & softfloat_flag_invalid) ? X86_INVALID : 0) |
                ((f & softfloat_flag_overflow) ? X86_OVERFLOW : 0) | ((f & softfloat_flag_underflow) ? X86_UNDERFLOW : 0) |
                ((f & softfloat_flag_infinite) ? X86_DIVBYZERO : 0));
}
#define HAS_SOFT_SQRT 1
#define SOFT_FMA 1 /* (SSE2 has no fma: SoftFloat's, in the current mode) */

#elif defined(PIMNIC_PROFILE_HOST)
/* ---- host: the FPSCR --------------------------------------------------------------------------- */
static inline uint32_t read_fpscr(void) {
  double f;
  __asm__ volatile("mffs %0" : "=f"(f));
  return (uint32_t)__libm_bits(f);
}
static inline void write_fpscr(uint32_t v) {
  double f = __libm_double(v);
  __asm__ volatile("mtfsf 0xff, %0" : : "f"(f));
}
/* FPSCR bits of the fenv.h flags: they are the same positions (XX, ZX, UX, OX, and VX for
 * invalid, which the hardware sums from the VX* causes: raising it sets VXSOFT). */
#define FPSCR_FX 0x80000000u
#define FPSCR_VXSOFT 0x00000400u
#define FPSCR_CAUSES (FE_INEXACT | FE_DIVBYZERO | FE_UNDERFLOW | FE_OVERFLOW)
#define FPSCR_VX_ALL 0x01F80700u /* VXSNAN ... VXVC, VXSOFT, VXSQRT, VXCVI */

int __libm_enter(void) {
  const uint32_t f = read_fpscr();
  if (f & 3) write_fpscr(f & ~3u);
  return (int)(f & 3);
}
void __libm_leave(int mode) {
  if (mode) write_fpscr((read_fpscr() & ~3u) | (uint32_t)mode);
}
int fegetround(void) { return (int)(read_fpscr() & 3); }
int fesetround(int round) {
  if (round & ~3) return 1;
  write_fpscr((read_fpscr() & ~3u) | (uint32_t)round);
  return 0;
}
static uint32_t flags_now(void) {
  const uint32_t f = read_fpscr();
  return (f & FPSCR_CAUSES) | ((f & FPSCR_VX_ALL) ? FE_INVALID : 0);
}
int fetestexcept(int excepts) { return (int)(flags_now() & (uint32_t)excepts & FE_ALL_EXCEPT); }
int feclearexcept(int excepts) {
  uint32_t f = read_fpscr() & ~((uint32_t)excepts & FPSCR_CAUSES);
  if (excepts & FE_INVALID) f &= ~FPSCR_VX_ALL;
  write_fpscr(f & ~FPSCR_FX);
  return 0;
}
int feraiseexcept(int excepts) {
  uint32_t f = read_fpscr() | ((uint32_t)excepts & FPSCR_CAUSES);
  if (excepts & FE_INVALID) f |= FPSCR_VXSOFT;
  write_fpscr(f | (excepts & FE_ALL_EXCEPT ? FPSCR_FX : 0));
  return 0;
}
static uint_fast8_t soft_mode(void) {
  static const uint_fast8_t map[4] = {softfloat_round_near_even, softfloat_round_minMag, softfloat_round_max,
                                      softfloat_round_min};
  return map[read_fpscr() & 3];
}
static void raise_soft_flags(void) {
  uint_fast8_t f = softfloat_exceptionFlags;
  softfloat_exceptionFlags = 0;
  if (f)
    feraiseexcept(((f & softfloat_flag_inexact) ? FE_INEXACT : 0) | ((f & softfloat_flag_invalid) ? FE_INVALID : 0) |
                  ((f & softfloat_flag_overflow) ? FE_OVERFLOW : 0) |
                  ((f & softfloat_flag_underflow) ? FE_UNDERFLOW : 0) |
                  ((f & softfloat_flag_infinite) ? FE_DIVBYZERO : 0));
}
#define HAS_SOFT_SQRT 1

double fma(double x, double y, double z) { /* (clang 14 makes __builtin_fma a call to fma here) */
  double r;
  __asm__("fmadd %0, %1, %2, %3" : "=f"(r) : "f"(x), "f"(y), "f"(z));
  return r;
}

#else
/* ---- nic, pim: SoftFloat's state (sqrt and fma come from its ABI, abi_libm.c) ------------------ */
int __libm_enter(void) {
  const int mode = softfloat_roundingMode;
  softfloat_roundingMode = softfloat_round_near_even;
  return mode;
}
void __libm_leave(int mode) { softfloat_roundingMode = (uint_fast8_t)mode; }
static const uint_fast8_t kSoft[4] = {softfloat_round_near_even, softfloat_round_minMag, softfloat_round_max,
                                      softfloat_round_min};
int fegetround(void) {
  for (int i = 0; i < 4; ++i)
    if (kSoft[i] == softfloat_roundingMode) return i;
  return FE_TONEAREST; /* (near_maxMag has no fenv.h name) */
}
int fesetround(int round) {
  if (round & ~3) return 1;
  softfloat_roundingMode = kSoft[round];
  return 0;
}
static uint32_t to_fe(uint_fast8_t f) {
  return ((f & softfloat_flag_inexact) ? FE_INEXACT : 0) | ((f & softfloat_flag_invalid) ? FE_INVALID : 0) |
         ((f & softfloat_flag_overflow) ? FE_OVERFLOW : 0) | ((f & softfloat_flag_underflow) ? FE_UNDERFLOW : 0) |
         ((f & softfloat_flag_infinite) ? FE_DIVBYZERO : 0);
}
static uint_fast8_t to_soft(int e) {
  return (uint_fast8_t)(((e & FE_INEXACT) ? softfloat_flag_inexact : 0) | ((e & FE_INVALID) ? softfloat_flag_invalid : 0) |
                        ((e & FE_OVERFLOW) ? softfloat_flag_overflow : 0) |
                        ((e & FE_UNDERFLOW) ? softfloat_flag_underflow : 0) |
                        ((e & FE_DIVBYZERO) ? softfloat_flag_infinite : 0));
}
int fetestexcept(int excepts) { return (int)(to_fe(softfloat_exceptionFlags) & (uint32_t)excepts); }
int feclearexcept(int excepts) {
  softfloat_exceptionFlags &= (uint_fast8_t)~to_soft(excepts);
  return 0;
}
int feraiseexcept(int excepts) {
  softfloat_exceptionFlags |= to_soft(excepts);
  return 0;
}
#endif

#if HAS_SOFT_SQRT
/* SoftFloat's operation in the FPU's rounding mode, its flags raised in the FPU. */
#define IN_FPU_MODE(type, expr)                          \
  const uint_fast8_t saved = softfloat_roundingMode;     \
  softfloat_roundingMode = soft_mode();                  \
  const type r = (expr);                                 \
  softfloat_roundingMode = saved;                        \
  raise_soft_flags();                                    \
  return r
double sqrt(double x) { IN_FPU_MODE(double, __libm_double(sf64_sqrt(__libm_bits(x)))); }
float sqrtf(float x) { IN_FPU_MODE(float, __libm_float(sf32_sqrt(__libm_fbits(x)))); }
float fmaf(float x, float y, float z) {
  IN_FPU_MODE(float, __libm_float(sf32_mulAdd(__libm_fbits(x), __libm_fbits(y), __libm_fbits(z))));
}
#if SOFT_FMA
double fma(double x, double y, double z) {
  IN_FPU_MODE(double, __libm_double(sf64_mulAdd(__libm_bits(x), __libm_bits(y), __libm_bits(z))));
}
#endif
#endif

#if !defined(PIMNIC_LIBM_HOST_TEST)
/* ---- the rest of fenv.h, the same everywhere --------------------------------------------------- */
int fegetexceptflag(fexcept_t* flags, int excepts) {
  *flags = (fexcept_t)fetestexcept(excepts);
  return 0;
}
int fesetexceptflag(const fexcept_t* flags, int excepts) {
  feclearexcept(excepts);
  return feraiseexcept((int)*flags & excepts);
}
int fegetenv(fenv_t* env) {
  env->round = (unsigned)fegetround();
  env->flags = (unsigned)fetestexcept(FE_ALL_EXCEPT);
  return 0;
}
int fesetenv(const fenv_t* env) {
  fesetround(env ? (int)env->round : FE_TONEAREST);
  feclearexcept(FE_ALL_EXCEPT);
  return env ? feraiseexcept((int)env->flags) : 0;
}
int feholdexcept(fenv_t* env) {
  fegetenv(env);
  feclearexcept(FE_ALL_EXCEPT);
  return 0;
}
int feupdateenv(const fenv_t* env) {
  const int raised = fetestexcept(FE_ALL_EXCEPT);
  fesetenv(env);
  return feraiseexcept(raised);
}
#endif
