// <string.h>, <ctype.h> and <stdlib.h> conversions; glibc picks optimised variants of several of
// these, so alignment and lengths vary.
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char a[128], b[128];
  strcpy(a, "The quick brown fox");
  strcat(a, " jumps over the lazy dog");
  printf("len %zu cmp %d %d %d\n", strlen(a), strcmp("abc", "abd") < 0, strncmp("abcdef", "abcxyz", 3),
         strcasecmp("HeLLo", "hello"));
  printf("chr %s | rchr %s | str %s | pbrk %s\n", strchr(a, 'q'), strrchr(a, 'o'), strstr(a, "lazy"),
         strpbrk(a, "xyz"));
  printf("spn %zu cspn %zu\n", strspn("aaabbbccc", "ab"), strcspn("hello world", " "));
  for (int off = 0; off < 8; off++) {
    memset(b, '.', sizeof b);
    memcpy(b + off, a + (7 - off), 40);
    b[off + 40] = 0;
    printf("memcpy off %d: %s\n", off, b + off);
  }
  strcpy(b, "0123456789abcdef");
  memmove(b + 4, b, 10);
  printf("memmove up: %s\n", b);
  memmove(b, b + 6, 8);
  printf("memmove down: %s\n", b);
  printf("memcmp %d memchr %s\n", memcmp("abcd", "abce", 4) < 0, (char *)memchr(a, 'f', strlen(a)));
  char tok[] = "alpha,beta;;gamma delta";
  for (char *t = strtok(tok, ",; "); t; t = strtok(NULL, ",; ")) printf("token <%s>\n", t);
  printf("strtol %ld %ld %ld\n", strtol("-12345", NULL, 10), strtol("0x7fff", NULL, 16), strtol("777", NULL, 8));
  printf("strtoul %lu strtoll %lld atoi %d\n", strtoul("4000000000", NULL, 10), strtoll("-9000000000", NULL, 10),
         atoi("  42xyz"));
  printf("strtod %.17g %.17g %g\n", strtod("3.14159265358979", NULL), strtod("1e-310", NULL), strtod("inf", NULL));
  char up[64];
  const char *src = "Mixed Case 123!";
  size_t i = 0;
  for (; src[i]; i++) up[i] = (char)toupper((unsigned char)src[i]);
  up[i] = 0;
  printf("upper %s alnum %d space %d\n", up, isalnum('z'), isspace('\t'));
  char *d = strdup(a);
  printf("strdup %s %zu\n", d + 4, strnlen(d, 10));
  free(d);
  return 0;
}
