// Unaligned accesses the 7400 refuses and Linux fixes up: lfd/stfd/lfs/stfs on addresses that
// are not word-aligned, lmw/stmw, and integer loads/stores across a word. With an argument,
// finish with a misaligned lwarx, which Linux does not fix up (SIGBUS).
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static unsigned char buf[64] __attribute__((aligned(16)));

int main(int argc, char **argv) {
  for (int i = 0; i < 64; i++) buf[i] = (unsigned char)(i * 7 + 1);
  double d;
  float f;
  __asm__ volatile("lfd %0,0(%1)" : "=f"(d) : "b"(buf + 3) : "memory");
  __asm__ volatile("lfs %0,0(%1)" : "=f"(f) : "b"(buf + 13) : "memory");
  printf("lfd %a lfs %a\n", d, (double)f);
  double pi = 3.141592653589793;
  float e = 2.7182817f;
  __asm__ volatile("stfd %0,0(%1)" : : "f"(pi), "b"(buf + 21) : "memory");
  __asm__ volatile("stfs %0,0(%1)" : : "f"(e), "b"(buf + 30) : "memory");
  double pi2;
  float e2;
  memcpy(&pi2, buf + 21, 8);
  memcpy(&e2, buf + 30, 4);
  printf("stfd/stfs round trip %.17g %.9g\n", pi2, (double)e2);
  uint32_t w;
  __asm__ volatile("lwz %0,0(%1)" : "=r"(w) : "b"(buf + 41) : "memory");
  printf("lwz across a word %08x\n", w);
  uint32_t r31;
  __asm__ volatile("lmw 31,0(%1)\n\tmr %0,31" : "=r"(r31) : "b"(buf + 45) : "r31", "memory");
  uint32_t out = 0x5a5a5a5a;
  __asm__ volatile("mr 31,%0\n\tstmw 31,0(%1)" : : "r"(out), "b"(buf + 50) : "r31", "memory");
  printf("lmw %08x\n", r31);
  for (int i = 0; i < 64; i++) printf("%02x", buf[i]);
  printf("\n");
  fflush(stdout);
  if (argc > 1) {
    uint32_t v;
    __asm__ volatile("lwarx %0,0,%1" : "=r"(v) : "r"(buf + 2) : "memory");
    printf("lwarx did not fault: %08x\n", v);
  }
  return 0;
}
