// AltiVec through <altivec.h> (built with -maltivec -mcpu=7400): integer and float vector
// arithmetic, permutes, compares and a vectorised dot product.
#include <altivec.h>
#include <stdio.h>

static void print_vi(const char *what, vector signed int v) {
  int out[4] __attribute__((aligned(16)));
  vec_st(v, 0, out);
  printf("%s: %d %d %d %d\n", what, out[0], out[1], out[2], out[3]);
}

static void print_vf(const char *what, vector float v) {
  float out[4] __attribute__((aligned(16)));
  vec_st(v, 0, out);
  printf("%s: %.6g %.6g %.6g %.6g\n", what, out[0], out[1], out[2], out[3]);
}

int main(void) {
  vector signed int a = {1, -2, 3, -4}, b = {10, 20, 30, 40}, zero = {0, 0, 0, 0};
  print_vi("add", vec_add(a, b));
  print_vi("sub", vec_sub(a, b));
  print_vi("max", vec_max(a, b));
  print_vi("abs", vec_abs(a));
  print_vi("merge", vec_mergeh(a, b));
  print_vi("sld4", vec_sld(a, b, 4));
  vector bool int gt = vec_cmpgt(a, zero);
  print_vi("cmpgt", (vector signed int)gt);
  printf("all positive: %d any positive: %d\n", vec_all_gt(b, a), vec_any_gt(a, zero));
  vector float x = {1.5f, -2.25f, 3.0f, 0.5f}, y = {2.0f, 4.0f, -1.0f, 8.0f};
  print_vf("madd", vec_madd(x, y, x));
  print_vf("max", vec_max(x, y));
  print_vf("floor", vec_floor(x));
  float fa[256] __attribute__((aligned(16))), fb[256] __attribute__((aligned(16)));
  for (int i = 0; i < 256; i++) fa[i] = (float)i * 0.5f, fb[i] = (float)(256 - i) * 0.25f;
  vector float acc = {0, 0, 0, 0};
  for (int i = 0; i < 256; i += 4) acc = vec_madd(vec_ld(0, fa + i), vec_ld(0, fb + i), acc);
  print_vf("dot partial", acc);
  unsigned char bytes[16] __attribute__((aligned(16)));
  vector unsigned char p = vec_perm((vector unsigned char)a, (vector unsigned char)b, vec_lvsl(3, (unsigned char *)0));
  vec_st(p, 0, bytes);
  printf("perm:");
  for (int i = 0; i < 16; i++) printf(" %02x", bytes[i]);
  printf("\n");
  return 0;
}
