/* Inspecting the SDK heap (malloc/free), e.g. for leak checks in tests. */
#ifndef PIMNIC_HEAP_H
#define PIMNIC_HEAP_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pimnic_heap_info {
  size_t total;         /* bytes between the image's end and the stack */
  size_t free_bytes;    /* sum of free block sizes (headers included) */
  size_t largest_free;  /* the largest single allocation that can succeed is a bit below this */
  size_t used_blocks;
  size_t free_blocks;
} pimnic_heap_info;

void pimnic_heap_info_get(pimnic_heap_info* out);
/* Walks every block and the free list; returns 0 if consistent, else a nonzero code. */
int pimnic_heap_check(void);

#ifdef __cplusplus
}
#endif
#endif
