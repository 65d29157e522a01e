/* Code that makes clang call its runtime on 32-bit PowerPC: 64-bit arithmetic, conversions,
 * floating point, block copies. runtime_symbols.py compiles it for every profile and checks that
 * the SDK library defines every function the object needs. */
#include <stdint.h>

struct big { char bytes[100]; };

int64_t sdiv(int64_t a, int64_t b) { return a / b; }
uint64_t udiv(uint64_t a, uint64_t b) { return a / b; }
int64_t smod(int64_t a, int64_t b) { return a % b; }
uint64_t umod(uint64_t a, uint64_t b) { return a % b; }
uint64_t udiv_const(uint64_t a) { return a / 10 + a % 1000; }
int64_t shl(int64_t a, int n) { return a << n; }
int64_t sar(int64_t a, int n) { return a >> n; }
uint64_t shr(uint64_t a, int n) { return a >> n; }
int64_t mul(int64_t a, int64_t b) { return a * b; }
int mul_overflows(int64_t a, int64_t b, int64_t* r) { return __builtin_mul_overflow(a, b, r); }
int umul_overflows(uint64_t a, uint64_t b, uint64_t* r) { return __builtin_mul_overflow(a, b, r); }
int clz64(uint64_t a) { return __builtin_clzll(a); }
int ctz64(uint64_t a) { return __builtin_ctzll(a); }
int popcount64(uint64_t a) { return __builtin_popcountll(a); }
int parity64(uint64_t a) { return __builtin_parityll(a); }
uint64_t bswap64(uint64_t a) { return __builtin_bswap64(a); }

double i64_to_f64(int64_t a) { return (double)a; }
double u64_to_f64(uint64_t a) { return (double)a; }
float i64_to_f32(int64_t a) { return (float)a; }
float u64_to_f32(uint64_t a) { return (float)a; }
int64_t f64_to_i64(double a) { return (int64_t)a; }
uint64_t f64_to_u64(double a) { return (uint64_t)a; }
int64_t f32_to_i64(float a) { return (int64_t)a; }
uint64_t f32_to_u64(float a) { return (uint64_t)a; }
int32_t f64_to_i32(double a) { return (int32_t)a; }
uint32_t f64_to_u32(double a) { return (uint32_t)a; }
uint32_t f32_to_u32(float a) { return (uint32_t)a; }
double i32_to_f64(int32_t a) { return a; }
double u32_to_f64(uint32_t a) { return a; }
float u32_to_f32(uint32_t a) { return a; }

double f64_ops(double a, double b, double c) { return (a + b) * c / (a - b) + a * b + c; }
float f32_ops(float a, float b) { return (a + b) * (a - b) / b; }
int f64_compare(double a, double b) { return (a < b) + (a == b) * 2 + (a >= b) * 4 + (a != a) * 8; }
int f32_compare(float a, float b) { return (a < b) + (a == b) * 2 + (a > b) * 4; }
float narrow(double a) { return (float)a; }
double widen(float a) { return a; }
double negate(double a) { return -a; }
double magnitude(double a) { return __builtin_fabs(a); }

void copy(struct big* a, const struct big* b) { *a = *b; }
void clear(struct big* a) { *a = (struct big){{0}}; }
