// A trace kind: something that consumes TraceRecords (commit text, qemu log, binary records,
// the Capstone cross-check; later Kanata and Perfetto). The Tracer applies each sink's filter
// before calling it, so a sink formats only what it was asked for.
#pragma once
#include "trace/insn_info.h"
#include "trace/trace_record.h"

namespace pimnic {
struct Hart;
}

namespace pimnic::trace {

class TraceSink {
 public:
  virtual ~TraceSink() = default;
  // The hart is about to be stepped from this state (at the start, and again after the tracer
  // fast-forwarded through a part no filter wants).
  virtual void start(const Hart&) {}
  // One instruction. accepted: the filter wants it. Sinks that return true from wants_rejected()
  // also see the rejected ones (to keep state such as the registers before the next instruction).
  virtual void record(const TraceRecord& r, const InsnInfo& info, bool accepted) = 0;
  virtual bool wants_rejected() const { return false; }
  // End of the run: flush and close. May throw TraceError.
  virtual void finish() {}

  // This sink's bit in InsnInfo::described (set by the Tracer).
  uint16_t describe_bit = 0;
};

}  // namespace pimnic::trace
