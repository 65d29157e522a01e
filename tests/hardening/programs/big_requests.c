// Guest requests whose sizes are far larger than what the guest uses (issue 22, items 8 and 9):
// the emulator's host memory must follow what is touched, not what is asked for.
//   big_requests PATH_OF_A_FILE
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char** argv) {
  // 3 GB of anonymous memory in 256 MB pieces, one byte touched in each.
  size_t mapped = 0;
  char* pieces[12];
  for (int i = 0; i < 12; ++i) {
    pieces[i] = mmap(0, 256u << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pieces[i] == MAP_FAILED) break;
    pieces[i][i * 4096] = (char)(i + 1);
    mapped += 256u << 20;
  }
  printf("mapped %zu MB, first byte %d\n", mapped >> 20, pieces[0][0]);
  for (int i = 0; i < 12; ++i) munmap(pieces[i], 256u << 20);

  // sched_getaffinity with a 4 GB length: one long is written (bit 0: CPU 0).
  unsigned long mask[4] = {0, 0xAAAAAAAA, 0, 0};
  long n = syscall(SYS_sched_getaffinity, 0, 0xfffffffcUL, mask);
  printf("sched_getaffinity: %s, cpu0 %s\n", n > 0 ? "ok" : "failed", (mask[0] & 1) ? "set" : "clear");

  // A private file mapping 1 GB long of a small file.
  int fd = open(argc > 1 ? argv[1] : "/proc/self/exe", O_RDONLY);
  char* f = fd >= 0 ? mmap(0, 1u << 30, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
  if (f != MAP_FAILED) {
    printf("file mapping: %.3s\n", f + 1);  // (past the file's end Linux raises SIGBUS: not touched)
    munmap(f, 1u << 30);
  } else {
    printf("file mapping failed\n");
  }
  if (fd >= 0) close(fd);

  // mremap a 256 MB mapping to 512 MB, moving it: the touched byte comes along.
  char* m = mmap(0, 256u << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  m[100u << 20] = 42;
  char* r = mremap(m, 256u << 20, 512u << 20, MREMAP_MAYMOVE);
  printf("mremap: %s, byte %d, new tail %d\n", r == MAP_FAILED ? "failed" : "ok", r == MAP_FAILED ? -1 : r[100u << 20],
         r == MAP_FAILED ? -1 : r[400u << 20]);
  return 0;
}
