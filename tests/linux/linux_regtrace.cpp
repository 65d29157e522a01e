// Register trace of a program under pimnic's Linux user mode: before each instruction, NIP, LR,
// CTR, CR and r0-r31, one line each, in the order trace_parity.py also extracts them from
// qemu's `-d cpu` log. Usage: linux_regtrace PROGRAM MAX_INSTRUCTIONS OUTPUT (the guest runs
// with an empty environment and argv = {PROGRAM}; its own output goes to pimnic's stdout).
#include <cstdio>
#include <string>

#include "linux/process.h"

using namespace pimnic;
using namespace pimnic::linux_user;

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: linux_regtrace PROGRAM MAX_INSTRUCTIONS OUTPUT\n");
    return 2;
  }
  LinuxOptions o;
  o.program = argv[1];
  o.argv = {argv[1]};
  LinuxProcess p(o);
  std::FILE* out = std::fopen(argv[3], "w");
  if (!out) return 2;
  Hart& h = p.hart();
  uint64_t limit = std::stoull(argv[2]);
  for (uint64_t i = 0; i < limit && !p.stopping(); ++i) {
    std::fprintf(out, "%08x %08x %08x %08x", h.pc, h.lr, h.ctr, h.cr);
    for (uint32_t r : h.gpr) std::fprintf(out, " %08x", r);
    std::fputc('\n', out);
    ExecRecord rec;
    h.step(rec);
  }
  std::fclose(out);
  return 0;
}
