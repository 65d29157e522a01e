/* 64-bit division (__divdi3 and friends) and 64-bit integer <-> floating-point conversions.
 * Division is checked by its defining properties (a == q*b + r, |r| < |b|, r has a's sign) on
 * values of every width. Conversions print "conv <op> <input> <result>" lines (bits in hex) that
 * tests/firmware/check_selftest.py recomputes with Python's exact integer arithmetic. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pimnic/test.h"
#include "selftest.h"

/* The SDK's own conversions, callable even where SoftFloat provides the ABI names. */
double __pimnic_floatdidf(int64_t a);
double __pimnic_floatundidf(uint64_t a);
float __pimnic_floatdisf(int64_t a);
float __pimnic_floatundisf(uint64_t a);
int64_t __pimnic_fixdfdi(double a);
uint64_t __pimnic_fixunsdfdi(double a);
int64_t __pimnic_fixsfdi(float a);
uint64_t __pimnic_fixunssfdi(float a);

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void) { /* xorshift64 */
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* A random value of a random width (1..64 bits), so that every path of the divider runs. */
static uint64_t random_width(void) {
  unsigned bits = (unsigned)(next_random() % 64) + 1;
  uint64_t v = next_random();
  return bits == 64 ? v : v & ((1ull << bits) - 1);
}

static uint64_t umag(int64_t v) { return v < 0 ? 0 - (uint64_t)v : (uint64_t)v; }

void test_int64_div(void) {
  volatile uint64_t va = 0xFFFFFFFFFFFFFFFFull, vb = 3;
  CHECK_EQ(va / vb, 0x5555555555555555ull);
  CHECK_EQ(va % vb, 0);
  va = 1000000000000000000ull, vb = 7;
  CHECK_EQ(va / vb, 142857142857142857ull);
  CHECK_EQ(va % vb, 1);
  volatile int64_t sa = -1000000000000000000ll, sb = 7;
  CHECK_EQ(sa / sb, -142857142857142857ll);
  CHECK_EQ(sa % sb, -1);
  sb = -7;
  CHECK_EQ(sa / sb, 142857142857142857ll);
  CHECK_EQ(sa % sb, -1);
  sa = INT64_MIN, sb = 2;
  CHECK_EQ(sa / sb, INT64_MIN / 2);
  va = 0x8000000000000000ull, vb = 0x8000000000000001ull;
  CHECK_EQ(va / vb, 0);
  CHECK_EQ(va % vb, 0x8000000000000000ull);
  va = 0xFFFFFFFFFFFFFFFFull, vb = 0x100000000ull;
  CHECK_EQ(va / vb, 0xFFFFFFFFull);
  CHECK_EQ(va % vb, 0xFFFFFFFFull);

  int ok_u = 1, ok_s = 1;
  for (int i = 0; i < 3000; ++i) {
    uint64_t a = random_width(), b = random_width();
    if (!b) b = 1;
    volatile uint64_t x = a, y = b;
    uint64_t q = x / y, r = x % y;
    ok_u &= q * b + r == a && r < b;
    int64_t sa2 = (int64_t)a, sb2 = (int64_t)b;
    if (next_random() & 1) sa2 = (int64_t)(0 - (uint64_t)sa2);
    if (next_random() & 1) sb2 = (int64_t)(0 - (uint64_t)sb2);
    if (sa2 == INT64_MIN && sb2 == -1) continue; /* overflows in C */
    volatile int64_t xs = sa2, ys = sb2;
    int64_t qs = xs / ys, rs = xs % ys;
    ok_s &= (uint64_t)qs * (uint64_t)sb2 + (uint64_t)rs == (uint64_t)sa2;
    ok_s &= umag(rs) < umag(sb2) && (rs == 0 || (rs < 0) == (sa2 < 0));
    if (!(ok_u && ok_s)) {
      printf("division failed: %llx / %llx\n", (unsigned long long)a, (unsigned long long)b);
      break;
    }
  }
  CHECK(ok_u);
  CHECK(ok_s);
}

static uint64_t dbits(double d) {
  uint64_t b;
  memcpy(&b, &d, sizeof b);
  return b;
}

static uint32_t fbits(float f) {
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

static double bits_d(uint64_t b) {
  double d;
  memcpy(&d, &b, sizeof d);
  return d;
}

static float bits_f(uint32_t b) {
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

static void conv_from_int(const char* tag, uint64_t v, int use_sdk) {
  volatile uint64_t u = v;
  volatile int64_t s = (int64_t)v;
  double a = use_sdk ? __pimnic_floatdidf(s) : (double)s;
  double b = use_sdk ? __pimnic_floatundidf(u) : (double)u;
  float c = use_sdk ? __pimnic_floatdisf(s) : (float)s;
  float d = use_sdk ? __pimnic_floatundisf(u) : (float)u;
  printf("%s %016llx %016llx %016llx %08x %08x\n", tag, (unsigned long long)v, (unsigned long long)dbits(a),
         (unsigned long long)dbits(b), (unsigned)fbits(c), (unsigned)fbits(d));
}

/* Only values that fit the result type are defined in C; use_sdk covers the rest too. */
static void conv_to_int(const char* tag, uint64_t bits, uint32_t fbits_in, int use_sdk) {
  volatile double d = bits_d(bits);
  volatile float f = bits_f(fbits_in);
  int64_t a = use_sdk ? __pimnic_fixdfdi(d) : (int64_t)d;
  uint64_t b = use_sdk ? __pimnic_fixunsdfdi(d) : (uint64_t)d;
  int64_t c = use_sdk ? __pimnic_fixsfdi(f) : (int64_t)f;
  uint64_t e = use_sdk ? __pimnic_fixunssfdi(f) : (uint64_t)f;
  printf("%s %016llx %08x %016llx %016llx %016llx %016llx\n", tag, (unsigned long long)bits, (unsigned)fbits_in,
         (unsigned long long)a, (unsigned long long)b, (unsigned long long)c, (unsigned long long)e);
}

void test_int64_conv(void) {
  static const uint64_t ints[] = {
      0, 1, 2, 3, 0x7F, 0xFFFFFF, 0x1000000, 0x1000001, 0x1000003, 0x20000000000000ull,
      0x20000000000001ull, 0x20000000000003ull, 0x1FFFFFFFFFFFFFull, 0x7FFFFFFFFFFFFFFFull,
      0x8000000000000000ull, 0x8000000000000001ull, 0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFFC00ull,
      0xFFFFFFFFFFFFFBFFull, 0x7FFFFFFFFFFFFE00ull, 0x7FFFFFFFFFFFFDFFull, 0xFFFFFF7FFFFFFFFFull,
      0x00000000FFFFFFFFull, 0x0000000100000000ull, 0xFFFFFFFF00000000ull, 0x8000008000000000ull,
      0x8000018000000000ull,
  };
  /* Doubles and floats (as bits) at the edges: zeros, halves, the limits 2^63 and 2^64 and
   * their neighbours, infinities, NaN, denormals. */
  static const uint64_t doubles[] = {
      0x0000000000000000ull, 0x8000000000000000ull, 0x3FE0000000000000ull, 0xBFE0000000000000ull,
      0x3FF0000000000000ull, 0xBFF0000000000000ull, 0x3FEFFFFFFFFFFFFFull, 0x4330000000000001ull,
      0x4340000000000001ull, 0x43DFFFFFFFFFFFFFull, 0xC3E0000000000000ull, 0xC3DFFFFFFFFFFFFFull,
      0x43E0000000000000ull, 0x43EFFFFFFFFFFFFFull, 0x43F0000000000000ull, 0x7FF0000000000000ull,
      0xFFF0000000000000ull, 0x7FF8000000000000ull, 0xFFF8000000000000ull, 0x0000000000000001ull,
      0x4415AF1D78B58C40ull, 0xC415AF1D78B58C40ull, 0x40FE240CA0000000ull, 0xC0FE240CA0000000ull,
  };
  static const uint32_t floats[] = {
      0x00000000u, 0x80000000u, 0x3F000000u, 0xBF000000u, 0x3F800000u, 0xBF800000u, 0x3F7FFFFFu,
      0x4B000001u, 0x4B800001u, 0x5EFFFFFFu, 0xDF000000u, 0xDEFFFFFFu, 0x5F000000u, 0x5F7FFFFFu,
      0x5F800000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x00000001u, 0x60AD78ECu,
      0xE0AD78ECu, 0x47F12065u, 0xC7F12065u,
  };
  for (unsigned i = 0; i < sizeof ints / sizeof ints[0]; ++i) {
    conv_from_int("conv-from", ints[i], 0);
    conv_from_int("conv-sdk-from", ints[i], 1);
  }
  for (int i = 0; i < 200; ++i) {
    uint64_t v = random_width();
    if (next_random() & 1) v = 0 - v;
    conv_from_int("conv-from", v, 0);
    conv_from_int("conv-sdk-from", v, 1);
  }
  for (unsigned i = 0; i < sizeof doubles / sizeof doubles[0]; ++i) {
    conv_to_int("conv-to", doubles[i], floats[i], 0);
    conv_to_int("conv-sdk-to", doubles[i], floats[i], 1);
  }
  for (int i = 0; i < 200; ++i) {
    /* Random sign and fraction with an exponent from 2^-2 to 2^66: around every limit. */
    uint64_t dexp = 1021 + next_random() % 68, fexp = 125 + next_random() % 68;
    uint64_t d = (next_random() & 0x800FFFFFFFFFFFFFull) | (dexp << 52);
    uint32_t f = ((uint32_t)next_random() & 0x807FFFFFu) | (uint32_t)(fexp << 23);
    conv_to_int("conv-to", d, f, 0);
    conv_to_int("conv-sdk-to", d, f, 1);
  }
  /* Round trips that need no reference. */
  volatile int64_t big = 123456789012345ll;
  CHECK_EQ((int64_t)(double)big, 123456789012345ll);
  volatile double half = -2.5;
  CHECK_EQ((int64_t)half, -2);
  volatile float fl = 16777216.0f;
  CHECK_EQ((uint64_t)fl, 16777216u);
}
