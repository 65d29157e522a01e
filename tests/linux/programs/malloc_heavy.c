// The allocator under load: many small blocks, large ones (mmap), realloc growth (mremap),
// calloc, and frees in a scrambled order; prints checksums only.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  enum { N = 20000 };
  static char *blocks[N];
  static size_t sizes[N];
  uint32_t s = 1;
  uint64_t sum = 0;
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < N; i++) {
      s = s * 1664525u + 1013904223u;
      size_t n = (s >> 16) % 512 + 1;
      blocks[i] = malloc(n);
      sizes[i] = n;
      memset(blocks[i], (int)(i + round), n);
    }
    for (int k = 0; k < N; k++) {
      int i = (int)((k * 7919u) % N);
      sum += (unsigned char)blocks[i][sizes[i] - 1] + sizes[i];
      free(blocks[i]);
    }
  }
  printf("small blocks: %llu\n", (unsigned long long)sum);

  char *big[8];
  for (int i = 0; i < 8; i++) {
    size_t n = (size_t)(i + 1) << 18;
    big[i] = malloc(n);
    memset(big[i], 'a' + i, n);
  }
  uint64_t bsum = 0;
  for (int i = 0; i < 8; i++) bsum += (unsigned char)big[i][((size_t)(i + 1) << 18) - 1] * (uint64_t)(i + 1);
  for (int i = 7; i >= 0; i--) free(big[i]);
  printf("large blocks: %llu\n", (unsigned long long)bsum);

  char *r = NULL;
  size_t len = 0;
  for (int i = 0; i < 24; i++) {
    size_t n = (size_t)1 << (i / 2 + 8);
    r = realloc(r, n);
    memset(r + len, 'A' + i, n - len > 0 ? n - len : 0);
    len = n;
  }
  uint64_t rsum = 0;
  for (size_t i = 0; i < len; i += 97) rsum += (unsigned char)r[i];
  free(r);
  printf("realloc chain: %zu bytes, sum %llu\n", len, (unsigned long long)rsum);

  int *z = calloc(100000, sizeof(int));
  long zs = 0;
  for (int i = 0; i < 100000; i++) zs += z[i];
  free(z);
  printf("calloc zeroes: %ld\n", zs);
  return 0;
}
