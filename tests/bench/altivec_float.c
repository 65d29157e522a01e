// AltiVec float workload (intrinsics): saxpy, a 4x4-blocked matrix multiply with vec_madd,
// reciprocal square roots refined by Newton-Raphson (vec_rsqrte, vec_re), clamping with
// compares and selects, and float/int conversions.
#include <altivec.h>
#include <stdint.h>

#include "bench_common.h"

#define NF 4096
static float xs[NF] __attribute__((aligned(16))), ys[NF] __attribute__((aligned(16)));
static float zs[NF] __attribute__((aligned(16)));

typedef vector float vf;
typedef vector signed int vs32;

static void saxpy(float a) {
  vf va = vec_splats(a);
  for (int i = 0; i < NF; i += 4) vec_st(vec_madd(va, vec_ld(i * 4, xs), vec_ld(i * 4, ys)), i * 4, zs);
}

#define M 32
static float ma[M][M] __attribute__((aligned(16))), mb[M][M] __attribute__((aligned(16)));
static float mc[M][M] __attribute__((aligned(16)));
static void matmul(void) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j += 4) {
      vf acc = vec_splats(0.0f);
      for (int k = 0; k < M; k++) acc = vec_madd(vec_splats(ma[i][k]), vec_ld(0, &mb[k][j]), acc);
      vec_st(acc, 0, &mc[i][j]);
    }
}

static void normalise(void) {
  vf half = vec_splats(0.5f), one = vec_splats(1.0f), three = vec_splats(3.0f), zero = vec_splats(0.0f);
  for (int i = 0; i < NF; i += 4) {
    vf x = vec_ld(i * 4, zs), y = vec_ld(i * 4, ys);
    vf d = vec_madd(x, x, vec_madd(y, y, one));
    vf e = vec_rsqrte(d);
    e = vec_madd(vec_madd(vec_nmsub(vec_madd(e, e, zero), d, three), half, zero), e, zero);  // one Newton step
    vf r = vec_re(d);
    r = vec_madd(r, vec_nmsub(r, d, vec_splats(2.0f)), zero);
    vf v = vec_madd(x, e, r);
    v = vec_sel(v, vec_splats(0.9f), vec_cmpgt(v, vec_splats(0.9f)));
    vec_st(vec_max(v, vec_splats(-0.9f)), i * 4, zs);
  }
}

static int32_t quantise(void) {
  vs32 acc = vec_splats(0);
  for (int i = 0; i < NF; i += 4) acc = vec_add(acc, vec_cts(vec_ld(i * 4, zs), 8));
  vs32 s = vec_sums(acc, vec_splats(0));
  return vec_extract(s, 3);
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, 400);
  unsigned seed = 99;
  for (int i = 0; i < NF; i++) xs[i] = (float)(bench_rand(&seed) % 2000) * 0.001f - 1.0f, ys[i] = (float)(bench_rand(&seed) % 2000) * 0.0005f;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) ma[i][j] = (float)((i * 3 + j) % 17) * 0.125f, mb[i][j] = (float)((i + 5 * j) % 13) * 0.0625f;
  int32_t q = 0;
  double t = 0;
  int only = bench_only(argc, argv);
  for (long r = 0; r < reps; r++) {
    if (BENCH_RUN(only, 0)) saxpy(0.5f + (float)(r % 7) * 0.125f);
    if (BENCH_RUN(only, 1)) normalise();
    if (BENCH_RUN(only, 2)) q += quantise();
    if (BENCH_RUN(only, 3) && r % 8 == 0) {
      matmul();
      t += mc[r % M][(r * 3) % M];
    }
  }
  printf("altivec_float %ld %d %.6g\n", reps, (int)q, t);
  return 0;
}
