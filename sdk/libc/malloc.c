/* The heap: blocks between __heap_start and __heap_end (linker script: the end of .bss up to the
 * stack). Each block has an 8-byte header {prev_size, size|IN_USE} and sizes are multiples of 16
 * with headers at 8 mod 16, so payloads are 16-byte aligned (AltiVec). Free blocks are on a
 * doubly linked list (first fit) and merge with free neighbours when freed. free() aborts on
 * pointers it did not hand out and on double frees instead of corrupting the heap. Not safe for
 * concurrent use by several hardware threads. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pimnic/heap.h"

#define ALIGN 16u
#define HEADER 8u
#define MIN_BLOCK 16u /* header + the two free-list links */
#define IN_USE 1u

_Static_assert(2 * sizeof(void*) + 8 <= MIN_BLOCK, "a free block must hold its header and links");

typedef struct block {
  uint32_t prev_size; /* size of the block before this one (0 for the first) */
  uint32_t size;      /* this block's size in bytes | IN_USE */
  struct block* next_free; /* free blocks only: these overlay the payload */
  struct block* prev_free;
} block;

extern char __heap_start[], __heap_end[];

static block* first_block;
static block* sentinel; /* zero-size in-use block ending the heap */
static block* free_list;

static uint32_t bsize(const block* b) { return b->size & ~IN_USE; }
static int used(const block* b) { return b->size & IN_USE; }
static block* next_block(block* b) { return (block*)((char*)b + bsize(b)); }
static block* prev_block(block* b) { return b->prev_size ? (block*)((char*)b - b->prev_size) : NULL; }

static void heap_corrupt(const char* what, const void* p) {
  printf("malloc: %s (%p)\n", what, p);
  abort();
}

static void list_push(block* b) {
  b->prev_free = NULL;
  b->next_free = free_list;
  if (free_list) free_list->prev_free = b;
  free_list = b;
}

static void list_remove(block* b) {
  if (b->prev_free) b->prev_free->next_free = b->next_free;
  else free_list = b->next_free;
  if (b->next_free) b->next_free->prev_free = b->prev_free;
}

static void set_size(block* b, uint32_t size, uint32_t flags) {
  b->size = size | flags;
  next_block(b)->prev_size = size;
}

static void heap_init(void) {
  uintptr_t lo = ((uintptr_t)__heap_start + ALIGN - 1) / ALIGN * ALIGN + HEADER;
  uintptr_t hi = ((uintptr_t)__heap_end - HEADER) / ALIGN * ALIGN + HEADER;
  if (hi + HEADER > (uintptr_t)__heap_end) hi -= ALIGN;
  first_block = (block*)lo;
  sentinel = (block*)hi;
  sentinel->size = IN_USE;
  if (hi <= lo || hi - lo < MIN_BLOCK) { /* no room for a heap at all */
    first_block = sentinel;
    sentinel->prev_size = 0;
    return;
  }
  first_block->prev_size = 0;
  set_size(first_block, (uint32_t)(hi - lo), 0);
  list_push(first_block);
}

/* Block size for a request, or 0 if it cannot be satisfied at all. */
static uint32_t request_size(size_t n) {
  if (n > 0x7FFFFFF0u - HEADER) return 0;
  uint32_t s = (uint32_t)((n + HEADER + ALIGN - 1) & ~(size_t)(ALIGN - 1));
  return s < MIN_BLOCK ? MIN_BLOCK : s;
}

/* Marks free block b (already off the list) in use with `need` bytes, returning the tail to the
 * free list when it is big enough to be a block. */
static void take(block* b, uint32_t need) {
  uint32_t have = bsize(b);
  if (have - need >= MIN_BLOCK) {
    set_size(b, need, IN_USE);
    block* rest = next_block(b);
    set_size(rest, have - need, 0);
    list_push(rest);
  } else {
    b->size = have | IN_USE;
  }
}

void* malloc(size_t n) {
  if (!first_block) heap_init();
  uint32_t need = request_size(n);
  if (need) {
    for (block* b = free_list; b; b = b->next_free) {
      if (bsize(b) >= need) {
        list_remove(b);
        take(b, need);
        return (char*)b + HEADER;
      }
    }
  }
  errno = ENOMEM;
  return NULL;
}

static block* checked_block(void* p) {
  block* b = (block*)((char*)p - HEADER);
  if ((uintptr_t)p % ALIGN || b < first_block || b >= sentinel) heap_corrupt("free of a pointer not from malloc", p);
  if (!used(b)) heap_corrupt("double free", p);
  return b;
}

/* Puts in-use block b back as free, merged with free neighbours. */
static void release(block* b) {
  uint32_t size = bsize(b);
  block* next = next_block(b);
  if (!used(next)) {
    list_remove(next);
    size += bsize(next);
  }
  block* prev = prev_block(b);
  if (prev && !used(prev)) {
    list_remove(prev);
    size += bsize(prev);
    b = prev;
  }
  set_size(b, size, 0);
  list_push(b);
}

void free(void* p) {
  if (!p) return;
  release(checked_block(p));
}

void* calloc(size_t count, size_t size) {
  if (size && count > (size_t)-1 / size) {
    errno = ENOMEM;
    return NULL;
  }
  void* p = malloc(count * size);
  if (p) memset(p, 0, count * size);
  return p;
}

void* realloc(void* p, size_t n) {
  if (!p) return malloc(n);
  block* b = checked_block(p);
  uint32_t need = request_size(n);
  if (!need) {
    errno = ENOMEM;
    return NULL;
  }
  uint32_t have = bsize(b);
  block* next = next_block(b);
  if (need > have && !used(next) && have + bsize(next) >= need) { /* grow into the neighbour */
    list_remove(next);
    have += bsize(next);
    set_size(b, have, IN_USE);
  }
  if (need <= have) {
    b->size = have; /* temporarily free-sized so take() can split */
    take(b, need);
    block* rest = next_block(b);
    if (rest != sentinel && !used(rest)) { /* merge a split-off tail with a free block after it */
      block* after = next_block(rest);
      if (!used(after)) {
        list_remove(rest);
        list_remove(after);
        set_size(rest, bsize(rest) + bsize(after), 0);
        list_push(rest);
      }
    }
    return p;
  }
  void* q = malloc(n);
  if (!q) return NULL;
  memcpy(q, p, have - HEADER);
  release(b);
  return q;
}

void* aligned_alloc(size_t alignment, size_t size) {
  if (alignment == 0 || (alignment & (alignment - 1))) {
    errno = EINVAL;
    return NULL;
  }
  if (alignment <= ALIGN) return malloc(size);
  if (size > 0x7FFFFFF0u - alignment - 2 * MIN_BLOCK) {
    errno = ENOMEM;
    return NULL;
  }
  char* p = malloc(size + alignment + MIN_BLOCK);
  if (!p) return NULL;
  uintptr_t a = ((uintptr_t)p + MIN_BLOCK + alignment - 1) & ~(uintptr_t)(alignment - 1);
  if ((uintptr_t)p % alignment == 0) return p;
  /* Split off the lead [b, a - HEADER) as a free block; the aligned block takes the rest. */
  block* b = (block*)(p - HEADER);
  block* aligned = (block*)(a - HEADER);
  uint32_t lead = (uint32_t)((char*)aligned - (char*)b);
  uint32_t rest = bsize(b) - lead;
  set_size(b, lead, IN_USE);
  set_size(aligned, rest, IN_USE);
  release(b);
  return (void*)a;
}

int posix_memalign(void** out, size_t alignment, size_t size) {
  if (alignment < sizeof(void*) || (alignment & (alignment - 1))) return EINVAL;
  void* p = aligned_alloc(alignment, size);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

void pimnic_heap_info_get(pimnic_heap_info* out) {
  if (!first_block) heap_init();
  memset(out, 0, sizeof *out);
  out->total = (size_t)((char*)sentinel - (char*)first_block);
  for (block* b = first_block; b != sentinel; b = next_block(b)) {
    if (used(b)) {
      ++out->used_blocks;
    } else {
      ++out->free_blocks;
      out->free_bytes += bsize(b);
      if (bsize(b) > out->largest_free) out->largest_free = bsize(b);
    }
  }
}

int pimnic_heap_check(void) {
  if (!first_block) heap_init();
  size_t free_walk = 0, free_list_count = 0;
  uint32_t prev_size = 0;
  int prev_free = 0;
  for (block* b = first_block; b != sentinel; b = next_block(b)) {
    if ((uintptr_t)b % ALIGN != HEADER || bsize(b) < MIN_BLOCK || bsize(b) % ALIGN) return 1;
    if (b->prev_size != prev_size) return 2;
    if (next_block(b) > sentinel) return 3;
    if (!used(b) && prev_free) return 4; /* two free neighbours should have merged */
    prev_free = !used(b);
    free_walk += prev_free;
    prev_size = bsize(b);
  }
  if (sentinel->prev_size != prev_size && first_block != sentinel) return 5;
  for (block* b = free_list; b; b = b->next_free) {
    if (used(b) || b < first_block || b >= sentinel) return 6;
    if (b->next_free && b->next_free->prev_free != b) return 7;
    if (++free_list_count > free_walk) return 8;
  }
  return free_list_count == free_walk ? 0 : 9;
}
