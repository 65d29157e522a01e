/* <stdlib.h> arithmetic, number parsing and the pseudo-random generator. */
#include <stdlib.h>

#include <ctype.h>
#include <errno.h>
#include <limits.h>

int abs(int v) { return v < 0 ? -v : v; }
long labs(long v) { return v < 0 ? -v : v; }
long long llabs(long long v) { return v < 0 ? -v : v; }

div_t div(int num, int den) { return (div_t){num / den, num % den}; }
ldiv_t ldiv(long num, long den) { return (ldiv_t){num / den, num % den}; }
lldiv_t lldiv(long long num, long long den) { return (lldiv_t){num / den, num % den}; }

static int digit_value(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

/* The common parser: magnitude in *mag (saturated at limit, with *overflow set), sign in *neg.
 * Returns the end of the number, or s itself when there is none. */
static const char* parse(const char* s, int base, unsigned long long limit, unsigned long long* mag,
                         int* neg, int* overflow) {
  const char* p = s;
  *mag = 0, *neg = 0, *overflow = 0;
  if (base < 0 || base == 1 || base > 36) {
    errno = EINVAL;
    return s;
  }
  while (isspace((unsigned char)*p)) ++p;
  if (*p == '+' || *p == '-') *neg = *p++ == '-';
  if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && digit_value(p[2]) < 16) {
    p += 2;
    base = 16;
  } else if (base == 0) {
    base = p[0] == '0' ? 8 : 10;
  }
  const char* digits = p;
  unsigned long long v = 0;
  for (int d; (d = digit_value((unsigned char)*p)) < base; ++p) {
    if (*overflow) continue;
    if (v > (limit - (unsigned)d) / (unsigned)base) {
      *overflow = 1;
      v = limit;
    } else {
      v = v * (unsigned)base + (unsigned)d;
    }
  }
  if (p == digits) return s;  /* no digits: nothing converted */
  *mag = v;
  return p;
}

static long long to_signed(const char* s, char** end, int base, long long min, long long max) {
  unsigned long long mag;
  int neg, overflow;
  /* A negative number may reach |min| = max + 1. */
  const char* e = parse(s, base, (unsigned long long)max + 1, &mag, &neg, &overflow);
  if (end) *end = (char*)e;
  if (overflow || (!neg && mag > (unsigned long long)max)) {
    errno = ERANGE;
    return neg ? min : max;
  }
  return neg ? (long long)(0 - mag) : (long long)mag;
}

static unsigned long long to_unsigned(const char* s, char** end, int base, unsigned long long max) {
  unsigned long long mag;
  int neg, overflow;
  const char* e = parse(s, base, max, &mag, &neg, &overflow);
  if (end) *end = (char*)e;
  if (overflow) {
    errno = ERANGE;
    return max;
  }
  return neg ? (0 - mag) & max : mag; /* C: the negation is done in the return type */
}

long strtol(const char* s, char** end, int base) { return (long)to_signed(s, end, base, LONG_MIN, LONG_MAX); }
long long strtoll(const char* s, char** end, int base) { return to_signed(s, end, base, LLONG_MIN, LLONG_MAX); }
unsigned long strtoul(const char* s, char** end, int base) { return (unsigned long)to_unsigned(s, end, base, ULONG_MAX); }
unsigned long long strtoull(const char* s, char** end, int base) { return to_unsigned(s, end, base, ULLONG_MAX); }

int atoi(const char* s) { return (int)strtol(s, NULL, 10); }
long atol(const char* s) { return strtol(s, NULL, 10); }
long long atoll(const char* s) { return strtoll(s, NULL, 10); }

/* A 64-bit linear congruential generator (Knuth's MMIX constants); rand() returns its top 31 bits. */
static unsigned long long rand_state = 1;

int rand(void) {
  rand_state = rand_state * 6364136223846793005ull + 1442695040888963407ull;
  return (int)(rand_state >> 33);
}

void srand(unsigned seed) { rand_state = seed; }
