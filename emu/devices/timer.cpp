#include "devices/timer.h"

#include <algorithm>

#include "pimnic/memmap.h"

namespace pimnic {

bool TimerDevice::read(uint32_t offset, unsigned, uint64_t& value, const MmioAccess& by) {
  switch (offset) {
    case TIMER_NOW_HI: {
      const uint64_t ns = by.time / 1000;
      latched_lo_ = uint32_t(ns);
      value = ns >> 32;
      return true;
    }
    case TIMER_NOW_LO: value = latched_lo_; return true;
    case TIMER_COMPARE_HI: value = compare_ >> 32; return true;
    case TIMER_COMPARE_LO: value = uint32_t(compare_); return true;
    case TIMER_STATUS: value = fired_; return true;
    case TIMER_CTRL: value = enabled_; return true;
    default: value = 0; return offset < PIMNIC_DEVICE_SIZE;
  }
}

bool TimerDevice::write(uint32_t offset, unsigned, uint64_t value, const MmioAccess& by) {
  switch (offset) {
    case TIMER_COMPARE_HI: compare_ = (compare_ & 0xFFFFFFFFull) | (value & 0xFFFFFFFFull) << 32; return true;
    case TIMER_COMPARE_LO: {
      compare_ = (compare_ & ~0xFFFFFFFFull) | (value & 0xFFFFFFFFull);
      events_.cancel(pending_);
      // Fire at the compare time, or at once (now) if it has passed.
      Tick at = std::max<Tick>(by.time, compare_ > kMaxTick / 1000 ? kMaxTick - 1 : compare_ * 1000);
      pending_ = events_.schedule(at, [this] {
        fired_ = true;
        pending_ = {};
        update_irq();
      }, kPrioInterrupt, "timer.fire");
      return true;
    }
    case TIMER_STATUS:
      if (value & 1) fired_ = false;
      update_irq();
      return true;
    case TIMER_CTRL:
      enabled_ = value & 1;
      update_irq();
      return true;
    case TIMER_WAIT:
      if (by.from) by.from->wait_for_irq();
      return true;
    default: return offset < PIMNIC_DEVICE_SIZE;
  }
}

}  // namespace pimnic
