// A device mapped into an address space. Accesses arrive at simulated time order from the hart
// that executes the load/store; offsets are relative to the device's base address. Each access
// carries a record of who made it and when (MmioAccess), so that devices need no part of the
// core (emu/cpu) to take their time or to act on the accessing hart.
#pragma once
#include <cstdint>
#include <string>

#include "sim/clock.h"

namespace pimnic {

// The accessing hart as far as a device acts on it (implemented by cpu/hart.h).
class MmioInitiator {
 public:
  virtual ~MmioInitiator() = default;
  // Stop with this exit code (memmap.h EXIT_CODE).
  virtual void stop_with_exit(int code) = 0;
  // Sleep until its external interrupt input is asserted, without taking the interrupt
  // (memmap.h TIMER_WAIT).
  virtual void wait_for_irq() = 0;
  // Its machine state register: a thread it starts elsewhere inherits it (devices/pim_spawn.h).
  virtual uint32_t machine_state() const = 0;
};

// Who accesses a device, and when. Initiator ids name the hart: its core's number in the machine
// (CoreConfig::pir, its first hart's PIR) and its index in that core.
struct MmioAccess {
  Tick time = 0;              // simulated time of the access: the hart's, never before the machine's now
  uint32_t initiator = 0;     // mmio_initiator(core, hart)
  MmioInitiator* from = nullptr;  // null: no hart (a debugger, a test)
};

constexpr uint32_t mmio_initiator(uint32_t core, uint32_t hart) { return core << 16 | (hart & 0xFFFF); }
constexpr uint32_t initiator_core(uint32_t id) { return id >> 16; }
constexpr uint32_t initiator_hart(uint32_t id) { return id & 0xFFFF; }

class MmioDevice {
 public:
  virtual ~MmioDevice() = default;
  virtual std::string name() const = 0;
  // size is 1, 2, 4 or 8; values are in guest (big-endian register) meaning, i.e. plain integers.
  // Returning false signals a bus error (the hart takes a storage interrupt).
  virtual bool read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess& by) = 0;
  virtual bool write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) = 0;
};

}  // namespace pimnic
