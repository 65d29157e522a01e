// The process image as the program sees it: where argc, the strings, the auxiliary vector and
// AT_RANDOM are, every auxv entry, the first brk, and where anonymous mmaps and a large malloc
// land. pimnic mirrors qemu-user's choices, so this must match qemu exactly (qemu run with
// -seed 0, pimnic with its default --seed 0, so the AT_RANDOM bytes match too).
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv) {
  uint32_t *sp = (uint32_t *)argv - 1;
  printf("argc at %p = %d\n", (void *)sp, argc);
  for (int i = 0; i < argc; i++) printf("argv[%d] at %p \"%s\"\n", i, (void *)argv[i], argv[i]);
  char **e = environ;
  for (; *e; e++) printf("env at %p \"%s\"\n", (void *)*e, *e);
  uint32_t *a = (uint32_t *)(e + 1);
  printf("auxv at %p\n", (void *)a);
  for (; a[0] != AT_NULL; a += 2) {
    if (a[0] == AT_UID || a[0] == AT_EUID || a[0] == AT_GID || a[0] == AT_EGID) {
      printf("AT %u = (host id)\n", a[0]);
      continue;
    }
    printf("AT %u = %#x", a[0], a[1]);
    if (a[0] == AT_EXECFN || a[0] == AT_PLATFORM) printf(" \"%s\"", (char *)a[1]);
    if (a[0] == AT_RANDOM)
      for (int i = 0; i < 16; i++) printf(" %02x", ((unsigned char *)a[1])[i]);
    printf("\n");
  }
  printf("brk now %#lx\n", (unsigned long)syscall(SYS_brk, 0));
  void *m1 = mmap(0, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  void *m2 = mmap(0, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  munmap(m1, 8192);
  void *m3 = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  void *m4 = mmap((void *)0x20000000, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  void *m5 = mmap((void *)0x20000000, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  printf("mmap %p %p %p %p %p\n", m1, m2, m3, m4, m5);
  char *big = malloc(3 << 20);
  printf("malloc(3 MiB) %p\n", (void *)big);
  big = realloc(big, 5 << 20);
  printf("realloc(5 MiB) %p\n", (void *)big);
  long b0 = syscall(SYS_brk, 0);
  printf("brk %#lx %#lx %#lx\n", (unsigned long)syscall(SYS_brk, b0 + 5), (unsigned long)syscall(SYS_brk, b0 + 0x3005),
         (unsigned long)syscall(SYS_brk, 0x1000));
  return 0;
}
