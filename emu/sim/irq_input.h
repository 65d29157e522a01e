// A core's external interrupt input as the devices that drive it see it (devices/irq_line.h):
// implemented by the hart (cpu/hart.h), so that devices need nothing else of the core.
#pragma once

namespace pimnic {

class IrqInput {
 public:
  virtual ~IrqInput() = default;
  virtual bool irq_level() const = 0;
  // A change takes effect after the current instruction (the hart re-evaluates its interrupts).
  virtual void set_irq_level(bool level) = 0;
};

}  // namespace pimnic
