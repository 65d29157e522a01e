// The x86-64 reference: each operation runs on the host's own IEEE hardware (SSE/AVX scalar
// instructions, the x87 unit for the IEEE remainder), in inline assembly so the compiler can
// neither fold nor reorder it, with the rounding mode set and the flags read in MXCSR.
// SSE detects tininess after rounding and signals underflow only when the result is also inexact.
#pragma once
#include <cstdint>
#include <cstring>
#include <cfenv>
#include <immintrin.h>
#include <type_traits>

namespace hw {

struct R64 { uint64_t v; unsigned flags; };
struct R32 { uint32_t v; unsigned flags; };

// SoftFloat flag values.
constexpr unsigned kInexact = 1, kUnderflow = 2, kOverflow = 4, kInfinite = 8, kInvalid = 16;

inline double d(uint64_t u) { double x; std::memcpy(&x, &u, 8); return x; }
inline float f(uint32_t u) { float x; std::memcpy(&x, &u, 4); return x; }
inline uint64_t u(double x) { uint64_t v; std::memcpy(&v, &x, 8); return v; }
inline uint32_t u(float x) { uint32_t v; std::memcpy(&v, &x, 4); return v; }

// Rounding mode: softfloat numbering (0 near-even, 1 minMag, 2 min, 3 max) -> fesetround, which
// on x86-64 glibc sets both the x87 control word and MXCSR.RC.
inline void set_mode(int sf_mode)
{
    static const int map[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
    std::fesetround(map[sf_mode]);
}
// Clearing and reading the MXCSR status bits directly is what feclearexcept/fetestexcept do for
// SSE, without also touching the x87 environment on every operation.
inline void clear() { _mm_setcsr(_mm_getcsr() & ~0x3Fu); }
inline unsigned flags()
{
    unsigned m = _mm_getcsr(), r = 0;
    if (m & 0x01) r |= kInvalid;
    if (m & 0x04) r |= kInfinite;
    if (m & 0x08) r |= kOverflow;
    if (m & 0x10) r |= kUnderflow;
    if (m & 0x20) r |= kInexact;
    return r;
}

#define HW_BIN(name, insn, T, R, X)                                                                \
    inline R name(decltype(R::v) a, decltype(R::v) b)                                             \
    {                                                                                             \
        T x = X(a), y = X(b);                                                                     \
        clear();                                                                                  \
        __asm__ volatile(insn " %1, %0" : "+x"(x) : "x"(y) : "memory");                          \
        return {u(x), flags()};                                                                   \
    }
HW_BIN(add64, "addsd", double, R64, d)
HW_BIN(sub64, "subsd", double, R64, d)
HW_BIN(mul64, "mulsd", double, R64, d)
HW_BIN(div64, "divsd", double, R64, d)
HW_BIN(add32, "addss", float, R32, f)
HW_BIN(sub32, "subss", float, R32, f)
HW_BIN(mul32, "mulss", float, R32, f)
HW_BIN(div32, "divss", float, R32, f)
#undef HW_BIN

inline R64 sqrt64(uint64_t a)
{
    double x = d(a), r;
    clear();
    __asm__ volatile("sqrtsd %1, %0" : "=x"(r) : "x"(x) : "memory");
    return {u(r), flags()};
}
inline R32 sqrt32(uint32_t a)
{
    float x = f(a), r;
    clear();
    __asm__ volatile("sqrtss %1, %0" : "=x"(r) : "x"(x) : "memory");
    return {u(r), flags()};
}

// a*b + c: vfmadd231 computes dest = src2*src3 + dest with src2 = a, src3 = b, dest = c.
__attribute__((target("fma"))) inline R64 fma64(uint64_t a, uint64_t b, uint64_t c)
{
    double x = d(a), y = d(b), z = d(c);
    clear();
    __asm__ volatile("vfmadd231sd %2, %1, %0" : "+x"(z) : "x"(x), "x"(y) : "memory");
    return {u(z), flags()};
}
__attribute__((target("fma"))) inline R32 fma32(uint32_t a, uint32_t b, uint32_t c)
{
    float x = f(a), y = f(b), z = f(c);
    clear();
    __asm__ volatile("vfmadd231ss %2, %1, %0" : "+x"(z) : "x"(x), "x"(y) : "memory");
    return {u(z), flags()};
}

// roundsd/roundss imm8: bits 1:0 the mode (SSE order: nearest, down, up, zero), bit 3 suppresses
// the inexact exception (roundToIntegral vs roundToIntegralExact).
template <int Imm> inline R64 rint64_imm(uint64_t a)
{
    double x = d(a), r;
    clear();
    __asm__ volatile("roundsd %2, %1, %0" : "=x"(r) : "x"(x), "i"(Imm) : "memory");
    return {u(r), flags()};
}
template <int Imm> inline R32 rint32_imm(uint32_t a)
{
    float x = f(a), r;
    clear();
    __asm__ volatile("roundss %2, %1, %0" : "=x"(r) : "x"(x), "i"(Imm) : "memory");
    return {u(r), flags()};
}
inline R64 rint64(uint64_t a, int sf_mode, bool exact)
{
    // softfloat mode -> SSE rounding control (0 nearest, 1 down, 2 up, 3 zero)
    switch (sf_mode * 2 + (exact ? 0 : 1)) {
    case 0: return rint64_imm<0>(a);  case 1: return rint64_imm<8>(a);
    case 2: return rint64_imm<3>(a);  case 3: return rint64_imm<11>(a);
    case 4: return rint64_imm<1>(a);  case 5: return rint64_imm<9>(a);
    default: return exact ? rint64_imm<2>(a) : rint64_imm<10>(a);
    }
}
inline R32 rint32(uint32_t a, int sf_mode, bool exact)
{
    switch (sf_mode * 2 + (exact ? 0 : 1)) {
    case 0: return rint32_imm<0>(a);  case 1: return rint32_imm<8>(a);
    case 2: return rint32_imm<3>(a);  case 3: return rint32_imm<11>(a);
    case 4: return rint32_imm<1>(a);  case 5: return rint32_imm<9>(a);
    default: return exact ? rint32_imm<2>(a) : rint32_imm<10>(a);
    }
}

// Comparisons: vcmpsd predicate -> all-ones mask. 0 EQ_OQ, 1 LT_OS, 2 LE_OS, 0x10 EQ_OS,
// 0x11 LT_OQ, 0x12 LE_OQ.
template <int P> __attribute__((target("avx"))) inline R64 cmp64(uint64_t a, uint64_t b)
{
    double x = d(a), y = d(b), r;
    clear();
    __asm__ volatile("vcmpsd %3, %2, %1, %0" : "=x"(r) : "x"(x), "x"(y), "i"(P) : "memory");
    return {u(r) & 1, flags()};
}
template <int P> __attribute__((target("avx"))) inline R32 cmp32(uint32_t a, uint32_t b)
{
    float x = f(a), y = f(b), r;
    clear();
    __asm__ volatile("vcmpss %3, %2, %1, %0" : "=x"(r) : "x"(x), "x"(y), "i"(P) : "memory");
    return {u(r) & 1, flags()};
}

// Conversions between formats.
inline R32 f64_to_f32(uint64_t a)
{
    double x = d(a);
    float r;
    clear();
    __asm__ volatile("cvtsd2ss %1, %0" : "=x"(r) : "x"(x) : "memory");
    return {u(r), flags()};
}
inline R64 f32_to_f64(uint32_t a)
{
    float x = f(a);
    double r;
    clear();
    __asm__ volatile("cvtss2sd %1, %0" : "=x"(r) : "x"(x) : "memory");
    return {u(r), flags()};
}

// Float -> integer with the current rounding mode (cvtsd2si; AVX-512 vcvtsd2usi for unsigned).
// `exact` false drops the inexact flag (the softfloat API's choice; hardware always raises it).
// The value is returned zero-extended from the integer's width.
struct RI { uint64_t v; unsigned flags; };
#define HW_TOINT(name, insn, FT, X, IN, IT, attr)                                                  \
    attr inline RI name(IN a)                                                                     \
    {                                                                                             \
        FT x = X(a);                                                                              \
        IT r;                                                                                     \
        clear();                                                                                  \
        __asm__ volatile(insn : "=r"(r) : "x"(x) : "memory");                                    \
        return {(uint64_t)(std::make_unsigned_t<IT>)r, flags()};                                  \
    }
#define AVX512 __attribute__((target("avx512f")))
HW_TOINT(f64_to_i32_, "cvtsd2si %1, %k0", double, d, uint64_t, int32_t, )
HW_TOINT(f64_to_i64_, "cvtsd2si %1, %q0", double, d, uint64_t, int64_t, )
HW_TOINT(f64_to_ui32_, "vcvtsd2usi %1, %k0", double, d, uint64_t, uint32_t, AVX512)
HW_TOINT(f64_to_ui64_, "vcvtsd2usi %1, %q0", double, d, uint64_t, uint64_t, AVX512)
HW_TOINT(f32_to_i32_, "cvtss2si %1, %k0", float, f, uint32_t, int32_t, )
HW_TOINT(f32_to_i64_, "cvtss2si %1, %q0", float, f, uint32_t, int64_t, )
HW_TOINT(f32_to_ui32_, "vcvtss2usi %1, %k0", float, f, uint32_t, uint32_t, AVX512)
HW_TOINT(f32_to_ui64_, "vcvtss2usi %1, %q0", float, f, uint32_t, uint64_t, AVX512)
#undef HW_TOINT

// Integer -> float with the current rounding mode.
#define HW_FROMINT(name, insn, IT, FT, R, attr)                                                    \
    attr inline R name(IT a)                                                                      \
    {                                                                                             \
        FT r = 0;                                                                                 \
        clear();                                                                                  \
        __asm__ volatile(insn " %1, %0, %0" : "+x"(r) : "r"(a) : "memory");                     \
        return {u(r), flags()};                                                                   \
    }
HW_FROMINT(i32_to_f64, "vcvtsi2sdl", int32_t, double, R64, __attribute__((target("avx"))))
HW_FROMINT(i64_to_f64, "vcvtsi2sdq", int64_t, double, R64, __attribute__((target("avx"))))
HW_FROMINT(ui32_to_f64, "vcvtusi2sdl", uint32_t, double, R64, AVX512)
HW_FROMINT(ui64_to_f64, "vcvtusi2sdq", uint64_t, double, R64, AVX512)
HW_FROMINT(i32_to_f32, "vcvtsi2ssl", int32_t, float, R32, __attribute__((target("avx"))))
HW_FROMINT(i64_to_f32, "vcvtsi2ssq", int64_t, float, R32, __attribute__((target("avx"))))
HW_FROMINT(ui32_to_f32, "vcvtusi2ssl", uint32_t, float, R32, AVX512)
HW_FROMINT(ui64_to_f32, "vcvtusi2ssq", uint64_t, float, R32, AVX512)
#undef HW_FROMINT
#undef AVX512

// IEEE remainder on the x87 unit: fprem1 reduces by at most 2^63 per step (C2 set while
// partial), exactly; the result is exact, so storing it back to double/float does not round.
// Only for non-NaN inputs (x87 picks NaNs by a different rule). Invalid comes from the x87
// status word.
inline R64 rem_x87(long double x, long double y, bool is64)
{
    unsigned short sw;
    long double r;
    __asm__ volatile("fnclex" ::: "memory");
    __asm__ volatile("1: fprem1\n\t"
                     "fnstsw %%ax\n\t"
                     "testw $0x400, %%ax\n\t"
                     "jnz 1b\n\t"
                     "fnstsw %1"
                     : "=t"(r), "=m"(sw)
                     : "0"(x), "u"(y)
                     : "ax", "memory");
    unsigned fl = (sw & 1) ? kInvalid : 0;
    if (is64) {
        double v = (double)r;
        return {u(v), fl};
    }
    float v = (float)r;
    return {u(v), fl};
}
inline R64 rem64(uint64_t a, uint64_t b) { return rem_x87(d(a), d(b), true); }
inline R32 rem32(uint32_t a, uint32_t b)
{
    R64 r = rem_x87(f(a), f(b), false);
    return {(uint32_t)r.v, r.flags};
}

bool has_fma();
bool has_avx512();

} // namespace hw
