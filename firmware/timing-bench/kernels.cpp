#include "kernels.h"

#define REP4(x) x x x x
#define REP16(x) REP4(x) REP4(x) REP4(x) REP4(x)

uint32_t kernel_add_chain(uint32_t iters) {
  uint32_t a = 1, b = 3;
  __asm__ volatile(
      "mtctr %2\n"
      "1:\n" REP16("add %0, %0, %1\n") "bdnz 1b\n"
      : "+r"(a) : "r"(b), "r"(iters) : "ctr");
  return a;
}

uint32_t kernel_add_indep(uint32_t iters) {
  uint32_t a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, k = 11;
  __asm__ volatile(
      "mtctr %9\n"
      "1:\n" REP4("add %0, %8, %8\nadd %1, %8, %8\nadd %2, %8, %8\nadd %3, %8, %8\n")
      REP4("add %4, %8, %8\nadd %5, %8, %8\nadd %6, %8, %8\nadd %7, %8, %8\n") "bdnz 1b\n"
      : "+&r"(a), "+&r"(b), "+&r"(c), "+&r"(d), "+&r"(e), "+&r"(f), "+&r"(g), "+&r"(h) : "r"(k), "r"(iters) : "ctr");
  return a + b + c + d + e + f + g + h;
}

uint32_t kernel_mul_chain(uint32_t iters) {
  uint32_t a = 1, b = 3;
  __asm__ volatile(
      "mtctr %2\n"
      "1:\n" REP16("mullw %0, %0, %1\n") "bdnz 1b\n"
      : "+r"(a) : "r"(b), "r"(iters) : "ctr");
  return a;
}

uint32_t kernel_mul_indep(uint32_t iters) {
  uint32_t a = 1, b = 2, c = 3, d = 4, k = 9;
  __asm__ volatile(
      "mtctr %5\n"
      "1:\n" REP4("mullw %0, %4, %4\nmullw %1, %4, %4\nmullw %2, %4, %4\nmullw %3, %4, %4\n") "bdnz 1b\n"
      : "+&r"(a), "+&r"(b), "+&r"(c), "+&r"(d) : "r"(k), "r"(iters) : "ctr");
  return a + b + c + d;
}

uint32_t kernel_chase(const uint32_t* p, uint32_t iters) {
  __asm__ volatile(
      "mtctr %1\n"
      "1:\n" REP4("lwz %0, 0(%0)\nlwz %0, 0(%0)\n") "bdnz 1b\n"
      : "+b"(p) : "r"(iters) : "ctr", "memory");
  return uint32_t(uintptr_t(p));
}

uint32_t kernel_branch(const uint8_t* bits, uint32_t n) {
  uint32_t count = 0, t;
  const uint8_t* p = bits - 1;
  __asm__ volatile(
      "mtctr %3\n"
      "1: lbzu %1, 1(%2)\n"
      "cmpwi %1, 0\n"
      "beq 2f\n"  // data dependent: predictable or random depending on the table
      "addi %0, %0, 1\n"
      "2: bdnz 1b\n"
      : "+r"(count), "=&r"(t), "+b"(p) : "r"(n) : "ctr", "cr0", "memory");
  return count;
}

void kernel_copy(uint32_t* dst, const uint32_t* src, uint32_t words) {
  for (uint32_t i = 0; i < words; i += 4) {
    uint32_t a = src[i], b = src[i + 1], c = src[i + 2], d = src[i + 3];
    dst[i] = a, dst[i + 1] = b, dst[i + 2] = c, dst[i + 3] = d;
  }
}

uint32_t kernel_store_load(uint32_t* slot, uint32_t iters) {
  uint32_t v = 1;
  __asm__ volatile(
      "mtctr %2\n"
      "1:\n" REP4("stw %0, 0(%1)\nlwz %0, 0(%1)\naddi %0, %0, 1\n") "bdnz 1b\n"
      : "+r"(v) : "b"(slot), "r"(iters) : "ctr", "memory");
  return v;
}
