// Host memory per Linux user-mode process: N processes of one static executable live side by
// side in this host process (as one per simulated node of a machine would), each loaded and then
// run to its exit; the figure is the growth of this process's resident set divided by N.
//   linux_memory_bench [-n N] PROG [ARGS...]
// Prints the resident set before, after loading and after running, in KiB per process.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "linux/process.h"

using namespace pimnic;

namespace {

// Resident bytes of this process (/proc/self/statm: pages).
uint64_t resident_bytes() {
  std::ifstream f("/proc/self/statm");
  uint64_t size = 0, resident = 0;
  f >> size >> resident;
  return resident * uint64_t(sysconf(_SC_PAGESIZE));
}

}  // namespace

int main(int argc, char** argv) {
  int n = 64, i = 1;
  if (i + 1 < argc && std::strcmp(argv[i], "-n") == 0) {
    n = std::atoi(argv[i + 1]);
    i += 2;
  }
  if (i >= argc || n <= 0) {
    std::fprintf(stderr, "usage: linux_memory_bench [-n N] PROG [ARGS...]\n");
    return 2;
  }
  linux_user::LinuxOptions o;
  o.program = argv[i];
  o.argv.assign(argv + i, argv + argc);
  o.clock = linux_user::ClockMode::Simulated;
  // The guests' output would only clutter the figures.
  std::FILE* quiet = std::freopen("/dev/null", "w", stdout);
  (void)quiet;

  // One process first, so that what every process shares (tables, code) is counted once.
  auto warm = std::make_unique<linux_user::LinuxProcess>(o);
  warm->run();
  const uint64_t base = resident_bytes();
  std::vector<std::unique_ptr<linux_user::LinuxProcess>> procs;
  for (int k = 0; k < n; ++k) procs.push_back(std::make_unique<linux_user::LinuxProcess>(o));
  const uint64_t loaded = resident_bytes();
  uint64_t insts = 0;
  for (auto& p : procs) insts += p->run().instructions;
  const uint64_t ran = resident_bytes();
  std::fprintf(stderr,
               "linux_memory_bench: %d processes of %s (%llu instructions each)\n"
               "  resident before: %8.1f MiB\n"
               "  loaded:          %8.1f KiB per process\n"
               "  run to exit:     %8.1f KiB per process\n",
               n, o.program.c_str(), (unsigned long long)(insts / uint64_t(n)), double(base) / 1048576.0,
               double(loaded - base) / 1024.0 / n, double(ran - base) / 1024.0 / n);
  return 0;
}
