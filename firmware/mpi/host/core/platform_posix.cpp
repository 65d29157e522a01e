// platform.h for hosted POSIX programs (the simulated host cores run static powerpc-linux
// executables against glibc).
#include "core/platform.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace pimnic::mpi::platform {

void write_error_line(const char* line) {
  // One write: lines of different ranks must not interleave inside a line.
  char buf[1024];
  size_t n = strlen(line);
  if (n > sizeof buf - 1) n = sizeof buf - 1;
  memcpy(buf, line, n);
  buf[n++] = '\n';
  size_t done = 0;
  while (done < n) {
    ssize_t w = write(2, buf + done, n - done);
    if (w <= 0) break;
    done += size_t(w);
  }
}

void exit_process(int status) {
  exit(status);  // exit, not _exit: the program's buffered stdout must reach the console
}

}  // namespace pimnic::mpi::platform
