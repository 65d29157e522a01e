// Drives traced execution: while any trace is on, the machine hands its run slices to
// Tracer::run, which executes with Hart::step() (one ExecRecord per instruction), turns each
// record into a TraceRecord (adding the written registers' values, read from the hart) and
// passes it through each sink's filter to the sink. A single unfiltered binary trace takes the
// step record directly instead (BinarySink::record_direct), except for interrupted instructions. With no trace, the machine never gets here
// and Hart::run() runs untouched.
//
// Instruction-count windows are fast-forwarded: before every sink's window opens, and after all
// have closed, the hart runs with Hart::run().
#pragma once
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "cpu/exec_record.h"
#include "cpu/hart.h"
#include "trace/insn_info.h"
#include "cpu/hart_stepper.h"
#include "trace/trace_filter.h"
#include "trace/trace_sink.h"

namespace pimnic {
class SymbolTable;
}

namespace pimnic::trace {

class BinarySink;

// What the formats need to know about the run.
struct TraceContext {
  const SymbolTable* symbols = nullptr;  // for <symbol+offset> and sym= filters; may be null
  // Linux user mode: sc is a system call whose results land in r3 and CR0 (instead of an
  // interrupt that writes SRR0/SRR1/MSR), and alignment faults are fixed up in place.
  bool linux_user = false;
  uint16_t node = 0;
};

class Tracer {
 public:
  explicit Tracer(TraceContext ctx);
  ~Tracer();
  // Add a sink with its filter (symbol names in the filter are resolved here; may throw TraceError).
  void add(std::unique_ptr<TraceSink> sink, TraceFilter filter);
  bool empty() const { return sinks_.empty(); }

  // Execute up to budget instructions of h (core `core` of the node), feeding the sinks, and
  // no further once h.cycles() has reached until_cycle (a machine's slice, as a timing model's
  // run() stops). Returns like Hart::run: SliceEnd when a limit was reached, else why the hart
  // stopped.
  StopReason run(Hart& h, uint64_t budget, unsigned core = 0, uint64_t until_cycle = ~0ull);
  // A record of an instruction someone else executed (a PIM core's pipeline model steps its
  // threads itself): to the sinks as run() would give it.
  void observe(Hart& h, const ExecRecord& rec, unsigned core);
  // h made a trace marker in the instruction it is executing: it goes with that instruction's record.
  void note_mark(const Hart& h, const TraceMark& mark);
  // Records carry their simulated time, and sinks whose stream merges several sources
  // (OutputStream lanes) get each record as one, in the lane of its hardware thread.
  void order_by_time() { ordered_ = true; }
  // Flush and close every sink. Throws TraceError (e.g. disk full).
  void finish();

 private:
  struct Entry {
    std::unique_ptr<TraceSink> sink;
    TraceFilter filter;
    bool wants_rejected;
  };
  struct HartState {
    std::unique_ptr<HartStepper> stepper;
    std::unique_ptr<InsnInfoCache> insns;
    uint32_t expected_pc = 0;  // next_pc of the last record: a different pc means an interrupt came first
    bool stepping = false;     // sinks have seen start() since the last fast-forward
    uint64_t recheck_icount = 0;
    bool has_mark = false;     // mark: made by the instruction being executed
    TraceMark mark;
  };
  HartState& state(Hart& h);
  // Instructions that no sink wants before the next wanted one (~0: none is wanted any more).
  uint64_t skippable(const Hart& h, HartState& hs) const;
  [[gnu::always_inline]] inline void emit(Hart& h, HartState& hs, InsnInfoCache& insns);
  void deliver(size_t sink, const InsnInfo& info, bool accepted);
  void set_where(Hart& h, HartState& hs, unsigned core);
  void collect_keys(const InsnInfo& info, bool raised);

  TraceContext ctx_;
  std::vector<Entry> sinks_;
  bool any_wants_rejected_ = false;
  bool all_accept_ = false;  // a single sink without filter
  BinarySink* direct_ = nullptr;  // that sink, when it is a binary trace: fed by record_direct()
  size_t nsinks_ = 0;
  bool any_cycle_window_ = false;
  bool ordered_ = false;
  std::unordered_map<const Hart*, HartState> harts_;
  ExecRecord exec_;
  TraceRecord rec_;
  InsnInfo no_insn_;
  RegKey keys_[kMaxWrittenRegs];  // written registers of an interrupted instruction
};

}  // namespace pimnic::trace
