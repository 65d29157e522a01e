/* Freestanding <stdlib.h>. The heap lies between the end of the image and the stack (see the
 * SDK linker script); it is not safe to use from several hardware threads at once. */
#ifndef _PIMNIC_STDLIB_H
#define _PIMNIC_STDLIB_H
#include <stddef.h>

#include "_pimnic_cdefs.h"

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 0x7fffffff

__PIMNIC_BEGIN_DECLS

typedef struct { int quot, rem; } div_t;
typedef struct { long quot, rem; } ldiv_t;
typedef struct { long long quot, rem; } lldiv_t;

int abs(int v);
long labs(long v);
long long llabs(long long v);
div_t div(int num, int den);
ldiv_t ldiv(long num, long den);
lldiv_t lldiv(long long num, long long den);

int atoi(const char* s);
long atol(const char* s);
long long atoll(const char* s);
long strtol(const char* __restrict s, char** __restrict end, int base);
unsigned long strtoul(const char* __restrict s, char** __restrict end, int base);
long long strtoll(const char* __restrict s, char** __restrict end, int base);
unsigned long long strtoull(const char* __restrict s, char** __restrict end, int base);

void qsort(void* base, size_t count, size_t size, int (*compare)(const void*, const void*));
void* bsearch(const void* key, const void* base, size_t count, size_t size,
              int (*compare)(const void*, const void*));

void* malloc(size_t size);
void* calloc(size_t count, size_t size);
void* realloc(void* ptr, size_t size);
void* aligned_alloc(size_t alignment, size_t size);
int posix_memalign(void** out, size_t alignment, size_t size);
void free(void* ptr);

int rand(void);
void srand(unsigned seed);

/* exit() runs atexit/__cxa_atexit handlers (last registered first) and .fini_array, then stops
 * the machine with status & 0xFF; _Exit stops at once; abort() prints "abort()" and exits 134. */
__PIMNIC_NORETURN void exit(int status);
__PIMNIC_NORETURN void _Exit(int status);
__PIMNIC_NORETURN void abort(void);
int atexit(void (*fn)(void));

__PIMNIC_END_DECLS
#endif
