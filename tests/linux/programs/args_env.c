// argv and the environment as the guest sees them (order included), and a look at the
// auxiliary vector entries whose values do not depend on the host.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>

extern char **environ;

int main(int argc, char **argv) {
  printf("argc=%d\n", argc);
  for (int i = 1; i < argc; i++) printf("argv[%d]=\"%s\" (%zu)\n", i, argv[i], strlen(argv[i]));
  int n = 0;
  for (char **e = environ; *e; e++, n++) printf("env[%d]=\"%s\"\n", n, *e);
  printf("getenv(PIMNIC_A)=%s\n", getenv("PIMNIC_A") ? getenv("PIMNIC_A") : "(null)");
  printf("pagesz=%lu hwcap=%#lx hwcap2=%#lx clktck=%lu secure=%lu\n", getauxval(AT_PAGESZ),
         getauxval(AT_HWCAP), getauxval(AT_HWCAP2), getauxval(AT_CLKTCK), getauxval(AT_SECURE));
  printf("dcache=%lu icache=%lu ucache=%lu phent=%lu\n", getauxval(AT_DCACHEBSIZE),
         getauxval(AT_ICACHEBSIZE), getauxval(AT_UCACHEBSIZE), getauxval(AT_PHENT));
  const char *fn = (const char *)getauxval(AT_EXECFN);
  printf("execfn matches argv[0]: %s\n", fn && strcmp(fn, argv[0]) == 0 ? "yes" : "no");
  unsigned long sp = (unsigned long)(argv - 1);
  printf("argc 16-byte aligned: %s\n", sp % 16 == 0 ? "yes" : "no");
  return 0;
}
