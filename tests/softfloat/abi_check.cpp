// The soft-float ABI layer (built with sfabi-prefixed names, PowerPC NaN style) on the host:
//  - binary32/binary64 entry points return what the checked sf32_/sf64_ functions return, and
//    match the host's own float/double arithmetic for non-NaN results (round to nearest);
//  - comparison return values follow the libgcc convention for every edge pair;
//  - conversions truncate like C casts in range;
//  - the IBM double-double long double set is checked against the host's __float128 (113-bit):
//    sums, products and quotients within 2^-100 relative, results normalised, comparisons and
//    integer conversions exact.
#include "operands.h"
#include "softfloat.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>

extern "C" {
double sfabi__adddf3(double, double);
double sfabi__subdf3(double, double);
double sfabi__muldf3(double, double);
double sfabi__divdf3(double, double);
double sfabi__negdf2(double);
float sfabi__addsf3(float, float);
float sfabi__subsf3(float, float);
float sfabi__mulsf3(float, float);
float sfabi__divsf3(float, float);
int sfabi__eqdf2(double, double);
int sfabi__nedf2(double, double);
int sfabi__ltdf2(double, double);
int sfabi__ledf2(double, double);
int sfabi__gtdf2(double, double);
int sfabi__gedf2(double, double);
int sfabi__unorddf2(double, double);
int sfabi__eqsf2(float, float);
int sfabi__nesf2(float, float);
int sfabi__ltsf2(float, float);
int sfabi__lesf2(float, float);
int sfabi__gtsf2(float, float);
int sfabi__gesf2(float, float);
int sfabi__unordsf2(float, float);
double sfabi__extendsfdf2(float);
float sfabi__truncdfsf2(double);
int32_t sfabi__fixdfsi(double);
int64_t sfabi__fixdfdi(double);
uint32_t sfabi__fixunsdfsi(double);
uint64_t sfabi__fixunsdfdi(double);
int32_t sfabi__fixsfsi(float);
int64_t sfabi__fixsfdi(float);
uint32_t sfabi__fixunssfsi(float);
uint64_t sfabi__fixunssfdi(float);
double sfabi__floatsidf(int32_t);
double sfabi__floatdidf(int64_t);
double sfabi__floatunsidf(uint32_t);
double sfabi__floatundidf(uint64_t);
float sfabi__floatsisf(int32_t);
float sfabi__floatdisf(int64_t);
float sfabi__floatunsisf(uint32_t);
float sfabi__floatundisf(uint64_t);
double sfabisqrt(double);
float sfabisqrtf(float);
double sfabifma(double, double, double);
float sfabifmaf(float, float, float);
struct dd { double hi, lo; };
dd sfabi__gcc_qadd(double, double, double, double);
dd sfabi__gcc_qsub(double, double, double, double);
dd sfabi__gcc_qmul(double, double, double, double);
dd sfabi__gcc_qdiv(double, double, double, double);
int sfabi__gcc_qeq(double, double, double, double);
int sfabi__gcc_qne(double, double, double, double);
int sfabi__gcc_qlt(double, double, double, double);
int sfabi__gcc_qle(double, double, double, double);
int sfabi__gcc_qgt(double, double, double, double);
int sfabi__gcc_qge(double, double, double, double);
int sfabi__gcc_qunord(double, double, double, double);
dd sfabi__gcc_dtoq(double);
dd sfabi__gcc_stoq(float);
dd sfabi__gcc_itoq(int32_t);
dd sfabi__gcc_utoq(uint32_t);
dd sfabi__floatditf(int64_t);
dd sfabi__floatunditf(uint64_t);
double sfabi__gcc_qtod(double, double);
float sfabi__gcc_qtos(double, double);
int64_t sfabi__fixtfdi(double, double);
uint64_t sfabi__fixunstfdi(double, double);
uint32_t sfabi__fixunstfsi(double, double);
uint32_t sfabi__gcc_qtou(double, double);
}

namespace {
uint64_t U(double x) { uint64_t v; std::memcpy(&v, &x, 8); return v; }
uint32_t U(float x) { uint32_t v; std::memcpy(&v, &x, 4); return v; }
double D(uint64_t v) { double x; std::memcpy(&x, &v, 8); return x; }
float F(uint32_t v) { float x; std::memcpy(&x, &v, 4); return x; }

uint64_t g_checks = 0, g_fails = 0;
void expect(bool ok, const char* what, uint64_t a, uint64_t b)
{
    ++g_checks;
    if (!ok && g_fails++ < 20) std::printf("  FAIL %s a=%016" PRIx64 " b=%016" PRIx64 "\n", what, a, b);
}

// Host result unless it is a NaN (NaN bits differ by style; the sf functions are checked elsewhere).
bool same_or_nan(uint64_t got, double host) { return std::isnan(host) ? std::isnan(D(got)) : got == U(host); }
bool same_or_nan32(uint32_t got, float host) { return std::isnan(host) ? std::isnan(F(got)) : got == U(host); }

void check_pair64(uint64_t a, uint64_t b)
{
    double x = D(a), y = D(b);
    expect(U(sfabi__adddf3(x, y)) == sf64_add(a, b) && same_or_nan(U(sfabi__adddf3(x, y)), x + y), "__adddf3", a, b);
    expect(U(sfabi__subdf3(x, y)) == sf64_sub(a, b) && same_or_nan(U(sfabi__subdf3(x, y)), x - y), "__subdf3", a, b);
    expect(U(sfabi__muldf3(x, y)) == sf64_mul(a, b) && same_or_nan(U(sfabi__muldf3(x, y)), x * y), "__muldf3", a, b);
    expect(U(sfabi__divdf3(x, y)) == sf64_div(a, b) && same_or_nan(U(sfabi__divdf3(x, y)), x / y), "__divdf3", a, b);
    expect(same_or_nan(U(sfabifma(x, y, x)), std::fma(x, y, x)), "fma", a, b);
    expect((sfabi__eqdf2(x, y) == 0) == (x == y), "__eqdf2", a, b);
    expect((sfabi__nedf2(x, y) != 0) == (x != y), "__nedf2", a, b);
    expect((sfabi__ltdf2(x, y) < 0) == (x < y), "__ltdf2", a, b);
    expect((sfabi__ledf2(x, y) <= 0) == (x <= y), "__ledf2", a, b);
    expect((sfabi__gtdf2(x, y) > 0) == (x > y), "__gtdf2", a, b);
    expect((sfabi__gedf2(x, y) >= 0) == (x >= y), "__gedf2", a, b);
    expect((sfabi__unorddf2(x, y) != 0) == std::isunordered(x, y), "__unorddf2", a, b);
}

void check_pair32(uint32_t a, uint32_t b)
{
    float x = F(a), y = F(b);
    expect(U(sfabi__addsf3(x, y)) == sf32_add(a, b) && same_or_nan32(U(sfabi__addsf3(x, y)), x + y), "__addsf3", a, b);
    expect(U(sfabi__subsf3(x, y)) == sf32_sub(a, b) && same_or_nan32(U(sfabi__subsf3(x, y)), x - y), "__subsf3", a, b);
    expect(U(sfabi__mulsf3(x, y)) == sf32_mul(a, b) && same_or_nan32(U(sfabi__mulsf3(x, y)), x * y), "__mulsf3", a, b);
    expect(U(sfabi__divsf3(x, y)) == sf32_div(a, b) && same_or_nan32(U(sfabi__divsf3(x, y)), x / y), "__divsf3", a, b);
    expect(same_or_nan32(U(sfabifmaf(x, y, x)), std::fma(x, y, x)), "fmaf", a, b);
    expect((sfabi__eqsf2(x, y) == 0) == (x == y), "__eqsf2", a, b);
    expect((sfabi__nesf2(x, y) != 0) == (x != y), "__nesf2", a, b);
    expect((sfabi__ltsf2(x, y) < 0) == (x < y), "__ltsf2", a, b);
    expect((sfabi__lesf2(x, y) <= 0) == (x <= y), "__lesf2", a, b);
    expect((sfabi__gtsf2(x, y) > 0) == (x > y), "__gtsf2", a, b);
    expect((sfabi__gesf2(x, y) >= 0) == (x >= y), "__gesf2", a, b);
    expect((sfabi__unordsf2(x, y) != 0) == std::isunordered(x, y), "__unordsf2", a, b);
}

void check_unary(uint64_t a, uint32_t b)
{
    double x = D(a);
    float y = F(b);
    expect(same_or_nan(U(sfabisqrt(x)), std::sqrt(x)), "sqrt", a, 0);
    expect(same_or_nan32(U(sfabisqrtf(y)), std::sqrt(y)), "sqrtf", b, 0);
    expect(U(sfabi__negdf2(x)) == (a ^ (1ull << 63)), "__negdf2", a, 0);
    expect(same_or_nan(U(sfabi__extendsfdf2(y)), (double)y), "__extendsfdf2", b, 0);
    expect(same_or_nan32(U(sfabi__truncdfsf2(x)), (float)x), "__truncdfsf2", a, 0);
    // C casts, where defined.
    if (!std::isnan(x) && x > -2147483649.0 && x < 2147483648.0) expect(sfabi__fixdfsi(x) == (int32_t)x, "__fixdfsi", a, 0);
    if (!std::isnan(x) && x > -9223372036854775808.0 * 1.0000001 && x < 9223372036854775808.0 && std::fabs(x) < 9.2e18)
        expect(sfabi__fixdfdi(x) == (int64_t)x, "__fixdfdi", a, 0);
    if (!std::isnan(x) && x > -1.0 && x < 4294967296.0) expect(sfabi__fixunsdfsi(x) == (uint32_t)x, "__fixunsdfsi", a, 0);
    if (!std::isnan(x) && x > -1.0 && x < 18446744073709551616.0) expect(sfabi__fixunsdfdi(x) == (uint64_t)x, "__fixunsdfdi", a, 0);
    if (!std::isnan(y) && y > -2147483649.0f && y < 2147483648.0f) expect(sfabi__fixsfsi(y) == (int32_t)y, "__fixsfsi", b, 0);
    if (!std::isnan(y) && std::fabs(y) < 9.2e18f) expect(sfabi__fixsfdi(y) == (int64_t)y, "__fixsfdi", b, 0);
    if (!std::isnan(y) && y > -1.0f && y < 4294967296.0f) expect(sfabi__fixunssfsi(y) == (uint32_t)y, "__fixunssfsi", b, 0);
    if (!std::isnan(y) && y > -1.0f && y < 18446744073709551616.0f) expect(sfabi__fixunssfdi(y) == (uint64_t)y, "__fixunssfdi", b, 0);
}

void check_int(uint64_t v)
{
    expect(U(sfabi__floatsidf((int32_t)v)) == U((double)(int32_t)v), "__floatsidf", v, 0);
    expect(U(sfabi__floatdidf((int64_t)v)) == U((double)(int64_t)v), "__floatdidf", v, 0);
    expect(U(sfabi__floatunsidf((uint32_t)v)) == U((double)(uint32_t)v), "__floatunsidf", v, 0);
    expect(U(sfabi__floatundidf(v)) == U((double)v), "__floatundidf", v, 0);
    expect(U(sfabi__floatsisf((int32_t)v)) == U((float)(int32_t)v), "__floatsisf", v, 0);
    expect(U(sfabi__floatdisf((int64_t)v)) == U((float)(int64_t)v), "__floatdisf", v, 0);
    expect(U(sfabi__floatunsisf((uint32_t)v)) == U((float)(uint32_t)v), "__floatunsisf", v, 0);
    expect(U(sfabi__floatundisf(v)) == U((float)v), "__floatundisf", v, 0);
    // long double from integers: exact.
    dd q = sfabi__floatditf((int64_t)v);
    expect((__float128)q.hi + q.lo == (__float128)(int64_t)v && q.hi == q.hi + q.lo, "__floatditf", v, 0);
    q = sfabi__floatunditf(v);
    expect((__float128)q.hi + q.lo == (__float128)v && q.hi == q.hi + q.lo, "__floatunditf", v, 0);
    q = sfabi__gcc_itoq((int32_t)v);
    expect(q.hi == (double)(int32_t)v && q.lo == 0, "__gcc_itoq", v, 0);
    q = sfabi__gcc_utoq((uint32_t)v);
    expect(q.hi == (double)(uint32_t)v && q.lo == 0, "__gcc_utoq", v, 0);
}

// ---- IBM double-double ------------------------------------------------------------------------
__float128 val(dd x) { return (__float128)x.hi + x.lo; }
bool normalised(dd x) { return !std::isfinite(x.hi) || (x.hi + x.lo == x.hi); }
bool close(__float128 got, __float128 want)
{
    if (want == 0) return got == 0;
    __float128 e = (got - want) / want;
    if (e < 0) e = -e;
    return e < (__float128)std::ldexp(1.0, -100);
}
__float128 trunc128(__float128 v)
{
    // exact truncation for |v| < 2^64 + something: split off an integer part with doubles
    __float128 sgn = v < 0 ? -1 : 1;
    if (v < 0) v = -v;
    unsigned __int128 i = (unsigned __int128)v;
    return sgn * (__float128)i;
}

dd random_dd(std::mt19937_64& rng, int exp_span)
{
    double hi = std::ldexp((double)(rng() >> 11) / 9007199254740992.0 + 0.5, (int)(rng() % (2 * exp_span + 1)) - exp_span);
    if (rng() & 1) hi = -hi;
    double lo = std::ldexp((double)(rng() >> 11) / 9007199254740992.0 - 0.5, std::ilogb(hi) - 53);
    double s = hi + lo;
    return {s, lo - (s - hi)};
}

void check_dd(std::mt19937_64& rng)
{
    dd x = random_dd(rng, 60), y = random_dd(rng, 60);
    if (rng() % 8 == 0) y = {x.hi, -x.lo}; // cancellation
    dd r = sfabi__gcc_qadd(x.hi, x.lo, y.hi, y.lo);
    __float128 want = val(x) + val(y);
    expect(normalised(r) && (close(val(r), want) || std::fabs((double)(val(r) - want)) < std::ldexp(std::fabs(x.hi), -104)), "__gcc_qadd", U(x.hi), U(y.hi));
    r = sfabi__gcc_qsub(x.hi, x.lo, y.hi, y.lo);
    want = val(x) - val(y);
    expect(normalised(r) && (close(val(r), want) || std::fabs((double)(val(r) - want)) < std::ldexp(std::fabs(x.hi), -104)), "__gcc_qsub", U(x.hi), U(y.hi));
    r = sfabi__gcc_qmul(x.hi, x.lo, y.hi, y.lo);
    expect(normalised(r) && close(val(r), val(x) * val(y)), "__gcc_qmul", U(x.hi), U(y.hi));
    r = sfabi__gcc_qdiv(x.hi, x.lo, y.hi, y.lo);
    expect(normalised(r) && close(val(r), val(x) / val(y)), "__gcc_qdiv", U(x.hi), U(y.hi));
    __float128 a = val(x), b = val(y);
    if (rng() % 4 == 0) { y = x; b = a; }
    expect((sfabi__gcc_qeq(x.hi, x.lo, y.hi, y.lo) == 0) == (a == b), "__gcc_qeq", U(x.hi), U(y.hi));
    expect((sfabi__gcc_qne(x.hi, x.lo, y.hi, y.lo) != 0) == (a != b), "__gcc_qne", U(x.hi), U(y.hi));
    expect((sfabi__gcc_qlt(x.hi, x.lo, y.hi, y.lo) < 0) == (a < b), "__gcc_qlt", U(x.hi), U(y.hi));
    expect((sfabi__gcc_qle(x.hi, x.lo, y.hi, y.lo) <= 0) == (a <= b), "__gcc_qle", U(x.hi), U(y.hi));
    expect((sfabi__gcc_qgt(x.hi, x.lo, y.hi, y.lo) > 0) == (a > b), "__gcc_qgt", U(x.hi), U(y.hi));
    expect((sfabi__gcc_qge(x.hi, x.lo, y.hi, y.lo) >= 0) == (a >= b), "__gcc_qge", U(x.hi), U(y.hi));
    expect(sfabi__gcc_qunord(x.hi, x.lo, y.hi, y.lo) == 0, "__gcc_qunord", U(x.hi), U(y.hi));
    expect(sfabi__gcc_qtod(x.hi, x.lo) == x.hi, "__gcc_qtod", U(x.hi), U(x.lo));
    expect(U(sfabi__gcc_qtos(x.hi, x.lo)) == U((float)a), "__gcc_qtos", U(x.hi), U(x.lo)); // __float128 -> float rounds once
    // Integer conversions: values within the 64-bit range.
    dd z = random_dd(rng, 0);
    z.hi = std::ldexp(z.hi, (int)(rng() % 64));
    z.lo = std::ldexp(z.lo, std::ilogb(z.hi) - std::ilogb(z.lo) - 53 - (int)(rng() % 3));
    { double s = z.hi + z.lo; z = {s, z.lo - (s - z.hi)}; }
    if (rng() % 3 == 0) z = {std::trunc(z.hi), (rng() & 1) ? 0.25 : -0.25}; // integral hi
    { double s = z.hi + z.lo; z = {s, z.lo - (s - z.hi)}; }
    __float128 t = trunc128(val(z));
    if (t >= -(__float128)9223372036854775808.0 && t < (__float128)9223372036854775808.0)
        expect((__float128)sfabi__fixtfdi(z.hi, z.lo) == t, "__fixtfdi", U(z.hi), U(z.lo));
    if (t >= 0 && t < (__float128)18446744073709551616.0)
        expect((__float128)sfabi__fixunstfdi(z.hi, z.lo) == t, "__fixunstfdi", U(z.hi), U(z.lo));
    if (t >= 0 && t < (__float128)4294967296.0)
        expect((__float128)sfabi__fixunstfsi(z.hi, z.lo) == t, "__fixunstfsi", U(z.hi), U(z.lo));
    if (t >= -(__float128)2147483648.0 && t < (__float128)2147483648.0)
        expect((__float128)(int32_t)sfabi__gcc_qtou(z.hi, z.lo) == t, "__gcc_qtou", U(z.hi), U(z.lo));
    double d = x.hi;
    dd q = sfabi__gcc_dtoq(d);
    expect(q.hi == d && q.lo == 0, "__gcc_dtoq", U(d), 0);
    q = sfabi__gcc_stoq((float)d);
    expect(q.hi == (double)(float)d && q.lo == 0, "__gcc_stoq", U(d), 0);
}

} // namespace

int main()
{
    softfloat_roundingMode = softfloat_round_near_even;
    std::vector<uint64_t> e64 = ops::edge_floats(ops::kF64), e32 = ops::edge_floats(ops::kF32);
    for (uint64_t a : e64)
        for (uint64_t b : e64) check_pair64(a, b);
    for (uint64_t a : e32)
        for (uint64_t b : e32) check_pair32((uint32_t)a, (uint32_t)b);
    for (size_t i = 0; i < e64.size(); ++i) check_unary(e64[i], (uint32_t)e32[i % e32.size()]);
    for (uint64_t v : ops::edge_ints(64, true)) check_int(v);
    ops::Gen gen(42);
    std::mt19937_64 rng(42);
    for (int i = 0; i < 200000; ++i) {
        uint64_t a = gen.flt(ops::kF64), b = gen.flt(ops::kF64, ops::Gen::exp_of(ops::kF64, a));
        check_pair64(a, b);
        uint32_t c = (uint32_t)gen.flt(ops::kF32), d = (uint32_t)gen.flt(ops::kF32, ops::Gen::exp_of(ops::kF32, c));
        check_pair32(c, d);
        check_unary(i & 1 ? gen.flt_intish(ops::kF64, 64) : a, i & 1 ? (uint32_t)gen.flt_intish(ops::kF32, 64) : c);
        check_int(gen.integer(64));
        check_dd(rng);
    }
    std::printf("soft-float ABI: %" PRIu64 " checks, %" PRIu64 " failed\n", g_checks, g_fails);
    return g_fails ? 1 : 0;
}
