/* Dispatcher of a differential-test batch (tests/diff): for each program from argv[1] on, copy
 * its input record (registers, scratch buffer, constant pool) into the low area and its
 * (position-independent) code to the fixed run area, run it through diff_run (generated
 * assembly), and write one binary output record to stdout: magic, index, the dumped registers
 * and the scratch buffer. The same binary runs under qemu-ppc-static and `pimnic linux`;
 * tests/diff/pimdiff compares the records. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "layout.h"

extern unsigned char diff_low[];                 /* at L_LOW_BASE */
extern const unsigned char diff_init[];          /* diff_count records of L_INIT_SIZE bytes */
extern const uint32_t diff_count;
extern const uint32_t diff_code[];              /* address and size of each program's code */
extern unsigned char diff_run_area[];           /* at L_RUN, writable and executable */
extern void diff_run(void);
extern void diff_exit(void);

static unsigned char out[L_OUT_SIZE];

static unsigned char *low(uint32_t addr) { return diff_low + (addr - L_LOW_BASE); }

static void put32(unsigned char *p, uint32_t v) {
  p[0] = v >> 24;
  p[1] = v >> 16;
  p[2] = v >> 8;
  p[3] = v;
}

static void write_all(const unsigned char *p, size_t n) {
  while (n > 0) {
    ssize_t k = write(1, p, n);
    if (k <= 0) _exit(120);
    p += k;
    n -= (size_t)k;
  }
}

/* Make freshly copied code visible to instruction fetch (the architected sequence). */
static void sync_icache(unsigned char *p, uint32_t n) {
  for (uint32_t o = 0; o < n; o += 32) __asm__ volatile("dcbst 0,%0" : : "r"(p + o) : "memory");
  __asm__ volatile("sync" : : : "memory");
  for (uint32_t o = 0; o < n; o += 32) __asm__ volatile("icbi 0,%0" : : "r"(p + o) : "memory");
  __asm__ volatile("sync; isync" : : : "memory");
}

int main(int argc, char **argv) {
  uint32_t first = argc > 1 ? (uint32_t)strtoul(argv[1], 0, 0) : 0;
  uint32_t last = argc > 2 ? (uint32_t)strtoul(argv[2], 0, 0) : diff_count;
  if (last > diff_count) last = diff_count;
  put32(low(L_EXIT_ADDR), (uint32_t)(uintptr_t)diff_exit);
  for (uint32_t i = first; i < last; i++) {
    const unsigned char *rec = diff_init + (size_t)i * L_INIT_SIZE;
    memcpy(low(L_CUR), rec, L_REG_SIZE);
    memcpy(low(L_BUF), rec + L_REG_SIZE, L_BUF_SIZE);
    memcpy(low(L_POOL), rec + L_REG_SIZE + L_BUF_SIZE, L_POOL_SIZE);
    uint32_t size = diff_code[2 * i + 1];
    if (size > L_RUN_SIZE) _exit(121);
    memcpy(diff_run_area, (const void *)(uintptr_t)diff_code[2 * i], size);
    sync_icache(diff_run_area, size);
    put32(low(L_CUR + L_ENTRY), (uint32_t)(uintptr_t)diff_run_area);
    memset(low(L_OUT), 0, L_REG_SIZE);
    diff_run();
    put32(out, L_OUT_MAGIC);
    put32(out + 4, i);
    memcpy(out + L_OUT_HEADER, low(L_OUT), L_REG_SIZE);
    memcpy(out + L_OUT_HEADER + L_REG_SIZE, low(L_BUF), L_BUF_SIZE);
    write_all(out, sizeof out);
  }
  return 0;
}
