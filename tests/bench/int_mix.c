// Integer workload: hashing, a sieve, sorting, bit manipulation, integer matrix multiply and a
// tiny bytecode interpreter (switch dispatch) -- the loads, stores, compares, branches and ALU
// operations that compiled integer code is made of.
#include <stdint.h>
#include <string.h>

#include "bench_common.h"

#define BUF 65536
static uint8_t buf[BUF];
static uint32_t crc_table[256];

static void crc_init(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[i] = c;
  }
}

static uint32_t crc32(const uint8_t *p, size_t n) {
  uint32_t c = ~0u;
  while (n--) c = crc_table[(c ^ *p++) & 0xFF] ^ (c >> 8);
  return ~c;
}

static uint32_t fnv1a(const uint8_t *p, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
  return h;
}

#define SIEVE 32768
static uint8_t composite[SIEVE];
static uint32_t sieve(void) {
  memset(composite, 0, sizeof composite);
  uint32_t count = 0;
  for (uint32_t i = 2; i < SIEVE; i++) {
    if (composite[i]) continue;
    count++;
    for (uint32_t j = i * 2; j < SIEVE; j += i) composite[j] = 1;
  }
  return count;
}

#define NSORT 4096
static int32_t keys[NSORT];
static void quicksort(int32_t *a, int lo, int hi) {
  while (lo < hi) {
    int32_t p = a[(lo + hi) / 2];
    int i = lo, j = hi;
    while (i <= j) {
      while (a[i] < p) i++;
      while (a[j] > p) j--;
      if (i <= j) {
        int32_t t = a[i];
        a[i++] = a[j];
        a[j--] = t;
      }
    }
    if (j - lo < hi - i) {
      quicksort(a, lo, j);
      lo = i;
    } else {
      quicksort(a, i, hi);
      hi = j;
    }
  }
}

static uint32_t bits(uint32_t seed) {
  uint32_t acc = 0;
  for (int i = 0; i < 4096; i++) {
    uint32_t x = bench_rand(&seed);
    uint32_t pop = 0;
    for (uint32_t y = x; y; y &= y - 1) pop++;
    acc += pop + (uint32_t)__builtin_clz(x | 1) + ((x >> 7) | (x << 25)) % 1000u;
  }
  return acc;
}

#define N 40
static int32_t ma[N][N], mb[N][N], mc[N][N];
static uint32_t matmul(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int32_t s = 0;
      for (int k = 0; k < N; k++) s += ma[i][k] * mb[k][j];
      mc[i][j] = s;
    }
  uint32_t h = 0;
  for (int i = 0; i < N; i++) h = h * 31 + (uint32_t)mc[i][i];
  return h;
}

// A stack machine: push constants, add, multiply, xor, jump back while a counter runs.
enum { OP_PUSH, OP_ADD, OP_MUL, OP_XOR, OP_DUP, OP_DEC, OP_JNZ, OP_POP, OP_END };
static const int prog[] = {OP_PUSH, 3000, OP_PUSH, 7, OP_DUP, OP_MUL, OP_PUSH, 3, OP_ADD,
                           OP_PUSH, 0x55, OP_XOR, OP_POP, OP_DEC, OP_JNZ, 2, OP_END};
static uint32_t interp(void) {
  int32_t st[16], sp = 0, pc = 0;
  uint32_t acc = 0;
  for (;;) {
    switch (prog[pc++]) {
      case OP_PUSH: st[sp++] = prog[pc++]; break;
      case OP_ADD: sp--; st[sp - 1] += st[sp]; break;
      case OP_MUL: sp--; st[sp - 1] *= st[sp]; break;
      case OP_XOR: sp--; st[sp - 1] ^= st[sp]; break;
      case OP_DUP: st[sp] = st[sp - 1]; sp++; break;
      case OP_DEC: st[sp - 1]--; break;
      case OP_JNZ: if (st[sp - 1]) pc = prog[pc]; else pc++; break;
      case OP_POP: acc += (uint32_t)st[--sp]; break;
      case OP_END: return acc;
    }
  }
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, 40);
  unsigned seed = 12345;
  crc_init();
  for (int i = 0; i < BUF; i++) buf[i] = (uint8_t)bench_rand(&seed);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) ma[i][j] = (int32_t)(bench_rand(&seed) % 200) - 100, mb[i][j] = (int32_t)(bench_rand(&seed) % 200) - 100;
  int only = bench_only(argc, argv);
  uint32_t sum = 0;
  for (long r = 0; r < reps; r++) {
    buf[r % BUF] ^= (uint8_t)r;
    if (BENCH_RUN(only, 0)) sum += crc32(buf, BUF);
    if (BENCH_RUN(only, 1)) for (int k = 0; k < 2; k++) sum ^= fnv1a(buf, BUF);
    if (BENCH_RUN(only, 2)) sum += sieve();
    if (BENCH_RUN(only, 3)) {
      for (int i = 0; i < NSORT; i++) keys[i] = (int32_t)bench_rand(&seed);
      quicksort(keys, 0, NSORT - 1);
      sum += (uint32_t)keys[NSORT / 2];
    }
    if (BENCH_RUN(only, 4)) sum ^= bits((uint32_t)r + 1);
    ma[r % N][(r / N) % N] += 1;
    if (BENCH_RUN(only, 5)) sum += matmul();
    if (BENCH_RUN(only, 6)) sum += interp();
  }
  printf("int_mix %ld %08x\n", reps, sum);
  return 0;
}
