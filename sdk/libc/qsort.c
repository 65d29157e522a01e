/* qsort as heapsort: O(n log n) in the worst case, no recursion, no extra memory (firmware stacks
 * are small). Not stable, which qsort never promised. bsearch is the usual halving search. */
#include <stdlib.h>

static void swap_bytes(unsigned char* a, unsigned char* b, size_t size) {
  while (size--) {
    unsigned char t = *a;
    *a++ = *b;
    *b++ = t;
  }
}

static void sift_down(unsigned char* base, size_t root, size_t count, size_t size,
                      int (*cmp)(const void*, const void*)) {
  for (;;) {
    size_t child = 2 * root + 1;
    if (child >= count) return;
    if (child + 1 < count && cmp(base + child * size, base + (child + 1) * size) < 0) ++child;
    if (cmp(base + root * size, base + child * size) >= 0) return;
    swap_bytes(base + root * size, base + child * size, size);
    root = child;
  }
}

void qsort(void* base, size_t count, size_t size, int (*cmp)(const void*, const void*)) {
  unsigned char* b = base;
  if (count < 2 || size == 0) return;
  for (size_t i = count / 2; i-- > 0;) sift_down(b, i, count, size, cmp);
  for (size_t end = count - 1; end > 0; --end) {
    swap_bytes(b, b + end * size, size);
    sift_down(b, 0, end, size, cmp);
  }
}

void* bsearch(const void* key, const void* base, size_t count, size_t size,
              int (*cmp)(const void*, const void*)) {
  const unsigned char* lo = base;
  while (count) {
    const unsigned char* mid = lo + (count / 2) * size;
    int c = cmp(key, mid);
    if (c == 0) return (void*)mid;
    if (c > 0) {
      lo = mid + size;
      count -= count / 2 + 1;
    } else {
      count /= 2;
    }
  }
  return NULL;
}
