// Exit device: a write stops the hart that makes it with that exit code, and tells the machine.
#pragma once
#include <functional>

#include "mem/mmio_device.h"

namespace pimnic {

class ExitDevice : public MmioDevice {
 public:
  using OnExit = std::function<void(int code, const MmioAccess& by)>;
  explicit ExitDevice(OnExit on_exit) : on_exit_(std::move(on_exit)) {}
  std::string name() const override { return "exit"; }
  bool read(uint32_t offset, unsigned, uint64_t& value, const MmioAccess&) override;
  bool write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) override;

 private:
  OnExit on_exit_;
};

}  // namespace pimnic
