// Where a timing model reports each instruction's trip through the pipeline (the Kanata log for
// the Konata viewer, trace/kanata_writer.h). Models that compute an instruction's whole timeline
// at once may report events out of cycle order; the log sorts them, and writes out everything
// before the cycle given to settle() (the model promises no later event starts before it).
#pragma once
#include <cstdint>

namespace pimnic::timing {

class PipelineLog {
 public:
  virtual ~PipelineLog() = default;
  // A new instruction (or wrong-path fetch) appears at `cycle`; returns its id for the calls below.
  // thread: the hardware thread; text: what the viewer shows (disassembly, "wrong path").
  virtual uint64_t begin(uint64_t cycle, unsigned thread, uint32_t pc, const char* text) = 0;
  // The instruction enters `stage` at `cycle` (leaving its previous stage). Stage names are short
  // ("F", "D", "X", "M", "W"; the OoO model adds its own) and must be string literals.
  virtual void stage(uint64_t id, uint64_t cycle, const char* stage) = 0;
  // A note shown on hover (stall reasons, cache misses, mispredictions).
  virtual void note(uint64_t id, const char* text) = 0;
  // Leaves the pipeline: retired (flushed = false) or squashed (flushed = true).
  virtual void end(uint64_t id, uint64_t cycle, bool flushed) = 0;
  // No event will be reported before `cycle` any more.
  virtual void settle(uint64_t cycle) = 0;
};

}  // namespace pimnic::timing
