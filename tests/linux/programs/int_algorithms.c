// Integer work: sieve, gcd, Fibonacci, CRC-32, 64-bit multiply/divide (libgcc helpers),
// bit tricks and an insertion sort, each with a printed result.
#include <stdint.h>
#include <stdio.h>

static uint32_t crc32(const uint8_t *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & -(c & 1));
  }
  return ~c;
}

static uint64_t gcd(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

int main(void) {
  static uint8_t sieve[100000];
  int primes = 0;
  for (int i = 2; i < 100000; i++) {
    if (sieve[i]) continue;
    primes++;
    for (int j = 2 * i; j < 100000; j += i) sieve[j] = 1;
  }
  printf("primes below 100000: %d\n", primes);

  uint64_t f0 = 0, f1 = 1;
  for (int i = 0; i < 90; i++) {
    uint64_t t = f0 + f1;
    f0 = f1;
    f1 = t;
  }
  printf("fib(90) = %llu\n", (unsigned long long)f0);
  printf("gcd = %llu\n", (unsigned long long)gcd(1234567890123456ull, 9876543210ull * 6));

  int64_t acc = 1;
  for (int i = 1; i < 40; i++) acc = acc * 7 / 3 + (acc % 11) - i;
  printf("mixed 64-bit: %lld %lld\n", (long long)acc, (long long)(acc / -12345));
  uint64_t big = 0xFEDCBA9876543210ull;
  printf("udiv %llu umod %llu\n", (unsigned long long)(big / 1000003u), (unsigned long long)(big % 1000003u));
  printf("shifts %llx %llx %lld\n", (unsigned long long)(big << 13), (unsigned long long)(big >> 29),
         (long long)((int64_t)big >> 40));

  uint8_t buf[4096];
  for (int i = 0; i < 4096; i++) buf[i] = (uint8_t)(i * 31 + (i >> 5));
  printf("crc32 = %08x\n", crc32(buf, sizeof buf));

  int v[64];
  uint32_t s = 12345;
  for (int i = 0; i < 64; i++) v[i] = (int)((s = s * 1103515245u + 12345u) >> 8) % 1000 - 500;
  for (int i = 1; i < 64; i++)
    for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
      int t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
  printf("sorted:");
  for (int i = 0; i < 64; i += 8) printf(" %d", v[i]);
  printf("\n");

  unsigned pop = 0, lz = 0;
  for (uint32_t x = 1; x < 100000; x = x * 3 + 1) pop += __builtin_popcount(x), lz += __builtin_clz(x);
  printf("popcount %u clz %u\n", pop, lz);
  return 0;
}
