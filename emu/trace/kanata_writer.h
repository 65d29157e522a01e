// The Kanata pipeline log (format version 0004), read by the Konata viewer: one "I" line per
// instruction with its hardware thread, "L" labels (disassembly; stall and miss notes on hover),
// "S"/"E" stage starts and ends, "R" retire or flush, "C" cycle advances. Timing models report
// through the PipelineLog interface (timing/pipeline_log.h) in any order up to settle(); the
// writer sorts by (cycle, report order) and numbers instructions in the order they appear.
// `--trace kanata:FILE` (gzip or zstd allowed like every trace; Konata opens a .gz log) attaches
// it to the core's timing model.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "sim/trace_mark.h"
#include "timing/pipeline_log.h"
#include "trace/output_stream.h"

namespace pimnic::trace {

class KanataWriter final : public timing::PipelineLog {
 public:
  explicit KanataWriter(std::unique_ptr<OutputStream> out);
  uint64_t begin(uint64_t cycle, unsigned thread, uint32_t pc, const char* text) override;
  void stage(uint64_t id, uint64_t cycle, const char* stage) override;
  void note(uint64_t id, const char* text) override;
  void end(uint64_t id, uint64_t cycle, bool flushed) override;
  void settle(uint64_t cycle) override;
  // A trace marker (sdk pimnic/trace.h) of `thread` at `cycle`: a row of its own labelled
  // "mark: LABEL" (begin:, end:), shown as flushed so that it is not counted as an instruction.
  void mark(uint64_t cycle, unsigned thread, const TraceMark& m);
  // Write what is left and close the file. Throws TraceError.
  void finish();

 private:
  enum class Kind : uint8_t { Begin, Stage, Note, End };
  struct Event {
    uint64_t cycle, seq, id;
    Kind kind;
    bool flag;           // End: flushed
    unsigned thread;     // Begin
    const char* stage;   // Stage
    std::string text;    // Begin, Note
  };
  struct Live {
    uint64_t file_id;
    const char* stage;   // current stage, null before the first
  };
  static bool later(const Event& a, const Event& b) { return a.cycle != b.cycle ? a.cycle > b.cycle : a.seq > b.seq; }
  void push(Event&& e);
  void write(const Event& e);
  void goto_cycle(uint64_t c);

  std::unique_ptr<OutputStream> out_;
  std::vector<Event> pending_;  // a heap (later)
  std::unordered_map<uint64_t, Live> live_;
  uint64_t next_id_ = 0, next_seq_ = 0, next_file_id_ = 0, next_retire_ = 0;
  uint64_t cycle_ = 0;
  bool started_ = false;
  uint64_t last_note_id_ = ~0ull;
  uint64_t last_note_cycle_ = 0;
};

}  // namespace pimnic::trace
