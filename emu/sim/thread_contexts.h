// The hardware thread contexts of a PIM core, as the NIC's devices start threads on it
// (devices/pim_spawn.h, devices/parcel_engine.h). Implemented by cpu/core.h, so that devices need
// nothing else of the core.
#pragma once
#include <cstdint>

namespace pimnic {

class ParcelPort;

class ThreadContexts {
 public:
  virtual ~ThreadContexts() = default;
  // Threads may start here from outside the core: its last thread may exit without ending the run.
  virtual void allow_outside_starts() = 0;
  // The parcel engine the core's parcel and migrate instructions go to.
  virtual void connect_parcels(ParcelPort* port) = 0;
  // Start the first free context at pc with r3, r4, ... = args (nargs of them), at the core's time
  // (its first context's, which every context of a PIM core shares) and with the MSR `msr` points
  // to (null: the first context's). The context's index, or -1 if none is free.
  virtual int start_thread_with(uint32_t pc, const uint32_t* args, unsigned nargs, const uint32_t* msr) = 0;
  virtual unsigned contexts() const = 0;
  virtual bool context_free(unsigned i) const = 0;
  // Start free context i from reset, as the first context's time and MSR, with the registers of a
  // migrated thread (kThreadStateBytes, sim/parcel_port.h).
  virtual void resume_thread(unsigned i, const uint8_t* state) = 0;
};

}  // namespace pimnic
