// Scalar floating-point workload (built without AltiVec): an n-body step (sqrt, divide,
// multiply-add), a double matrix multiply, Horner polynomials in single precision, a
// Mandelbrot escape count, and conversions between integers and doubles.
#include <math.h>

#include "bench_common.h"

#define NB 16
static double px[NB], py[NB], pz[NB], vx[NB], vy[NB], vz[NB], mass[NB];

static void nbody_step(double dt) {
  for (int i = 0; i < NB; i++)
    for (int j = i + 1; j < NB; j++) {
      double dx = px[i] - px[j], dy = py[i] - py[j], dz = pz[i] - pz[j];
      double d2 = dx * dx + dy * dy + dz * dz + 0.01;
      double mag = dt / (d2 * sqrt(d2));
      vx[i] -= dx * mass[j] * mag, vy[i] -= dy * mass[j] * mag, vz[i] -= dz * mass[j] * mag;
      vx[j] += dx * mass[i] * mag, vy[j] += dy * mass[i] * mag, vz[j] += dz * mass[i] * mag;
    }
  for (int i = 0; i < NB; i++) px[i] += dt * vx[i], py[i] += dt * vy[i], pz[i] += dt * vz[i];
}

#define N 40
static double ma[N][N], mb[N][N], mc[N][N];
static double matmul(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < N; k++) s += ma[i][k] * mb[k][j];
      mc[i][j] = s;
    }
  double t = 0;
  for (int i = 0; i < N; i++) t += mc[i][N - 1 - i];
  return t;
}

static float poly(float x0) {
  float acc = 0, x = x0;
  for (int i = 0; i < 10000; i++) {
    float p = ((((0.1f * x + 0.2f) * x - 0.3f) * x + 0.4f) * x - 0.5f) * x + 0.6f;
    acc += p / (1.0f + x * x);
    x = x * 0.999f + 0.0001f;
  }
  return acc;
}

static int mandel(void) {
  int total = 0;
  for (int yi = 0; yi < 24; yi++)
    for (int xi = 0; xi < 32; xi++) {
      double cr = -2.0 + xi * (2.5 / 32), ci = -1.25 + yi * (2.5 / 24), zr = 0, zi = 0;
      int k = 0;
      while (k < 64 && zr * zr + zi * zi < 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        k++;
      }
      total += k;
    }
  return total;
}

static long convert(int seed) {
  long s = 0;
  for (int i = 0; i < 10000; i++) {
    double d = (double)(seed + i * 37) * 0.37;
    s += (long)d + (int)(d * 1.5) % 7;
  }
  return s;
}

int main(int argc, char **argv) {
  long reps = bench_reps(argc, argv, 40);
  unsigned seed = 777;
  for (int i = 0; i < NB; i++) {
    px[i] = (bench_rand(&seed) % 1000) * 0.01, py[i] = (bench_rand(&seed) % 1000) * 0.01;
    pz[i] = (bench_rand(&seed) % 1000) * 0.01, mass[i] = 1.0 + (bench_rand(&seed) % 100) * 0.01;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) ma[i][j] = (i + j) * 0.5, mb[i][j] = (i - j) * 0.25;
  double sum = 0;
  long isum = 0;
  int only = bench_only(argc, argv);
  for (long r = 0; r < reps; r++) {
    if (BENCH_RUN(only, 0))
      for (int s = 0; s < 40; s++) nbody_step(0.001);
    ma[r % N][(r * 7) % N] += 0.125;
    if (BENCH_RUN(only, 1)) sum += matmul();
    if (BENCH_RUN(only, 2)) sum += poly(0.5f + (float)r * 0.001f);
    if (BENCH_RUN(only, 3)) isum += mandel();
    if (BENCH_RUN(only, 4)) isum += convert((int)r);
  }
  printf("fp_scalar %ld %.10g %.10g %ld\n", reps, sum, px[0] + vy[3], isum);
  return 0;
}
