// Host-side throughput of pimnic SoftFloat: operations per second for each operation on
// reduction-like operands (normal numbers of moderate range, a dependency-free stream), with
// the library as firmware uses it (PowerPC NaN style, round to nearest even).
#include "softfloat.h"

#include <ctime>
#include <cinttypes>
#include <cstdio>
#include <random>
#include <vector>

namespace {
constexpr size_t kN = 1 << 14;
std::vector<uint64_t> a64(kN), b64(kN), c64(kN);
std::vector<uint32_t> a32(kN), b32(kN), c32(kN);
volatile uint64_t g_sink;

// CPU time of this thread, so that a busy shared machine slows the figures less than wall time.
double cpu_seconds()
{
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

template <class F> void bench(const char* name, F f)
{
    uint64_t ops = 0, acc = 0;
    double t0 = cpu_seconds(), secs = 0;
    do {
        for (size_t i = 0; i < kN; ++i) acc += f(i);
        ops += kN;
        secs = cpu_seconds() - t0;
    } while (secs < 0.25);
    g_sink = acc;
    std::printf("%-22s %8.1f Mops/s  %6.1f ns/op\n", name, ops / secs / 1e6, secs / ops * 1e9);
}
} // namespace

int main()
{
    std::mt19937_64 rng(1);
    auto f64 = [&](int span) {
        return (rng() & (1ull << 63)) | (uint64_t)(1023 - span + (int)(rng() % (2 * span + 1))) << 52 | (rng() & 0xFFFFFFFFFFFFFull);
    };
    auto f32 = [&](int span) {
        return (uint32_t)((rng() & 1) << 31 | (uint32_t)(127 - span + (int)(rng() % (2 * span + 1))) << 23 | (rng() & 0x7FFFFF));
    };
    for (size_t i = 0; i < kN; ++i) {
        a64[i] = f64(20), b64[i] = f64(20), c64[i] = f64(40);
        a32[i] = f32(10), b32[i] = f32(10), c32[i] = f32(20);
    }
    softfloat_roundingMode = softfloat_round_near_even;
    std::printf("pimnic SoftFloat on the host (PowerPC NaN style, near_even; per CPU second of this thread)\n");
    bench("f64_add", [](size_t i) { return sf64_add(a64[i], b64[i]); });
    bench("f64_sub", [](size_t i) { return sf64_sub(a64[i], b64[i]); });
    bench("f64_mul", [](size_t i) { return sf64_mul(a64[i], b64[i]); });
    bench("f64_div", [](size_t i) { return sf64_div(a64[i], b64[i]); });
    bench("f64_sqrt", [](size_t i) { return sf64_sqrt(a64[i] & ~(1ull << 63)); });
    bench("f64_rem", [](size_t i) { return sf64_rem(a64[i], b64[i]); });
    bench("f64_mulAdd", [](size_t i) { return sf64_mulAdd(a64[i], b64[i], c64[i]); });
    bench("f64_roundToInt", [](size_t i) { return sf64_roundToInt(c64[i], softfloat_round_near_even, true); });
    bench("f64_lt", [](size_t i) { return (uint64_t)sf64_lt(a64[i], b64[i]); });
    bench("f64_to_f32", [](size_t i) { return (uint64_t)sf64_to_f32(a64[i]); });
    bench("f64_to_i64", [](size_t i) { return (uint64_t)sf64_to_i64(c64[i], softfloat_round_minMag, true); });
    bench("i64_to_f64", [](size_t i) { return sf_i64_to_f64((int64_t)a64[i]); });
    bench("f32_add", [](size_t i) { return (uint64_t)sf32_add(a32[i], b32[i]); });
    bench("f32_mul", [](size_t i) { return (uint64_t)sf32_mul(a32[i], b32[i]); });
    bench("f32_div", [](size_t i) { return (uint64_t)sf32_div(a32[i], b32[i]); });
    bench("f32_sqrt", [](size_t i) { return (uint64_t)sf32_sqrt(a32[i] & 0x7FFFFFFFu); });
    bench("f32_mulAdd", [](size_t i) { return (uint64_t)sf32_mulAdd(a32[i], b32[i], c32[i]); });
    bench("f32_to_f64", [](size_t i) { return sf32_to_f64(a32[i]); });
    return 0;
}
