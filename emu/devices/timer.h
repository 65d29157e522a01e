// Per-core timer (memmap.h TIMER_*): simulated time in ns and a one-shot compare that raises the
// core's external interrupt. Reading the time needs no event; the compare schedules exactly one.
#pragma once
#include "devices/irq_line.h"
#include "mem/mmio_device.h"
#include "sim/event_queue.h"

namespace pimnic {

class TimerDevice : public MmioDevice {
 public:
  TimerDevice(EventQueue& events, IrqLine& irq) : events_(events), irq_(irq), source_(irq.add_source()) {}
  std::string name() const override { return "timer"; }
  bool read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess& by) override;
  bool write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) override;

 private:
  void update_irq() { irq_.set(source_, fired_ && enabled_); }
  EventQueue& events_;
  IrqLine& irq_;
  unsigned source_;
  uint32_t latched_lo_ = 0;
  uint64_t compare_ = 0;
  bool fired_ = false, enabled_ = false;
  EventQueue::Handle pending_;
};

}  // namespace pimnic
