// libFuzzer target: the Linux system-call layer. An input is a scratch block and a list of
// system calls with their argument blocks; a fresh process (a tiny static executable) gets the
// scratch bytes in its memory and performs the calls one after another, as `sc` would. Each
// call is 1 + 2 + 6x4 bytes: a mask saying which arguments point into the scratch block (the
// argument's low 12 bits are then the offset), the number, and the six arguments. Whatever the
// guest asks, the layer must answer (a result or an errno) without crashing, hanging or
// allocating what the guest's sizes say. The process has a /dev/uio0 as under `pimnic mpirun`
// (two regions: two pages of device memory and a register block); a call that sleeps in it is woken
// by an external interrupt before the next call, as the NIC would.
#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "linux/process.h"
#include "linux/syscalls.h"
#include "linux/uio_device.h"
#include "mem/mmio_device.h"
#include "util/bits.h"
#include "../linux/tiny_program.h"

using namespace pimnic;
using namespace pimnic::linux_user;

namespace {

constexpr uint32_t kScratch = testing::kTinyBase + 0x1000;  // in the program's .bss
constexpr size_t kScratchBytes = 4096, kCallBytes = 1 + 2 + 24;

// A device region that reads back what was written (any offset, any size): the UIO device's
// mappings only need something that answers.
class ScratchDevice final : public MmioDevice {
 public:
  std::string name() const override { return "fuzz-device"; }
  bool read(uint32_t offset, unsigned, uint64_t& value, const MmioAccess&) override {
    value = last_ ^ offset;
    return true;
  }
  bool write(uint32_t, unsigned, uint64_t value, const MmioAccess&) override {
    last_ = value;
    return true;
  }

 private:
  uint64_t last_ = 0;
};

const std::string& program() {
  static const std::string path = [] {
    // Guest reads of fd 0 must not wait on the fuzzer's terminal.
    int null = ::open("/dev/null", O_RDONLY);
    if (null >= 0) ::dup2(null, 0);
    std::string file = testing::write_tiny_program("/tmp/pimnic_fuzz_syscalls_" + std::to_string(getpid()) + ".elf",
                                                   {0x38000000u | 234, 0x44000002u});  // li r0,exit_group; sc
    std::atexit([] { std::remove(program().c_str()); });
    return file;
  }();
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  LinuxOptions o;
  o.program = program();
  o.argv = {o.program};
  o.clock = ClockMode::Simulated;
  o.strace = std::getenv("PIMNIC_FUZZ_STRACE") != nullptr;  // to see what a seed does
  LinuxProcess p(o);
  static ScratchDevice memory, registers;
  p.add_device_file("/dev/uio0", std::make_shared<UioDevice>(std::vector<UioDevice::Region>{{&memory, 8192}, {&registers, 256}}));
  Hart& h = p.hart();
  // The scratch block: its length (in 16-byte units) first.
  size_t scratch = std::min<size_t>({size_t(data[0]) * 16, size - 1, kScratchBytes});
  p.write(kScratch, data + 1, uint32_t(scratch));
  for (size_t at = 1 + scratch; at + kCallBytes <= size && !p.stopping(); at += kCallBytes) {
    const uint8_t* c = data + at;
    h.gpr[0] = load_be<uint16_t>(c + 1) % kMaxSyscall;
    for (unsigned i = 0; i < 6; ++i) {
      uint32_t v = load_be<uint32_t>(c + 3 + 4 * i);
      h.gpr[3 + i] = (c[0] >> i & 1) ? kScratch + (v & (kScratchBytes - 1)) : v;
    }
    h.pc = testing::kTinyEntry;
    p.interrupt(h, {Interrupt::SystemCall, testing::kTinyEntry + 4});
    if (p.blocked()) {  // asleep in the UIO device: the interrupt makes the call again
      h.external_irq = true;
      p.interrupt(h, {Interrupt::External, testing::kTinyEntry + 4});
      h.external_irq = false;
    }
  }
  return 0;
}
