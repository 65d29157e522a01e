/* Instructions per SoftFloat operation on this core, for the NIC reduction's inner loop:
 * acc = acc op x[i] over an array, through the library (sf64_add/sf64_mul) and through plain
 * double code (the soft-float ABI). Instructions are measured with the time base, calibrated
 * by a loop of known length (2 instructions per iteration), so the result is in instructions
 * under the functional model and in cycles under a timing model. */
#include <stdio.h>

#include "pimnic/cpu.h"
#include "softfloat.h"

#define N 2000

static uint64_t xs[N], ys[N];
static double xd[N], yd[N];
static uint32_t xf[N];

static uint32_t tb(void) { return pimnic_mfspr(PIMNIC_SPR_TBL_R); }

static void spin(uint32_t n)
{
    __asm__ volatile("mtctr %0\n1:\taddi 0, 0, 0\n\tbdnz 1b" : : "r"(n) : "ctr", "r0");
}

static uint32_t lcg_state = 12345;
static uint32_t lcg(void) { return lcg_state = lcg_state * 1664525u + 1013904223u; }

/* Report x/N with two decimals from a count scaled by `num/den`. */
static void report(const char* what, uint32_t ticks, uint32_t ticks_empty, uint32_t num, uint32_t den)
{
    uint64_t total = (uint64_t)ticks * num * 100 / den / N;
    uint64_t net = ticks > ticks_empty ? (uint64_t)(ticks - ticks_empty) * num * 100 / den / N : 0;
    printf("  %-34s %4u.%02u per op (%u.%02u after loop overhead)\n", what, (unsigned)(total / 100),
           (unsigned)(total % 100), (unsigned)(net / 100), (unsigned)(net % 100));
}

int main(void)
{
    /* Reduction-like data: values in [1, 2) times 2^[-8, 8], random signs for the sums; factors
     * close to 1 for the products (no overflow over N steps). */
    for (int i = 0; i < N; ++i) {
        uint64_t frac = ((uint64_t)lcg() << 20 ^ lcg()) & 0x000FFFFFFFFFFFFFull;
        uint64_t e = 1023 - 8 + lcg() % 17;
        xs[i] = (uint64_t)(lcg() & 1) << 63 | e << 52 | frac;
        uint64_t small = frac >> 12; /* factors within 2^-12 of 1 */
        ys[i] = (lcg() & 1) ? (uint64_t)1023 << 52 | small : (uint64_t)1022 << 52 | (0x000FFFFFFFFFFFFFull - small);
        xf[i] = (uint32_t)(lcg() & 1) << 31 | (uint32_t)(127 - 8 + lcg() % 17) << 23 | (lcg() & 0x7FFFFF);
        union { uint64_t u; double d; } cx, cy;
        cx.u = xs[i];
        cy.u = ys[i];
        xd[i] = cx.d;
        yd[i] = cy.d;
    }
    softfloat_roundingMode = softfloat_round_near_even;

    uint32_t t0 = tb();
    spin(100000);
    uint32_t t_cal = tb() - t0;
    /* instructions per tick = 200000 / t_cal; counts below are ticks * 200000 / t_cal */
    const uint32_t num = 200000, den = t_cal ? t_cal : 1;

    volatile uint64_t sink;
    uint64_t acc;
    uint32_t t;

    acc = 0;
    t = tb();
    for (int i = 0; i < N; ++i) acc ^= xs[i];
    uint32_t t_empty = tb() - t;
    sink = acc;

    printf("softfloat-bench (%s): %u iterations, %u.%u instructions per time-base tick\n", PIMNIC_PROFILE_NAME, N,
           num / den, (num % den) * 10 / den);

    acc = 0;
    t = tb();
    for (int i = 0; i < N; ++i) acc = sf64_add(acc, xs[i]);
    report("f64_add (sf64_add, acc += x[i])", tb() - t, t_empty, num, den);
    sink = acc;

    acc = 0x3FF0000000000000ull;
    t = tb();
    for (int i = 0; i < N; ++i) acc = sf64_mul(acc, ys[i]);
    report("f64_mul (sf64_mul, acc *= y[i])", tb() - t, t_empty, num, den);
    sink = acc;

    volatile double dsink;
    double d = 0;
    t = tb();
    for (int i = 0; i < N; ++i) d += xd[i];
    report("double + (__adddf3)", tb() - t, t_empty, num, den);
    dsink = d;

    d = 1.0;
    t = tb();
    for (int i = 0; i < N; ++i) d *= yd[i];
    report("double * (__muldf3)", tb() - t, t_empty, num, den);
    dsink = d;

    uint32_t f = 0;
    t = tb();
    for (int i = 0; i < N; ++i) f = sf32_add(f, xf[i]);
    report("f32_add (sf32_add)", tb() - t, t_empty, num, den);
    sink = f;

    f = 0x3F800000u;
    t = tb();
    for (int i = 0; i < N; ++i) f = sf32_mul(f, 0x3F800000u | (xf[i] & 0xFFFF));
    report("f32_mul (sf32_mul)", tb() - t, t_empty, num, den);
    sink = f;

    acc = 0;
    t = tb();
    for (int i = 0; i < N; ++i) acc = sf64_div(xs[i], ys[i]);
    report("f64_div (sf64_div)", tb() - t, t_empty, num, den);
    sink = acc;

    t = tb();
    for (int i = 0; i < N; ++i) acc = sf64_sqrt(xs[i] & 0x7FFFFFFFFFFFFFFFull);
    report("f64_sqrt (sf64_sqrt)", tb() - t, t_empty, num, den);
    sink = acc;

    t = tb();
    for (int i = 0; i < N; ++i) acc = sf64_mulAdd(xs[i], ys[i], acc);
    report("f64_mulAdd (sf64_mulAdd)", tb() - t, t_empty, num, den);
    sink = acc;

    (void)sink;
    (void)dsink;
    return 0;
}
