// A NIC DMA engine (memmap.h DMA_*): walks a ring of descriptors in NIC SRAM, one at a time, and
// moves bytes between host memory and the SRAM. A descriptor takes the NIC bus to fetch, then
// dma.setup_ns, then length / dma.bandwidth; its bytes land, its status word is written and the
// head moves when it completes. One event per descriptor.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "devices/irq_line.h"
#include "mem/address_space.h"
#include "mem/mmio_device.h"
#include "sim/event_queue.h"

namespace pimnic {
class StatRegistry;

struct DmaTiming {
  Tick bus = 20'000;       // NIC bus access (descriptor fetch, doorbell)
  Tick setup = 100'000;    // per descriptor
  double bytes_per_second = 4e9;
};

class DmaEngine : public MmioDevice {
 public:
  enum class Direction { HostToNic, NicToHost };
  DmaEngine(std::string name, Direction dir, EventQueue& events, AddressSpace& host_mem, AddressSpace& sram,
            IrqLine& irq, DmaTiming timing);
  std::string name() const override { return name_; }
  bool read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess& by) override;
  bool write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) override;
  void register_stats(StatRegistry& s, const std::string& prefix);
  // Timeline hook: a transfer ran from start to end (picoseconds).
  std::function<void(const std::string& engine, uint32_t bytes, Tick start, Tick end)> on_transfer;

 private:
  void start_next(Tick at);  // if idle and work is posted: fetch the next descriptor at `at`
  void complete(uint32_t desc_addr, Tick started);
  void update_irq() { irq_.set(source_, irq_status_ & irq_enable_); }

  std::string name_;
  Direction dir_;
  EventQueue& events_;
  AddressSpace &host_, &sram_;
  IrqLine& irq_;
  unsigned source_;
  DmaTiming timing_;
  uint32_t ring_base_ = 0, ring_entries_ = 0, tail_ = 0, head_ = 0;
  uint32_t irq_status_ = 0, irq_enable_ = 0;
  bool busy_ = false;
  uint64_t bytes_ = 0, descriptors_ = 0, errors_ = 0, busy_ps_ = 0;
};

}  // namespace pimnic
