// A core's external interrupt input, shared by the devices that drive it: each device owns one
// source bit; the input is the OR of the sources (level-triggered, as the handler clears the
// device's status and with it the source).
#pragma once
#include <cstdint>
#include <functional>

#include "sim/irq_input.h"

namespace pimnic {

class IrqLine {
 public:
  IrqLine() = default;
  explicit IrqLine(IrqInput* target) : target_(target) {}
  void connect(IrqInput* target) {
    target_ = target;
    update();
  }
  // A new source bit (at most 32 devices per core).
  unsigned add_source() { return next_source_++; }
  void set(unsigned source, bool level) {
    const uint32_t bit = 1u << source;
    levels_ = level ? levels_ | bit : levels_ & ~bit;
    update();
  }
  bool level() const { return levels_ != 0; }
  // Timeline hook: the input changed level.
  std::function<void(bool level)> on_change;

 private:
  void update() {
    const bool level = levels_ != 0;
    if (level != last_ && on_change) on_change(level);
    last_ = level;
    if (target_ && target_->irq_level() != level) target_->set_irq_level(level);
  }
  IrqInput* target_ = nullptr;
  uint32_t levels_ = 0;
  unsigned next_source_ = 0;
  bool last_ = false;
};

}  // namespace pimnic
