// Trace markers (memmap.h TRACE_*, SDK pimnic/trace.h): firmware names a point of its run
// ("header arrived") or a stretch of it (begin/end) by a device store; the machine hands each
// mark with the access that made it (its time and initiator) to whoever records the run (instruction traces, Kanata logs,
// Perfetto timelines: cli/run_output). Without a listener a mark costs the store and nothing else.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "mem/mmio_device.h"
#include "sim/trace_mark.h"

namespace pimnic {

class AddressSpace;

class TraceMarkerDevice : public MmioDevice {
 public:
  using Listener = std::function<void(const MmioAccess& by, const TraceMark& mark)>;
  // Labels are read from `mem` (the address space the core executes in).
  explicit TraceMarkerDevice(AddressSpace& mem) : mem_(mem) {}
  void set_listener(Listener l) { listener_ = std::move(l); }
  std::string name() const override { return "trace"; }
  bool read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess& by) override;
  bool write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) override;

 private:
  std::string label_at(uint32_t addr) const;
  AddressSpace& mem_;
  Listener listener_;
  uint32_t value_ = 0;
  bool has_value_ = false;
};

}  // namespace pimnic
