// printf conversions: integers of every width and flag, characters, strings, pointers' absence,
// and floating point in %f, %e, %g and %a, including rounding cases, infinities and NaN.
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

int main(void) {
  printf("[%d] [%5d] [%-5d] [%05d] [%+d] [% d]\n", 42, 42, 42, 42, 42, 42);
  printf("[%i] [%u] [%x] [%X] [%#x] [%o] [%#o]\n", -17, 3000000000u, 0xbeef, 0xbeef, 255, 8, 8);
  printf("[%hd] [%hhu] [%ld] [%lld] [%llu] [%llx]\n", (short)-2, (unsigned char)300, -123456789L,
         -1234567890123LL, 18446744073709551615ULL, 0x123456789abcdefULL);
  printf("[%jd] [%zu] [%td]\n", (intmax_t)-5, (size_t)77, (ptrdiff_t)-3);
  printf("[%c] [%5c] [%s] [%.3s] [%10s] [%-10s]\n", 'x', 'y', "string", "truncate", "right", "left");
  printf("[%*d] [%-*d] [%.*f]\n", 6, 7, 6, 7, 2, 3.14159);
  double v[] = {0.0, -0.0, 1.0, 0.1, 2.5, -3.75, 1e-300, 123456789.125, 1e21, 6.02214076e23, 1.0 / 3};
  for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++)
    printf("%f | %.3f | %e | %.10e | %g | %.15g | %a\n", v[i], v[i], v[i], v[i], v[i], v[i], v[i]);
  printf("%f %e %g %F\n", INFINITY, -INFINITY, NAN, INFINITY);
  printf("rounding: %.0f %.0f %.0f %.0f %.1f %.2f\n", 0.5, 1.5, 2.5, -0.5, 0.05, 2.675);
  float fl = 16777217.0f;
  printf("float: %f %.9g %a\n", fl, 0.1f, 0.1f);
  printf("long double: %Lf %Lg\n", (long double)1.5, (long double)1e100);
  char buf[64];
  int n = snprintf(buf, sizeof buf, "%08.3f|%-8.2e|%+g", 3.14159, 271.828, 1e-5);
  printf("snprintf %d \"%s\"\n", n, buf);
  printf("percent %% done\n");
  return 0;
}
