#include "linux/uio_device.h"

#include <unistd.h>

#include <cerrno>

#include "linux/process.h"
#include "util/bits.h"

namespace pimnic::linux_user {

int64_t UioDevice::read(LinuxProcess& p, std::span<uint8_t> out) {
  if (out.size() < 4) return -EINVAL;
  if (!p.hart().external_irq) return kWouldBlock;
  store_be<uint32_t>(out.data(), ++interrupts_);
  return 4;
}

int64_t UioDevice::write(LinuxProcess&, std::span<const uint8_t> in) { return in.size() == 4 ? 4 : -EINVAL; }

GuestFile::Mapping UioDevice::mapping(uint64_t offset) const {
  const uint64_t n = offset / 4096;
  if (offset % 4096 || n >= regions_.size()) return {};
  return {regions_[n].device, regions_[n].size};
}

int64_t TaggedOutput::read(LinuxProcess&, std::span<uint8_t>) { return -EBADF; }

int64_t TaggedOutput::write(LinuxProcess&, std::span<const uint8_t> in) {
  // A line longer than kMaxLine goes out in tagged pieces: what is held back stays bounded
  // whatever the guest writes without a newline.
  for (uint8_t b : in) {
    line_.push_back(char(b));
    if (b == '\n' || line_.size() >= kMaxLine) flush();
  }
  return int64_t(in.size());
}

void TaggedOutput::flush() {
  if (line_.empty()) return;
  std::string out = tag_ + line_;
  line_.clear();
  for (size_t done = 0; done < out.size();) {
    const ssize_t n = ::write(fd_, out.data() + done, out.size() - done);
    if (n <= 0) return;
    done += size_t(n);
  }
}

}  // namespace pimnic::linux_user
