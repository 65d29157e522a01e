// Tiny hand-made static powerpc-linux executables for the Linux-mode unit tests, and system
// calls performed as if `sc` had executed at their entry.
#pragma once
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "linux/process.h"
#include "linux/syscalls.h"
#include "util/bits.h"

namespace pimnic::linux_test {

using namespace pimnic::linux_user;

constexpr uint32_t kBase = 0x10000000, kEntry = 0x10000100;

// A static ET_EXEC with one RWX PT_LOAD segment holding `code` at kEntry and 64 KiB of .bss.
inline std::string make_program(const std::vector<uint32_t>& code) {
  std::vector<uint8_t> f(0x100 + 4 * code.size(), 0);
  const uint8_t ident[] = {0x7f, 'E', 'L', 'F', 1, 2, 1};
  std::copy(ident, ident + 7, f.begin());
  store_be<uint16_t>(&f[16], 2);   // ET_EXEC
  store_be<uint16_t>(&f[18], 20);  // EM_PPC
  store_be<uint32_t>(&f[20], 1);
  store_be<uint32_t>(&f[24], kEntry);
  store_be<uint32_t>(&f[28], 52);  // e_phoff
  store_be<uint16_t>(&f[40], 52);
  store_be<uint16_t>(&f[42], 32);
  store_be<uint16_t>(&f[44], 1);
  store_be<uint32_t>(&f[52], 1);   // PT_LOAD
  store_be<uint32_t>(&f[56], 0);
  store_be<uint32_t>(&f[60], kBase);
  store_be<uint32_t>(&f[64], kBase);
  store_be<uint32_t>(&f[68], uint32_t(f.size()));
  store_be<uint32_t>(&f[72], uint32_t(f.size()) + 0x10000);
  store_be<uint32_t>(&f[76], 7);
  store_be<uint32_t>(&f[80], 0x10000);
  for (size_t i = 0; i < code.size(); ++i) store_be<uint32_t>(&f[0x100 + 4 * i], code[i]);
  static unsigned serial = 0;
  std::string path = std::string(PIMNIC_BINARY_DIR) + "/linux_test_" + std::to_string(getpid()) + "_" +
                     std::to_string(serial++) + ".elf";
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(f.data()), long(f.size()));
  return path;
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
