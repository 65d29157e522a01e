// Exit device: a write stops the machine with that exit code.
#pragma once
#include <functional>

#include "mem/mmio_device.h"

namespace pimnic {

class ExitDevice : public MmioDevice {
 public:
  using OnExit = std::function<void(int code, Hart* from)>;
  explicit ExitDevice(OnExit on_exit) : on_exit_(std::move(on_exit)) {}
  std::string name() const override { return "exit"; }
  bool read(uint32_t offset, unsigned, uint64_t& value, Hart*) override;
  bool write(uint32_t offset, unsigned size, uint64_t value, Hart* from) override;

 private:
  OnExit on_exit_;
};

}  // namespace pimnic
