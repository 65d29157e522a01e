// Tiny hand-made static powerpc-linux executables for the Linux-mode unit tests, and system
// calls performed as if `sc` had executed at their entry.
#pragma once
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "linux/process.h"
#include "linux/syscalls.h"
#include "util/bits.h"
#include "../linux/tiny_program.h"

namespace pimnic::linux_test {

using namespace pimnic::linux_user;

constexpr uint32_t kBase = testing::kTinyBase, kEntry = testing::kTinyEntry;

// A tiny program (tests/linux/tiny_program.h) holding `code` at kEntry, in a file of its own.
inline std::string make_program(const std::vector<uint32_t>& code) {
  static unsigned serial = 0;
  return testing::write_tiny_program(std::string(PIMNIC_BINARY_DIR) + "/linux_test_" + std::to_string(getpid()) +
                                         "_" + std::to_string(serial++) + ".elf",
                                     code);
}

inline LinuxOptions options_for(const std::string& path) {
  LinuxOptions o;
  o.program = path;
  o.argv = {path};
  o.clock = ClockMode::Simulated;
  return o;
}

constexpr uint32_t kSc = 0x44000002;
inline uint32_t li(unsigned r, int16_t v) { return 0x38000000u | (r << 21) | uint16_t(v); }

// Perform system call nr with the given arguments as if `sc` executed at kEntry.
inline uint32_t call(LinuxProcess& p, uint32_t nr, std::initializer_list<uint32_t> args) {
  Hart& h = p.hart();
  h.gpr[0] = nr;
  unsigned r = 3;
  for (uint32_t a : args) h.gpr[r++] = a;
  h.pc = kEntry;
  p.interrupt(h, {Interrupt::SystemCall, kEntry + 4});
  return h.gpr[3];
}
inline bool so(LinuxProcess& p) { return p.hart().cr & kCr0So; }

struct Fixture {
  std::string path = make_program({li(0, 234), li(3, 7), kSc});
  LinuxProcess p{options_for(path)};
  ~Fixture() { std::remove(path.c_str()); }
};

}  // namespace pimnic::linux_test
