/* 64-bit shifts and multiply in the libgcc ABI. clang 14 inlines all of these for PowerPC (see
 * docs/sdk.md for the measured set), but other compilers and -O levels may call them, and they
 * cost nothing when unused (--gc-sections). */
#include <stdint.h>

int64_t __ashldi3(int64_t a, int n);
int64_t __ashrdi3(int64_t a, int n);
uint64_t __lshrdi3(uint64_t a, int n);
int64_t __muldi3(int64_t a, int64_t b);

/* Written with 32-bit halves so that the compiler cannot turn them back into calls to themselves. */
typedef union { uint64_t all; struct { uint32_t hi, lo; } w; } halves; /* big-endian order */

int64_t __ashldi3(int64_t a, int n) {
  halves x = {.all = (uint64_t)a}, r;
  if (n == 0) return a;
  if (n >= 32) {
    r.w.lo = 0;
    r.w.hi = x.w.lo << (n - 32);
  } else {
    r.w.lo = x.w.lo << n;
    r.w.hi = (x.w.hi << n) | (x.w.lo >> (32 - n));
  }
  return (int64_t)r.all;
}

uint64_t __lshrdi3(uint64_t a, int n) {
  halves x = {.all = a}, r;
  if (n == 0) return a;
  if (n >= 32) {
    r.w.hi = 0;
    r.w.lo = x.w.hi >> (n - 32);
  } else {
    r.w.hi = x.w.hi >> n;
    r.w.lo = (x.w.lo >> n) | (x.w.hi << (32 - n));
  }
  return r.all;
}

int64_t __ashrdi3(int64_t a, int n) {
  halves x = {.all = (uint64_t)a}, r;
  if (n == 0) return a;
  if (n >= 32) {
    r.w.hi = (uint32_t)((int32_t)x.w.hi >> 31);
    r.w.lo = (uint32_t)((int32_t)x.w.hi >> (n - 32));
  } else {
    r.w.hi = (uint32_t)((int32_t)x.w.hi >> n);
    r.w.lo = (x.w.lo >> n) | (x.w.hi << (32 - n));
  }
  return (int64_t)r.all;
}

/* Low 64 bits of the product: lo*lo in full (from 16-bit pieces), plus the cross terms' low words. */
int64_t __muldi3(int64_t a, int64_t b) {
  halves x = {.all = (uint64_t)a}, y = {.all = (uint64_t)b}, r;
  uint32_t al = x.w.lo, bl = y.w.lo;
  uint32_t a0 = al & 0xFFFF, a1 = al >> 16, b0 = bl & 0xFFFF, b1 = bl >> 16;
  uint32_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint32_t mid = (p00 >> 16) + (p01 & 0xFFFF) + (p10 & 0xFFFF);
  r.w.lo = (p00 & 0xFFFF) | (mid << 16);
  r.w.hi = p11 + (p01 >> 16) + (p10 >> 16) + (mid >> 16) + x.w.hi * bl + al * y.w.hi;
  return (int64_t)r.all;
}
