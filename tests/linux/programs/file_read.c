// Host files (pimnic needs --host-files=ro): open, fstat, read in chunks, lseek back, a private
// read-only file mapping, stdio fopen/fgets, and a failing open's errno.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  int fd = open(argv[1], O_RDONLY);
  if (fd < 0) {
    printf("open failed: %s\n", strerror(errno));
    return 1;
  }
  struct stat st;
  fstat(fd, &st);
  printf("fd=%d size=%lld regular=%d\n", fd, (long long)st.st_size, S_ISREG(st.st_mode));
  char buf[100];
  unsigned sum = 0, total = 0;
  ssize_t n;
  while ((n = read(fd, buf, sizeof buf)) > 0)
    for (ssize_t i = 0; i < n; i++) sum = sum * 31 + (unsigned char)buf[i], total++;
  printf("read %u bytes, hash %08x\n", total, sum);
  off_t back = lseek(fd, 6, SEEK_SET);
  n = read(fd, buf, 12);
  printf("after lseek(6)=%lld: \"%.*s\"\n", (long long)back, (int)n, buf);
  char *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (map != MAP_FAILED) {
    printf("mmap: \"%.*s\" ... \"%.*s\"", 10, map, 5, map + st.st_size - 6);
    printf(" unmap=%d\n", munmap(map, (size_t)st.st_size));
  }
  close(fd);
  FILE *f = fopen(argv[1], "r");
  char line[256];
  int lines = 0;
  while (fgets(line, sizeof line, f)) {
    if (lines < 3) printf("line %d: %s", lines, line);
    lines++;
  }
  fclose(f);
  printf("%d lines\n", lines);
  errno = 0;
  printf("missing file: %d %s\n", open("/nonexistent/pimnic", O_RDONLY), strerror(errno));
  return 0;
}
