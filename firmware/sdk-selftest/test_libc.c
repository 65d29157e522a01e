/* <string.h>, <ctype.h> and <stdlib.h> (numbers, qsort, bsearch). */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pimnic/test.h"
#include "selftest.h"

void test_strings(void) {
  char buf[64];
  /* memcpy/memmove/memset over every alignment and a few lengths, against byte loops. */
  unsigned char src[48], dst[48], ref[48];
  for (int i = 0; i < 48; ++i) src[i] = (unsigned char)(i * 37 + 1);
  int ok = 1;
  for (int so = 0; so < 4; ++so)
    for (int d = 0; d < 4; ++d)
      for (int n = 0; n < 40; n += 3) {
        memset(dst, 0xEE, sizeof dst);
        memcpy(dst + d, src + so, (size_t)n);
        for (int i = 0; i < 48; ++i) ref[i] = (i >= d && i < d + n) ? src[so + i - d] : 0xEE;
        ok &= memcmp(dst, ref, sizeof dst) == 0;
      }
  CHECK(ok);
  /* Long copies (the host's vector path from two cache lines on: aligned and lvsl/vperm), every
   * pair of source and destination alignments within a vector, ends left untouched. */
  static unsigned char big_src[360], big_dst[360];
  for (int i = 0; i < 360; ++i) big_src[i] = (unsigned char)(i * 131 + 7);
  ok = 1;
  for (int so = 0; so < 16; so += 3)
    for (int d = 0; d < 16; ++d)
      for (int n = 120; n < 330; n += 13) {
        memset(big_dst, 0xEE, sizeof big_dst);
        memcpy(big_dst + d, big_src + so, (size_t)n);
        for (int i = 0; i < 360; ++i)
          ok &= big_dst[i] == ((i >= d && i < d + n) ? big_src[so + i - d] : 0xEE);
      }
  CHECK(ok);
  ok = 1;
  for (int from = 0; from < 8; ++from)
    for (int to = 0; to < 8; ++to) { /* overlapping moves both ways */
      unsigned char m[48];
      for (int i = 0; i < 48; ++i) m[i] = (unsigned char)i, ref[i] = (unsigned char)i;
      memmove(m + to, m + from, 37);
      for (int i = 0; i < 37; ++i) ref[to + i] = (unsigned char)(from + i);
      ok &= memcmp(m, ref, sizeof m) == 0;
    }
  CHECK(ok);
  ok = 1;
  for (int d = 0; d < 4; ++d)
    for (int n = 0; n < 40; n += 5) {
      memset(dst, 1, sizeof dst);
      memset(dst + d, 0xA5, (size_t)n);
      for (int i = 0; i < 48; ++i) ok &= dst[i] == ((i >= d && i < d + n) ? 0xA5 : 1);
    }
  CHECK(ok);
  CHECK(memcmp("abc", "abd", 3) < 0);
  CHECK(memcmp("abc", "abc", 3) == 0);
  CHECK(memcmp("\xff", "\x01", 1) > 0); /* bytes compare unsigned */
  const char* hello = "hello";
  CHECK(memchr(hello, 'l', 5) == hello + 2);
  CHECK(memchr(hello, 'o', 4) == NULL);

  CHECK_EQ(strlen(""), 0);
  CHECK_EQ(strlen("pimnic"), 6);
  CHECK_EQ(strnlen("pimnic", 3), 3);
  CHECK(strcmp("a", "b") < 0);
  CHECK(strcmp("b", "a") > 0);
  CHECK(strcmp("same", "same") == 0);
  CHECK(strcmp("ab", "abc") < 0);
  CHECK(strcmp("\x80", "a") > 0);
  CHECK(strncmp("abcdef", "abcxyz", 3) == 0);
  CHECK(strncmp("abcdef", "abcxyz", 4) < 0);
  CHECK(strncmp("x", "y", 0) == 0);
  CHECK_STR_EQ(strcpy(buf, "copy"), "copy");
  memset(buf, 'X', sizeof buf);
  strncpy(buf, "ab", 5);
  CHECK(buf[0] == 'a' && buf[1] == 'b' && buf[2] == 0 && buf[3] == 0 && buf[4] == 0 && buf[5] == 'X');
  strncpy(buf, "abcdef", 3);
  CHECK(buf[2] == 'c' && buf[3] == 0);
  strcpy(buf, "con");
  CHECK_STR_EQ(strcat(buf, "cat"), "concat");
  CHECK_STR_EQ(strncat(buf, "enate!", 5), "concatenate");
  const char* s = "path/to/file.txt";
  CHECK(strchr(s, '/') == s + 4);
  CHECK(strrchr(s, '/') == s + 7);
  CHECK(strchr(s, '\0') == s + strlen(s));
  CHECK(strchr(s, 'z') == NULL);
  CHECK(strrchr(s, 'z') == NULL);
  CHECK(strstr(s, "file") == s + 8);
  CHECK(strstr(s, "") == s);
  CHECK(strstr(s, "files") == NULL);
  CHECK_EQ(strspn("aabbc", "ab"), 4);
  CHECK_EQ(strcspn("hello, world", ", "), 5);
  CHECK(strpbrk(hello, "ol") == hello + 2);
  CHECK(strpbrk(hello, "xyz") == NULL);
  strcpy(buf, " a, b,,c ");
  char* save;
  char* t1 = strtok_r(buf, " ,", &save);
  char* t2 = strtok_r(NULL, " ,", &save);
  char* t3 = strtok_r(NULL, " ,", &save);
  char* t4 = strtok_r(NULL, " ,", &save);
  CHECK(t1 && t2 && t3 && !t4);
  if (t1 && t2 && t3) {
    CHECK_STR_EQ(t1, "a");
    CHECK_STR_EQ(t2, "b");
    CHECK_STR_EQ(t3, "c");
  }
  char* dup = strdup("duplicate");
  CHECK_STR_EQ(dup, "duplicate");
  free(dup);
  dup = strndup("duplicate", 3);
  CHECK_STR_EQ(dup, "dup");
  free(dup);
  CHECK(strcasecmp("HeLLo", "hello") == 0);
  CHECK(strncasecmp("HeLLo", "help", 3) == 0);
  CHECK(strcasecmp("a", "B") < 0);
  CHECK_STR_EQ(strerror(ERANGE), "Numerical result out of range");
}

void test_ctype(void) {
  int ok = 1;
  for (int c = -1; c < 256; ++c) { /* against the ASCII definitions */
    int digit = c >= '0' && c <= '9', up = c >= 'A' && c <= 'Z', lo = c >= 'a' && c <= 'z';
    int space = c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
    ok &= !!isdigit(c) == digit && !!isupper(c) == up && !!islower(c) == lo;
    ok &= !!isalpha(c) == (up || lo) && !!isalnum(c) == (up || lo || digit);
    ok &= !!isspace(c) == space;
    ok &= !!isxdigit(c) == (digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
    ok &= !!isprint(c) == (c >= 0x20 && c < 0x7F) && !!iscntrl(c) == ((c >= 0 && c < 0x20) || c == 0x7F);
    ok &= !!ispunct(c) == (c > 0x20 && c < 0x7F && !(up || lo || digit));
    ok &= toupper(c) == (lo ? c - 32 : c) && tolower(c) == (up ? c + 32 : c);
  }
  CHECK(ok);
}

static int cmp_int(const void* a, const void* b) {
  int x = *(const int*)a, y = *(const int*)b;
  return (x > y) - (x < y);
}

typedef struct { char key[5]; short v; } rec7; /* an odd element size */

static int cmp_rec(const void* a, const void* b) { return strcmp(((const rec7*)a)->key, ((const rec7*)b)->key); }

void test_stdlib(void) {
  char* end;
  CHECK_EQ(abs(-5), 5);
  CHECK_EQ(labs(-70000L), 70000);
  CHECK_EQ(llabs(-5000000000LL), 5000000000LL);
  div_t d = div(-7, 2);
  CHECK(d.quot == -3 && d.rem == -1);
  lldiv_t ld = lldiv(-7000000000LL, 3);
  CHECK(ld.quot == -2333333333LL && ld.rem == -1);

  CHECK_EQ(atoi("  -42xyz"), -42);
  CHECK_EQ(atoi("+17"), 17);
  CHECK_EQ(atol("2147483647"), 2147483647L);
  CHECK_EQ(atoll("-9223372036854775808"), LLONG_MIN);
  CHECK_EQ(strtol("0x1f", &end, 0), 31);
  CHECK(*end == 0);
  CHECK_EQ(strtol("0777", NULL, 0), 511);
  CHECK_EQ(strtol("777", NULL, 8), 511);
  CHECK_EQ(strtol("zz", NULL, 36), 35 * 36 + 35);
  CHECK_EQ(strtol("-0", NULL, 10), 0);
  const char* junk = "  xyz";
  CHECK_EQ(strtol(junk, &end, 10), 0);
  CHECK(end == junk); /* no digits: end is the start */
  CHECK_EQ(strtol("0x", &end, 16), 0);
  CHECK(*end == 'x');
  errno = 0;
  CHECK_EQ(strtol("2147483648", NULL, 10), LONG_MAX);
  CHECK_EQ(errno, ERANGE);
  errno = 0;
  CHECK_EQ(strtol("-2147483648", NULL, 10), LONG_MIN);
  CHECK_EQ(errno, 0);
  CHECK_EQ(strtol("-2147483649", NULL, 10), LONG_MIN);
  CHECK_EQ(errno, ERANGE);
  errno = 0;
  CHECK_EQ(strtoul("4294967295", NULL, 10), 4294967295UL);
  CHECK_EQ(errno, 0);
  CHECK_EQ(strtoul("4294967296", NULL, 10), ULONG_MAX);
  CHECK_EQ(errno, ERANGE);
  CHECK_EQ(strtoul("-1", NULL, 10), ULONG_MAX);
  CHECK_EQ(strtoull("18446744073709551615", NULL, 10), ULLONG_MAX);
  CHECK_EQ(strtoll("-9223372036854775807", NULL, 10), -9223372036854775807LL);
  CHECK_EQ(strtoull("ffffffffffff", NULL, 16), 0xffffffffffffULL);

  /* qsort: pseudo-random ints (with duplicates) come out ordered and as the same multiset. */
  enum { N = 300 };
  static int a[N];
  long long sum = 0, sum2 = 0;
  srand(12345);
  for (int i = 0; i < N; ++i) a[i] = rand() % 1000 - 500, sum += a[i];
  qsort(a, N, sizeof a[0], cmp_int);
  int sorted = 1;
  for (int i = 0; i < N; ++i) sum2 += a[i], sorted &= i == 0 || a[i - 1] <= a[i];
  CHECK(sorted);
  CHECK_EQ(sum, sum2);
  qsort(a, 0, sizeof a[0], cmp_int);
  qsort(a, 1, sizeof a[0], cmp_int);
  rec7 r[] = {{"m", 1}, {"c", 2}, {"x", 3}, {"a", 4}, {"q", 5}};
  qsort(r, 5, sizeof r[0], cmp_rec);
  CHECK(r[0].v == 4 && r[1].v == 2 && r[2].v == 1 && r[3].v == 5 && r[4].v == 3);
  int key = a[N / 2];
  int* hit = bsearch(&key, a, N, sizeof a[0], cmp_int);
  CHECK(hit && *hit == key);
  key = 10000;
  CHECK(bsearch(&key, a, N, sizeof a[0], cmp_int) == NULL);
  int r1 = rand(), r2 = rand();
  CHECK(r1 >= 0 && r2 >= 0 && r1 != r2);
}
