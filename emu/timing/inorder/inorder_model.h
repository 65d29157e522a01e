// The single-issue in-order pipeline: fetch, decode, execute, memory, writeback (F D X M W).
//
// Like the out-of-order model it never ticks cycle by cycle: after the functional core executed an
// instruction, the model places it in the pipeline against what the previous instruction left.
// Each stage holds one instruction, so an instruction enters a stage only when its predecessor has
// moved on (F <- D of the previous, D <- X of the previous); it issues (enters X) once its source
// registers are ready on the bypass (scoreboard), its unit accepts a new operation (issue interval)
// and, for serializing or device-touching instructions, the pipeline has drained. X lasts the
// class's latency; loads and stores reach the data cache in M; writeback is in order.
// Fetch goes through the I-cache a line at a time and follows the branch predictor: a taken
// branch predicted right costs taken_bubble cycles, a mispredicted one refetches after it
// resolves at the end of X (the wrong-path fetches appear flushed in the Kanata log).
// Blocks whose entry state repeats are replayed from a memo (block_memo.h) with the same result.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "sim/clock.h"
#include "isa/decoder.h"
#include "timing/bpred/branch_predictor.h"
#include "cpu/hart_stepper.h"
#include "timing/core_model.h"
#include "timing/mem/hierarchy.h"
#include "timing/inorder/block_memo.h"
#include "timing/inorder/inorder_config.h"
#include "timing/inorder/static_info.h"
#include "timing/op_timing.h"

namespace pimnic::timing {

class InOrderModel final : public CoreModel {
 public:
  InOrderModel(const InOrderConfig& cfg, const OpTiming& ops, const BpredConfig& bp, MemHierarchy& mem,
               const ClockDomain& clock);
  const char* kind() const override { return "inorder"; }
  StopReason run(Hart& h, uint64_t budget, uint64_t until_cycle) override;
  void account(Hart& h, const ExecRecord& rec) override;
  void drain(Hart& h) override;
  void register_stats(StatRegistry& s, const std::string& prefix) override;
  void set_pipeline_log(PipelineLog* log) override { log_ = log; }

  struct Stats {
    uint64_t insts = 0;
    uint64_t replayed = 0;             // of which timed by replaying a block memo
    uint64_t stall_fetch_icache = 0;   // cycles fetch waited for the I-cache beyond one
    uint64_t stall_branch = 0;         // fetch cycles lost to mispredictions
    uint64_t stall_taken = 0;          // fetch cycles lost to taken branches predicted right
    uint64_t stall_data = 0;           // issue cycles waiting for a source register
    uint64_t stall_unit = 0;           // issue cycles waiting for a busy (unpipelined) unit
    uint64_t stall_serialize = 0;      // issue cycles waiting for the pipeline to drain
    uint64_t stall_memory = 0;         // cycles writeback waited for data from memory (load misses)
    uint64_t stall_mshr = 0;           // cycles a load held the memory stage waiting for a free MSHR
    uint64_t stall_store_buffer = 0;   // cycles a store held the memory stage waiting for a store-buffer entry
    uint64_t serializing = 0, interrupts = 0, idle_cycles = 0;
    uint64_t loads = 0, stores = 0, mmio = 0;
  } stats;
  const BranchPredictor& predictor() const { return bp_; }

 private:
  void start(Hart& h);
  // Place one instruction that Hart::step left in r (stepped: h.cycles() just after that step);
  // its static information, or null for a fetch fault. time() also moves h's clock. verdict: the
  // predictor's, when a replay already asked it about this branch (else place asks).
  const StaticInfo* place(const ExecRecord& r, uint64_t stepped, const BranchMiss* verdict = nullptr);
  void time(Hart& h, const ExecRecord& r, const BranchMiss* verdict = nullptr) {
    place(r, h.cycles(), verdict);
    h.cycle_offset += drain_ - h.cycles();  // the time convention of core_model.h
  }
  // Where fetch continues after a branch (or any instruction), and the predictor's verdict.
  struct Why;
  uint64_t fetch_after(const BranchInfo& br, const ExecRecord& r, uint64_t fetch_end, uint64_t result_at, Why& why,
                       const BranchMiss* verdict = nullptr);

  // ---- blocks (block_memo.h) ----
  // run() hands each stepped instruction to advance(): it replays a block from its memo, or
  // places the instructions one by one while building the block's shape or recording a memo.
  // (code: the decode cache's generation before r was stepped)
  void advance(Hart& h, const ExecRecord& r, uint64_t code);
  bool begin_block(Hart& h, const ExecRecord& r, uint64_t code);  // true if r is replayed
  bool enter_block(const Hart& h, uint64_t end, uint64_t until_cycle);  // true: replay_rest from the first
  const BlockMemo* find_memo(BlockShape& b, bool line_fetched) const;
  void eager(Hart& h, const ExecRecord& r);
  void replay(Hart& h, const ExecRecord& r);
  // The rest of a replayed block in one loop, when none of its steps needs an interrupt check,
  // can reach the slice's end or the budget (quiet_rest); returns the last step's stop reason.
  bool quiet_rest(const Hart& h, uint64_t end, uint64_t until_cycle) const;
  bool quiet_from(const Hart& h, const BlockShape& b, const BlockMemo& m, unsigned from, uint64_t end,
                  uint64_t until_cycle) const;
  StopReason replay_rest(Hart& h);
  void complete_record(ExecRecord& r, const BlockShape& b, unsigned i, uint32_t next_pc);
  void commit_replay(const ExecRecord* last);
  template <typename Fn> void for_each_key(const BlockShape& b, bool line_fetched, bool skip_implied, Fn&& fn) const;
  void record_memo();
  // Place what a replay held back (records 0..pos_-1), and leave the block.
  void leave_block();
  bool sure_hits(const ExecRecord& r, uint32_t pc, bool fetch);
  bool replay_hits(const ExecRecord& r, uint32_t pc, bool fetch);  // sure_hits, touching the lines
  bool same_accesses(const BlockShape& b, const BlockMemo& m, unsigned i, const ExecRecord& r);
  // For a branch inside the block (instruction i): the path and the prediction as the memo says?
  // (Asks the predictor; the verdict is kept for leave_block.)
  bool inner_branch_as_before(BlockShape& b, const BlockMemo& m, unsigned i, uint32_t next_pc);
  // Leave a replay that went otherwise at instruction i (r), which is then placed.
  void diverge(Hart& h, BlockShape& b, unsigned i, const ExecRecord& r);
  uint64_t to_cycle(Tick t) const { return (t + period_ - 1) / period_; }
  // The cycle an access issued at cycle t completes; an L1 hit (`l1`, when the hierarchy has one,
  // is where `level` sends it first) needs no conversion from picoseconds.
  // `queued`: the cycles the access waited for a free MSHR (it holds the memory stage meanwhile).
  [[gnu::always_inline]] uint64_t access_done(Cache* l1, MemLevel& level, uint32_t addr, uint32_t size,
                                              AccessKind kind, uint64_t t, uint8_t* where = nullptr,
                                              uint64_t* queued = nullptr) {
    MemResp m = l1 ? l1->access(addr, size, kind, t * period_) : level.access({addr, size, kind}, t * period_);
    if (where) *where = m.level;
    if (l1 && m.level == 1) [[likely]] return t + (l1 == l1i_ ? l1i_hit_ : l1d_hit_);
    if (queued) *queued = to_cycle(m.queued);
    return to_cycle(m.ready);
  }
  // A store leaving the memory stage at cycle t into the store buffer: the cycle it has left (t, or
  // later when every entry was taken). Tells the hart when a device access may happen.
  uint64_t store_leaves(uint32_t addr, uint32_t size, uint64_t t);
  // When an instruction entered each stage, and when its result was on the bypass (a branch resolves).
  struct Stages {
    uint64_t F, D, X, M, W, E;
  };
  // What held an instruction up, for the Kanata note (the first reason in pipeline order, a
  // misprediction before all).
  struct Why {
    bool icache = false, data = false, unit = false, serialize = false, mmio = false, dcache = false;
    BranchMiss branch = BranchMiss::None;
    const char* note() const;
  };
  void log_insn(const ExecRecord& r, const Stages& t, const Why& why);

  InOrderConfig cfg_;
  OpTiming ops_;
  MemHierarchy& mem_;
  Tick period_;
  BranchPredictor bp_;
  StaticInfoCache info_;
  HartStepper stepper_;
  enum class Mode : uint8_t { Start, Plain, Build, Record, Replay };
  Mode mode_ = Mode::Start;
  BlockTable blocks_;
  BlockShape* shape_ = nullptr;    // the current block's (Build: the slot being built)
  const BlockMemo* memo_ = nullptr;  // Replay
  unsigned pos_ = 0;                 // instructions of the current block so far
  uint64_t base_ = 0;                // the block's first fetch cycle
  Tick base_tick_ = 0;               // the same in picoseconds
  bool record_ok_ = false;           // Record: the block still qualifies for a memo
  unsigned nkey_ = 0;
  uint16_t key_[BlockMemo::kMaxKey];
  uint64_t stalls_at_start_[6] = {};  // Record: stall counters when the block began
  BlockMemo pending_;                 // Record: the memo being filled
  StaticInfo built_[BlockMemo::kMaxInsns];  // Build (copies: the cache may reuse an entry)
  BranchMiss verdicts_[BlockMemo::kMaxInsns];  // Replay: the predictor's, for the branches inside
  BranchMiss last_verdict_ = BranchMiss::None;  // of the last instruction placed
  // Replay, between inner_branch_as_before and diverge: the diverging branch asked the predictor;
  // it left the block's path or prediction.
  bool asked_ = false, branch_left_ = false;
  unsigned record_failed_at_ = 0;  // Record: the first instruction that did not qualify
  // A block that fails this many times more than it replays is cut where it fails (cut()): a
  // data-dependent branch, a load that misses, and what follows them, then make blocks of their own.
  static constexpr uint8_t kUnsteady = 64;
  void note_failure(BlockShape& b, unsigned cut_to);
  void cut(BlockShape& b, unsigned n);
  uint64_t branch_stalls_[2] = {};  // Record: stall_branch and stall_taken before the last instruction
  uint64_t build_code_ = 0;                         // Build: the decode cache's generation before it
  uint64_t last_fetch_end_ = 0, last_result_at_ = 0;  // of the last instruction placed
  // Replay: the records (placed if the block does not go as remembered).
  ExecRecord recs_[BlockMemo::kMaxInsns];
  ExecRecord* next_rec_ = recs_;  // where the next step goes (Replay: recs_[pos_])
  uint64_t expect_ = 0;           // Replay: h.cycles() after the next step, if it goes as before
  PipelineLog* log_ = nullptr;

  bool started_ = false;
  uint64_t start_cycle_ = 0;
  // What the previous instruction left: when it entered each stage, and when the next fetch may
  // start (after a redirect or the fetch of a new line).
  uint64_t prev_D_ = 0, prev_X_ = 0, prev_M_ = 0;
  uint64_t drain_ = 0;  // cycle at which everything so far has completed (previous W + 1)
  uint64_t fetch_ready_ = 0;
  uint32_t fetch_line_ = ~0u;
  uint32_t line_shift_ = 5;
  uint64_t unit_free_[OpTiming::kClasses] = {};
  uint64_t reg_ready_[StaticInfo::kSlots] = {};
  Cache* l1i_;  // null when the core has none (accesses go to mem_ directly)
  Cache* l1d_;
  uint64_t l1i_hit_ = 0, l1d_hit_ = 0, mmio_cycles_ = 0;  // in core cycles
  const isa::Decoder* decoder_ = nullptr;
  Hart* hart_ = nullptr;
  unsigned thread_ = 0;
};

}  // namespace pimnic::timing
