// A trace kind: something that consumes TraceRecords (commit text, qemu log, binary records,
// the Capstone cross-check; later Kanata and Perfetto). The Tracer applies each sink's filter
// before calling it, so a sink formats only what it was asked for.
#pragma once
#include <string>

#include "trace/insn_info.h"
#include "trace/trace_record.h"

namespace pimnic {
struct Hart;
}

namespace pimnic::trace {

class OutputStream;

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
  // The file it writes (null: none), for traces that merge several cores' records in time order
  // (OutputStream lanes); lane_prefix then writes what must precede a record of context `lane`
  // when the record before it in the file was another context's.
  virtual OutputStream* stream() { return nullptr; }
  virtual void lane_prefix(uint32_t /*lane*/, std::string& /*out*/) {}

  // This sink's bit in InsnInfo::described (set by the Tracer).
  uint16_t describe_bit = 0;
};

}  // namespace pimnic::trace
