// /dev/uioN of a simulated machine's host (Linux's userspace I/O framework, which user-space
// drivers use for PCI devices): mmap at offset N * 4096 maps the device's region N; a read of
// 4 bytes sleeps until the device's interrupt line is asserted and returns the number of
// interrupts seen so far; a write of 4 bytes is accepted (UIO's interrupt enable: the line here is
// level-triggered, and the program acknowledges at the device). The MPI library maps the NIC's SRAM
// window and host-interface registers through it and sleeps in read() instead of spinning.
#pragma once
#include <string>
#include <vector>

#include "linux/guest_file.h"

namespace pimnic::linux_user {

class UioDevice final : public GuestFile {
 public:
  struct Region {
    MmioDevice* device = nullptr;
    uint32_t size = 0;
  };
  explicit UioDevice(std::vector<Region> regions) : regions_(std::move(regions)) {}

  int64_t read(LinuxProcess& p, std::span<uint8_t> out) override;
  int64_t write(LinuxProcess& p, std::span<const uint8_t> in) override;
  Mapping mapping(uint64_t offset) const override;

 private:
  std::vector<Region> regions_;
  uint32_t interrupts_ = 0;
};

// Standard output or error of one rank under `pimnic mpirun --tag-output`: each line goes out
// whole, prefixed with the tag ("[3] "), so lines of different ranks never mix (a line over
// kMaxLine bytes goes out in tagged pieces of that size).
class TaggedOutput final : public GuestFile {
 public:
  TaggedOutput(int host_fd, std::string tag) : fd_(host_fd), tag_(std::move(tag)) {}
  ~TaggedOutput() override { flush(); }
  int64_t read(LinuxProcess&, std::span<uint8_t>) override;
  int64_t write(LinuxProcess& p, std::span<const uint8_t> in) override;
  uint32_t mode() const override { return 0010600; }  // a pipe, as under a real mpirun
  void flush() override;
  static constexpr size_t kMaxLine = 64 << 10;

 private:
  int fd_;
  std::string tag_, line_;
};

}  // namespace pimnic::linux_user
