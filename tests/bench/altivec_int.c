// AltiVec integer workload (intrinsics): saturating byte blends, sums of absolute differences,
// 16-bit multiply-sums, word hashing with rotates and permutes, byte histogram compares.
#include <altivec.h>
#include <stdint.h>

#include "bench_common.h"

#define NB 8192
static uint8_t a8[NB] __attribute__((aligned(16))), b8[NB] __attribute__((aligned(16)));
static uint8_t out8[NB] __attribute__((aligned(16)));
static int16_t a16[NB / 2] __attribute__((aligned(16))), b16[NB / 2] __attribute__((aligned(16)));

typedef vector unsigned char vu8;
typedef vector unsigned short vu16;
typedef vector signed short vs16;
typedef vector unsigned int vu32;
typedef vector signed int vs32;

static void blend(uint8_t alpha) {
  vu8 va = vec_splats(alpha), vna = vec_splats((uint8_t)(255 - alpha));
  vu16 round = vec_splats((uint16_t)128), sh = vec_splats((uint16_t)8);
  for (int i = 0; i < NB; i += 16) {
    vu8 x = vec_ld(i, a8), y = vec_ld(i, b8);
    vu16 he = vec_add(vec_mule(x, va), vec_mule(y, vna)), ho = vec_add(vec_mulo(x, va), vec_mulo(y, vna));
    he = vec_sr(vec_add(he, round), sh), ho = vec_sr(vec_add(ho, round), sh);
    vu8 r = vec_perm((vu8)he, (vu8)ho, (vu8){1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31});
    vec_st(vec_adds(r, vec_splats((uint8_t)1)), i, out8);
  }
}

static uint32_t sad(void) {
  vu32 acc = vec_splats(0u);
  for (int i = 0; i < NB; i += 16) {
    vu8 x = vec_ld(i, out8), y = vec_ld(i, a8);
    vu8 d = vec_sub(vec_max(x, y), vec_min(x, y));
    acc = vec_sum4s(d, acc);
  }
  vs32 s = vec_sums((vs32)acc, vec_splats(0));
  return (uint32_t)vec_extract(s, 3);
}

static int32_t dot16(void) {
  vs32 acc = vec_splats(0);
  for (int i = 0; i < NB / 2; i += 8) acc = vec_msum(vec_ld(i * 2, a16), vec_ld(i * 2, b16), acc);
  vs32 s = vec_sums(acc, vec_splats(0));
  return vec_extract(s, 3);
}

static uint32_t vhash(void) {
  vu32 h = {0x12345678, 0x9abcdef0, 0x0f1e2d3c, 0x4b5a6978}, k = vec_splats(0x9E3779B9u);
  vu32 r13 = vec_splats(13u);
  vu8 rot = {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3};
  for (int i = 0; i < NB; i += 16) {
    vu32 x = (vu32)vec_ld(i, out8);
    h = vec_xor(h, x);
    h = vec_rl(h, r13);
    h = vec_add(h, k);
    h = vec_perm(h, h, rot);
  }
  return vec_extract(h, 0) ^ vec_extract(h, 1) ^ vec_extract(h, 2) ^ vec_extract(h, 3);
}

static uint32_t count_range(uint8_t lo, uint8_t hi) {
  vu8 vlo = vec_splats(lo), vhi = vec_splats(hi), one = vec_splats((uint8_t)1);
  vu32 acc = vec_splats(0u);
  for (int i = 0; i < NB; i += 16) {
    vu8 x = vec_ld(i, out8);
    vu8 in = vec_and(vec_and((vu8)vec_cmpgt(x, vlo), (vu8)vec_cmplt(x, vhi)), one);
    acc = vec_sum4s(in, acc);
  }
  return vec_extract(acc, 0) + vec_extract(acc, 1) + vec_extract(acc, 2) + vec_extract(acc, 3);
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, 400);
  unsigned seed = 4242;
  for (int i = 0; i < NB; i++) a8[i] = (uint8_t)bench_rand(&seed), b8[i] = (uint8_t)bench_rand(&seed);
  for (int i = 0; i < NB / 2; i++) a16[i] = (int16_t)(bench_rand(&seed) % 2000 - 1000), b16[i] = (int16_t)(bench_rand(&seed) % 2000 - 1000);
  int only = bench_only(argc, argv);
  uint32_t sum = 0;
  for (long r = 0; r < reps; r++) {
    a8[r % NB] ^= (uint8_t)r;
    if (BENCH_RUN(only, 0)) blend((uint8_t)(r * 17));
    if (BENCH_RUN(only, 1)) sum += sad();
    if (BENCH_RUN(only, 2)) sum ^= (uint32_t)dot16();
    if (BENCH_RUN(only, 3)) sum += vhash();
    if (BENCH_RUN(only, 4)) sum += count_range((uint8_t)(r & 63), (uint8_t)(192 + (r & 31)));
  }
  printf("altivec_int %ld %08x\n", reps, sum);
  return 0;
}
