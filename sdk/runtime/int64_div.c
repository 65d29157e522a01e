/* 64-bit division helpers clang calls on 32-bit PowerPC (__udivdi3, __umoddi3, __divdi3,
 * __moddi3, and __udivmoddi4 under them). The core divides by a normalised 32-bit divisor in two
 * 16-bit quotient digits with the hardware's 32-bit divwu (schoolbook long division, Knuth's
 * algorithm D with base 2^16), so a division costs tens of instructions, not a 64-step loop.
 * Division by zero executes a trap instruction: a program interrupt that the SDK reports. If a
 * handler resumes after it, the quotient is all ones and the remainder the dividend. */
#include <stdint.h>

uint64_t __udivmoddi4(uint64_t a, uint64_t b, uint64_t* rem);
uint64_t __udivdi3(uint64_t a, uint64_t b);
uint64_t __umoddi3(uint64_t a, uint64_t b);
int64_t __divdi3(int64_t a, int64_t b);
int64_t __moddi3(int64_t a, int64_t b);

/* (hi:lo) / d for hi < d (so the quotient fits in 32 bits); remainder in *r. */
static uint32_t div_64_32(uint32_t hi, uint32_t lo, uint32_t d, uint32_t* r) {
  int s = __builtin_clz(d); /* normalise: the divisor's top bit set */
  d <<= s;
  uint32_t un32 = s ? (hi << s) | (lo >> (32 - s)) : hi;
  uint32_t un10 = lo << s;
  uint32_t dh = d >> 16, dl = d & 0xFFFF;
  uint32_t un1 = un10 >> 16, un0 = un10 & 0xFFFF;

  /* First digit: estimate from the top two halves, then correct (at most twice). */
  uint32_t q1 = un32 / dh, rhat = un32 - q1 * dh;
  while (q1 > 0xFFFF || q1 * dl > ((rhat << 16) | un1)) {
    --q1;
    rhat += dh;
    if (rhat > 0xFFFF) break;
  }
  uint32_t un21 = ((un32 << 16) | un1) - q1 * d;

  uint32_t q0 = un21 / dh;
  rhat = un21 - q0 * dh;
  while (q0 > 0xFFFF || q0 * dl > ((rhat << 16) | un0)) {
    --q0;
    rhat += dh;
    if (rhat > 0xFFFF) break;
  }
  *r = (((un21 << 16) | un0) - q0 * d) >> s;
  return (q1 << 16) | q0;
}

uint64_t __udivmoddi4(uint64_t a, uint64_t b, uint64_t* rem) {
  uint32_t ah = (uint32_t)(a >> 32), al = (uint32_t)a;
  uint32_t bh = (uint32_t)(b >> 32), bl = (uint32_t)b;
  uint64_t q;
  uint64_t r;
  if (b == 0) {
    __asm__ volatile("trap");
    if (rem) *rem = a;
    return ~0ull;
  }
  if (bh == 0) {
    if (ah == 0) { /* both fit in 32 bits */
      q = al / bl;
      r = al - (uint32_t)q * bl;
    } else {
      uint32_t qh = ah / bl, rh = ah - qh * bl, r32;
      uint32_t ql = div_64_32(rh, al, bl, &r32);
      q = ((uint64_t)qh << 32) | ql;
      r = r32;
    }
  } else {
    /* Divisor of 33+ bits: the quotient fits in 32 bits. Estimate it from the divisor's top 32
     * bits (normalised) and a/2, which is off by at most one, then fix it up. */
    int s = __builtin_clz(bh);
    uint32_t btop = (uint32_t)((b << s) >> 32);
    uint64_t a1 = a >> 1;
    uint32_t unused;
    uint32_t q1 = div_64_32((uint32_t)(a1 >> 32), (uint32_t)a1, btop, &unused);
    uint64_t q0 = ((uint64_t)q1 << s) >> 31;
    if (q0) --q0;
    if (a - q0 * b >= b) ++q0;
    q = q0;
    r = a - q0 * b;
  }
  if (rem) *rem = r;
  return q;
}

uint64_t __udivdi3(uint64_t a, uint64_t b) { return __udivmoddi4(a, b, 0); }

uint64_t __umoddi3(uint64_t a, uint64_t b) {
  uint64_t r;
  __udivmoddi4(a, b, &r);
  return r;
}

static uint64_t magnitude(int64_t v) { return v < 0 ? 0 - (uint64_t)v : (uint64_t)v; }

/* Truncating division: the quotient is negative when the signs differ, the remainder takes the
 * dividend's sign (C99). INT64_MIN / -1 overflows in C; here it wraps to INT64_MIN. */
int64_t __divdi3(int64_t a, int64_t b) {
  uint64_t q = __udivmoddi4(magnitude(a), magnitude(b), 0);
  return (int64_t)((a < 0) != (b < 0) ? 0 - q : q);
}

int64_t __moddi3(int64_t a, int64_t b) {
  uint64_t r;
  __udivmoddi4(magnitude(a), magnitude(b), &r);
  return (int64_t)(a < 0 ? 0 - r : r);
}
