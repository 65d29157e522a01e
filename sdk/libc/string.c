/* <string.h>. The mem* functions move whole words when both pointers allow it, since the compiler
 * calls memcpy/memset for every struct copy and they are hot in firmware. */
#include <string.h>

#include <stdint.h>
#include <stdlib.h>

typedef uint32_t __attribute__((may_alias)) word;

/* Forward copy, also correct for overlap with dst below src (memmove): no restrict here. */
static void copy_forward(unsigned char* d, const unsigned char* s, size_t n) {
  if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
    for (; n >= 16; n -= 16, d += 16, s += 16) {
      word a = ((const word*)s)[0], b = ((const word*)s)[1];
      word c = ((const word*)s)[2], e = ((const word*)s)[3];
      ((word*)d)[0] = a, ((word*)d)[1] = b, ((word*)d)[2] = c, ((word*)d)[3] = e;
    }
    for (; n >= 4; n -= 4, d += 4, s += 4) *(word*)d = *(const word*)s;
  }
  while (n--) *d++ = *s++;
}

#ifdef __ALTIVEC__
#include <altivec.h>

/* The host profile's memcpy moves data as an optimised libc does on a vector machine (glibc's
 * AltiVec memcpy, the SSE2 copies of the I/OAT seed's Xeon): the widest loads and stores the core
 * has (lvx/stvx, the host core's 16-byte vectors), four of them per iteration so that every
 * iteration covers one 64-byte cache line of the host preset, loads before stores so that the
 * line's misses overlap. A source not aligned like the destination goes through lvsl/vperm, one
 * aligned load per vector stored. Returns the bytes not copied (fewer than a line). */
typedef __vector unsigned char vbytes;
enum { VEC = 16, LINE = 64 };

static size_t copy_lines(unsigned char* d, const unsigned char* s, size_t n) {
  if (((uintptr_t)s & (VEC - 1)) == 0) {
    for (; n >= LINE; n -= LINE, d += LINE, s += LINE) {
      vbytes a = vec_ld(0, s), b = vec_ld(16, s), c = vec_ld(32, s), e = vec_ld(48, s);
      vec_st(a, 0, d), vec_st(b, 16, d), vec_st(c, 32, d), vec_st(e, 48, d);
    }
    return n;
  }
  /* Each stored vector takes the tail of one aligned source block and the head of the next; the
   * last load of an iteration is the first of the next. No load reaches past the block holding
   * the last source byte copied. */
  const vbytes shift = vec_lvsl(0, s);
  vbytes prev = vec_ld(0, s);
  for (; n >= LINE; n -= LINE, d += LINE, s += LINE) {
    vbytes a = vec_ld(16, s), b = vec_ld(32, s), c = vec_ld(48, s), e = vec_ld(63, s);
    vec_st(vec_perm(prev, a, shift), 0, d), vec_st(vec_perm(a, b, shift), 16, d);
    vec_st(vec_perm(b, c, shift), 32, d), vec_st(vec_perm(c, e, shift), 48, d);
    prev = e;
  }
  return n;
}

void* memcpy(void* restrict dst, const void* restrict src, size_t n) {
  unsigned char* d = dst;
  const unsigned char* s = src;
  if (n >= 2 * LINE) {
    size_t head = (VEC - ((uintptr_t)d & (VEC - 1))) & (VEC - 1); /* to align the destination */
    copy_forward(d, s, head);
    d += head, s += head, n -= head;
    size_t rest = copy_lines(d, s, n);
    d += n - rest, s += n - rest, n = rest;
  }
  copy_forward(d, s, n);
  return dst;
}
#else
void* memcpy(void* restrict dst, const void* restrict src, size_t n) {
  copy_forward(dst, src, n);
  return dst;
}
#endif

void* memmove(void* dst, const void* src, size_t n) {
  unsigned char* d = dst;
  const unsigned char* s = src;
  if ((uintptr_t)d - (uintptr_t)s >= n) { /* dst below src, or no overlap */
    copy_forward(d, s, n);
    return dst;
  }
  /* dst is above src and overlaps: copy backwards. */
  d += n, s += n;
  if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
    for (; n >= 4; n -= 4) {
      d -= 4, s -= 4;
      *(word*)d = *(const word*)s;
    }
  }
  while (n--) *--d = *--s;
  return dst;
}

void* memset(void* dst, int c, size_t n) {
  unsigned char* d = dst;
  unsigned char b = (unsigned char)c;
  for (; n && ((uintptr_t)d & 3); --n) *d++ = b;
  word w = b * 0x01010101u;
  for (; n >= 16; n -= 16, d += 16) ((word*)d)[0] = w, ((word*)d)[1] = w, ((word*)d)[2] = w, ((word*)d)[3] = w;
  for (; n >= 4; n -= 4, d += 4) *(word*)d = w;
  while (n--) *d++ = b;
  return dst;
}

int memcmp(const void* a, const void* b, size_t n) {
  const unsigned char *x = a, *y = b;
  for (; n; --n, ++x, ++y)
    if (*x != *y) return *x < *y ? -1 : 1;
  return 0;
}

void* memchr(const void* s, int c, size_t n) {
  const unsigned char* p = s;
  for (; n; --n, ++p)
    if (*p == (unsigned char)c) return (void*)p;
  return NULL;
}

size_t strlen(const char* s) {
  const char* p = s;
  while (*p) ++p;
  return (size_t)(p - s);
}

size_t strnlen(const char* s, size_t max) {
  size_t n = 0;
  while (n < max && s[n]) ++n;
  return n;
}

int strcmp(const char* a, const char* b) {
  const unsigned char *x = (const unsigned char*)a, *y = (const unsigned char*)b;
  while (*x && *x == *y) ++x, ++y;
  return (*x > *y) - (*x < *y);
}

int strncmp(const char* a, const char* b, size_t n) {
  const unsigned char *x = (const unsigned char*)a, *y = (const unsigned char*)b;
  for (; n; --n, ++x, ++y) {
    if (*x != *y) return *x < *y ? -1 : 1;
    if (!*x) break;
  }
  return 0;
}

int strcoll(const char* a, const char* b) { return strcmp(a, b); } /* C locale only */

char* strcpy(char* restrict dst, const char* restrict src) {
  char* d = dst;
  while ((*d++ = *src++)) {
  }
  return dst;
}

char* strncpy(char* restrict dst, const char* restrict src, size_t n) {
  size_t i = 0;
  for (; i < n && src[i]; ++i) dst[i] = src[i];
  for (; i < n; ++i) dst[i] = '\0'; /* strncpy pads the rest with NULs */
  return dst;
}

char* strcat(char* restrict dst, const char* restrict src) {
  strcpy(dst + strlen(dst), src);
  return dst;
}

char* strncat(char* restrict dst, const char* restrict src, size_t n) {
  char* d = dst + strlen(dst);
  while (n-- && *src) *d++ = *src++;
  *d = '\0';
  return dst;
}

char* strchr(const char* s, int c) {
  for (;; ++s) {
    if (*s == (char)c) return (char*)s;
    if (!*s) return NULL;
  }
}

char* strrchr(const char* s, int c) {
  const char* found = NULL;
  for (;; ++s) {
    if (*s == (char)c) found = s;
    if (!*s) return (char*)found;
  }
}

char* strstr(const char* h, const char* n) {
  size_t nl = strlen(n);
  if (!nl) return (char*)h;
  for (; *h; ++h)
    if (*h == *n && strncmp(h, n, nl) == 0) return (char*)h;
  return NULL;
}

size_t strspn(const char* s, const char* accept) {
  size_t n = 0;
  while (s[n] && strchr(accept, s[n])) ++n;
  return n;
}

size_t strcspn(const char* s, const char* reject) {
  size_t n = 0;
  while (s[n] && !strchr(reject, s[n])) ++n;
  return n;
}

char* strpbrk(const char* s, const char* accept) {
  s += strcspn(s, accept);
  return *s ? (char*)s : NULL;
}

char* strtok_r(char* restrict s, const char* restrict delim, char** restrict save) {
  if (!s) s = *save;
  s += strspn(s, delim);
  if (!*s) {
    *save = s;
    return NULL;
  }
  char* end = s + strcspn(s, delim);
  if (*end) *end++ = '\0';
  *save = end;
  return s;
}

char* strtok(char* restrict s, const char* restrict delim) {
  static char* save;
  return strtok_r(s, delim, &save);
}

char* strdup(const char* s) { return strndup(s, (size_t)-1); }

char* strndup(const char* s, size_t n) {
  size_t len = strnlen(s, n);
  char* d = malloc(len + 1);
  if (d) {
    memcpy(d, s, len);
    d[len] = '\0';
  }
  return d;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

int strcasecmp(const char* a, const char* b) { return strncasecmp(a, b, (size_t)-1); }

int strncasecmp(const char* a, const char* b, size_t n) {
  const unsigned char *x = (const unsigned char*)a, *y = (const unsigned char*)b;
  for (; n; --n, ++x, ++y) {
    int cx = lower(*x), cy = lower(*y);
    if (cx != cy) return cx < cy ? -1 : 1;
    if (!cx) break;
  }
  return 0;
}
