// A file the emulated kernel implements itself rather than a host descriptor: device nodes of the
// simulated machine (/dev/uio0: linux/uio_device.h) and the rank-tagged standard output of
// `pimnic mpirun --tag-output`. The descriptor table holds either a host descriptor or one of these.
#pragma once
#include <cstdint>
#include <limits>
#include <span>

namespace pimnic {
class MmioDevice;
}

namespace pimnic::linux_user {

class LinuxProcess;

// A read or write that cannot complete yet: the process sleeps until the device's interrupt (or a
// signal), then the call is made again (a wait: LinuxProcess::block).
inline constexpr int64_t kWouldBlock = std::numeric_limits<int64_t>::min();

class GuestFile {
 public:
  virtual ~GuestFile() = default;
  // Like the system calls (the caller copies to and from guest memory): bytes moved, -errno, or
  // kWouldBlock.
  virtual int64_t read(LinuxProcess& p, std::span<uint8_t> out) = 0;
  virtual int64_t write(LinuxProcess& p, std::span<const uint8_t> in) = 0;
  // What mmap(fd, offset) maps: a device region of `size` bytes (size 0: not mappable there).
  struct Mapping {
    MmioDevice* device = nullptr;
    uint32_t size = 0;
  };
  virtual Mapping mapping(uint64_t offset) const {
    (void)offset;
    return {};
  }
  // st_mode for fstat (a character device unless said otherwise).
  virtual uint32_t mode() const { return 0020666; }
  // The process ends: write out anything held back.
  virtual void flush() {}
};

}  // namespace pimnic::linux_user
