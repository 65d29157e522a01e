/* malloc/free/calloc/realloc/aligned_alloc: contents survive, alignment holds, the heap stays
 * consistent (pimnic_heap_check) and everything freed comes back (no leak, blocks merge). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pimnic/heap.h"
#include "pimnic/test.h"
#include "selftest.h"

static int filled(const unsigned char* p, size_t n, unsigned char v) {
  for (size_t i = 0; i < n; ++i)
    if (p[i] != v) return 0;
  return 1;
}

void test_heap(void) {
  pimnic_heap_info before, after;
  pimnic_heap_info_get(&before);
  CHECK(before.total > 64 * 1024);
  CHECK_EQ(pimnic_heap_check(), 0);

  /* Many blocks of assorted sizes, freed in a scrambled order. */
  enum { N = 64 };
  unsigned char* p[N];
  int ok = 1;
  for (int i = 0; i < N; ++i) {
    size_t n = (size_t)(i * 37 % 200 + 1);
    p[i] = malloc(n);
    ok &= p[i] != NULL && ((uintptr_t)p[i] % 16) == 0;
    if (p[i]) memset(p[i], i, n);
  }
  CHECK(ok);
  CHECK_EQ(pimnic_heap_check(), 0);
  ok = 1;
  for (int i = 0; i < N; ++i) ok &= filled(p[i], (size_t)(i * 37 % 200 + 1), (unsigned char)i);
  CHECK(ok);  /* no block overlapped another */
  for (int i = 0; i < N; ++i) free(p[(i * 29) % N]);
  CHECK_EQ(pimnic_heap_check(), 0);
  pimnic_heap_info_get(&after);
  CHECK_EQ(after.free_bytes, before.free_bytes);
  CHECK_EQ(after.free_blocks, before.free_blocks);  /* everything merged back */

  /* calloc zeroes; its size overflow is refused. */
  unsigned char* z = calloc(100, 3);
  CHECK(z && filled(z, 300, 0));
  free(z);
  errno = 0;
  CHECK(calloc((size_t)-1 / 2, 4) == NULL);
  CHECK_EQ(errno, ENOMEM);
  CHECK(malloc((size_t)-1) == NULL);
  CHECK(malloc(before.total * 2) == NULL);
  free(NULL);

  /* realloc keeps the contents when growing (in place or moved) and shrinking. */
  unsigned char* r = malloc(40);
  memset(r, 0x5A, 40);
  unsigned char* blocker = malloc(16); /* forces a move on the next growth */
  r = realloc(r, 4000);
  CHECK(r && filled(r, 40, 0x5A));
  memset(r, 0x33, 4000);
  r = realloc(r, 100);
  CHECK(r && filled(r, 100, 0x33));
  r = realloc(r, 200); /* the space freed by the shrink lets this grow in place */
  CHECK(r && filled(r, 100, 0x33));
  free(blocker);
  unsigned char* r2 = realloc(NULL, 10);
  CHECK(r2 != NULL);
  free(r2);
  free(r);
  CHECK_EQ(pimnic_heap_check(), 0);

  /* aligned_alloc for AltiVec-256 (32) and cache lines / pages. */
  size_t aligns[] = {32, 64, 128, 4096};
  ok = 1;
  for (unsigned i = 0; i < sizeof aligns / sizeof aligns[0]; ++i) {
    void* a = aligned_alloc(aligns[i], 100);
    ok &= a && (uintptr_t)a % aligns[i] == 0;
    if (a) memset(a, 1, 100);
    ok &= pimnic_heap_check() == 0;
    free(a);
  }
  CHECK(ok);
  void* pm = NULL;
  CHECK_EQ(posix_memalign(&pm, 256, 10), 0);
  CHECK(pm && (uintptr_t)pm % 256 == 0);
  free(pm);
  CHECK_EQ(posix_memalign(&pm, 3, 10), EINVAL);
  CHECK_EQ(pimnic_heap_check(), 0);
  pimnic_heap_info_get(&after);
  CHECK_EQ(after.free_bytes, before.free_bytes);
  CHECK_EQ(after.used_blocks, before.used_blocks);

  /* The whole heap can be taken in one block and given back. */
  void* big = malloc(after.largest_free - 64);
  CHECK(big != NULL);
  free(big);
  CHECK_EQ(pimnic_heap_check(), 0);
}
