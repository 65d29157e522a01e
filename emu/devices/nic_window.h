// The NIC SRAM as the host sees it (PIMNIC_NIC_WINDOW_BASE): programmed I/O. A host store is
// posted and lands in the SRAM hif.pio_ns later (stores stay in order); a host load reads the SRAM
// at once (the timing model charges the round trip as an uncached access).
#pragma once
#include "mem/address_space.h"
#include "mem/mmio_device.h"
#include "sim/event_queue.h"

namespace pimnic {

class NicWindowDevice : public MmioDevice {
 public:
  NicWindowDevice(EventQueue& events, AddressSpace& sram, uint32_t size, Tick pio_latency)
      : events_(events), sram_(sram), size_(size), latency_(pio_latency) {}
  std::string name() const override { return "nic_window"; }
  bool read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess& by) override;
  bool write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) override;
  uint64_t bytes_written() const { return bytes_; }

 private:
  EventQueue& events_;
  AddressSpace& sram_;
  uint32_t size_;
  Tick latency_;
  uint64_t bytes_ = 0;
};

}  // namespace pimnic
