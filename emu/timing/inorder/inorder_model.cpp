#include "timing/inorder/inorder_model.h"

#include <algorithm>
#include <bit>
#include <string>

#include "cpu/core.h"
#include "isa/disasm.h"
#include "sim/stats.h"
#include "timing/mem/hierarchy.h"
#include "timing/pipeline_log.h"

namespace pimnic::timing {

InOrderModel::InOrderModel(const InOrderConfig& cfg, const OpTiming& ops, const BpredConfig& bp, MemHierarchy& mem,
                           const ClockDomain& clock)
    : cfg_(cfg), ops_(ops), mem_(mem), period_(clock.period()), bp_(bp), l1i_(mem.l1i()), l1d_(mem.l1d()) {
  if (l1i_) {
    line_shift_ = uint32_t(std::countr_zero(l1i_->config().line));
    l1i_hit_ = to_cycle(l1i_->hit_ticks());
  }
  if (l1d_) l1d_hit_ = to_cycle(l1d_->hit_ticks());
  mmio_cycles_ = to_cycle(mem.mmio_latency());
  for (size_t c = 0; c < OpTiming::kClasses; ++c) {
    if (ops_.latency[c] == 0) ops_.latency[c] = 1;  // an operation takes at least its execute cycle
    if (ops_.interval[c] == 0) ops_.interval[c] = 1;
  }
}

void InOrderModel::start(Hart& h) {
  started_ = true;
  start_cycle_ = h.cycles() - 1;  // called after the first step, which added one cycle
  prev_D_ = prev_X_ = prev_M_ = fetch_ready_ = drain_ = start_cycle_;
  decoder_ = &h.core().decoder();
  hart_ = &h;
  thread_ = h.index();
}

StopReason InOrderModel::run(Hart& h, uint64_t budget, uint64_t until_cycle) {
  const uint64_t end = h.icount + budget;
  stepper_.restart();
  while (h.icount < end && h.cycles() < until_cycle) {
    if (mode_ == Mode::Replay ? quiet_rest(h, end, until_cycle) : mode_ == Mode::Start && enter_block(h, end, until_cycle))
        [[likely]] {
      const StopReason why = replay_rest(h);
      if (why != StopReason::None) [[unlikely]] {
        leave_block();
        return why;
      }
      continue;
    }
    ExecRecord& r = *next_rec_;
    const uint64_t code = h.code_generation();  // before the step: it may write code
    StopReason why;
    if (mode_ == Mode::Replay && shape_->code_generation == code) [[likely]] {
      const BlockShape& b = *shape_;  // the instruction replay expects, as decoded before
      why = stepper_.step_known(h, r, b.exec[pos_], b.word[pos_], b.id[pos_]);
    } else {
      why = stepper_.step(h, r);
    }
    if (r.status != Status::Stop || r.id != isa::InsnId::Invalid) [[likely]] advance(h, r, code);
    if (why != StopReason::None) [[unlikely]] {
      leave_block();
      return why;
    }
  }
  leave_block();
  return StopReason::SliceEnd;
}

void InOrderModel::account(Hart& h, const ExecRecord& r) {
  leave_block();
  if (!started_) [[unlikely]] start(h);
  time(h, r);
}

static bool has_mmio(const ExecRecord& r) {
  for (unsigned i = 0; i < r.nmem; ++i)
    if (r.mem[i].mmio) return true;
  return false;
}

static bool mispredicted(BranchMiss v) { return v == BranchMiss::Direction || v == BranchMiss::Target; }

[[gnu::always_inline]] inline uint64_t InOrderModel::fetch_after(const BranchInfo& br, const ExecRecord& r,
                                                                 uint64_t Fend, uint64_t E, Why& why,
                                                                 const BranchMiss* verdict) {
  uint64_t next_fetch = Fend;
  if (br.is_branch && !r.interrupted) {
    why.branch = verdict ? *verdict : bp_.predict_in_order(br, r.next_pc);
    if (mispredicted(why.branch)) {
      next_fetch = E + cfg_.mispredict_penalty;
      stats.stall_branch += next_fetch - Fend;
      fetch_line_ = ~0u;
    } else if (r.next_pc != r.pc + 4) {
      next_fetch = Fend + cfg_.taken_bubble;
      stats.stall_taken += cfg_.taken_bubble;
      fetch_line_ = ~0u;
    }
  }
  return next_fetch;
}

[[gnu::always_inline]] inline const StaticInfo* InOrderModel::place(const ExecRecord& r, uint64_t stepped,
                                                                   const BranchMiss* verdict) {
  // Hart::step added one cycle for the instruction plus any idle (wait-state) time; before it,
  // cycles() was our drain point.
  if (stepped > drain_ + 1) [[unlikely]] {  // the hart idled until an interrupt: everything drained
    uint64_t t = stepped - 1;
    // (or a device access waited for the store buffer: Hart::device_after)
    const bool device_wait = t <= hart_->device_after && has_mmio(r);
    (device_wait ? stats.stall_serialize : stats.idle_cycles) += t - drain_;
    prev_D_ = prev_X_ = prev_M_ = std::max(prev_M_, t);
    drain_ = t;
    fetch_ready_ = std::max(fetch_ready_, t);
  }
  if (r.status == Status::Stop && r.id == isa::InsnId::Invalid) [[unlikely]] return nullptr;
  const StaticInfo& si = info_.get(r.pc, r.word, r.id);
  ++stats.insts;
  // Stalls are taken with max() rather than branches on data-dependent comparisons (the host's
  // branch predictor cannot learn those); the Kanata note is derived from them only when logging.
  Why why;

  // ---- fetch ----------------------------------------------------------------------------------
  const uint64_t F = std::max(fetch_ready_, prev_D_);
  uint64_t Fend = F + 1;
  const uint32_t line = r.pc >> line_shift_;
  if (line != fetch_line_) {
    fetch_line_ = line;
    const uint64_t ready = access_done(l1i_, mem_.fetch(), line << line_shift_, 1u << line_shift_, AccessKind::Fetch, F);
    why.icache = ready > Fend;
    stats.stall_fetch_icache += std::max(ready, Fend) - Fend;
    Fend = std::max(ready, Fend);
  }
  // ---- decode ---------------------------------------------------------------------------------
  const uint64_t D = std::max(Fend, prev_X_);
  // ---- issue: operands, unit, drain -----------------------------------------------------------
  if (r.nmem) [[unlikely]]
    for (unsigned i = 0; i < r.nmem; ++i) why.mmio |= r.mem[i].mmio;
  why.serialize = si.serialize | why.mmio | r.interrupted;
  uint64_t X = D + 1;  // D is at least prev_X_: the previous instruction has left X
  uint64_t ready = std::max(std::max(reg_ready_[si.src[0]], reg_ready_[si.src[1]]),
                            std::max(reg_ready_[si.src[2]], reg_ready_[si.src[3]]));
  const isa::RegDeps* full = nullptr;
  if (si.many) [[unlikely]] {
    full = &info_.full(si);
    for (unsigned i = 0; i < full->nsrc; ++i) ready = std::max(ready, reg_ready_[full->src[i]]);
  }
  why.data = ready > X;
  stats.stall_data += std::max(ready, X) - X;
  X = std::max(ready, X);
  const size_t cls = size_t(si.cls);
  why.unit = unit_free_[cls] > X;
  stats.stall_unit += std::max(unit_free_[cls], X) - X;
  X = std::max(unit_free_[cls], X);
  if (why.serialize) [[unlikely]] {
    ++stats.serializing;
    uint64_t drained = drain_;
    if (si.store_barrier | why.mmio) drained = std::max(drained, to_cycle(mem_.stores().drained()));
    stats.stall_serialize += std::max(drained, X) - X;
    X = std::max(drained, X);
  }
  unit_free_[cls] = X + ops_.interval[cls];
  const uint64_t E = X + ops_.latency[cls];  // result on the bypass
  // ---- memory ---------------------------------------------------------------------------------
  const uint64_t M = std::max(E, prev_M_ + 1);
  uint64_t Mend = M + 1;
  uint64_t result = E;
  uint64_t Mfree = M + 1;  // when the memory stage takes the next access
  if (r.nmem) {
    bool is_load = false;
    uint64_t t = M;
    for (unsigned i = 0; i < r.nmem; ++i, t = Mfree) {  // one access per cycle (multiple, string)
      const MemAccess& a = r.mem[i];
      uint64_t done = t + 1;
      Mfree = t + 1;
      if (a.mmio) {
        ++stats.mmio;
        done += mmio_cycles_;
      } else if (a.write) {  // into the store buffer: a line fill does not hold the pipeline, a full buffer does
        const uint64_t left = store_leaves(a.addr, a.size, t);
        stats.stall_store_buffer += left - t;
        Mfree = done = left + 1;
      } else {  // the data comes when it comes; waiting for an MSHR holds the stage
        uint8_t level;
        uint64_t queued = 0;
        const uint64_t ready = access_done(l1d_, mem_.data(), a.addr, a.size, AccessKind::Load, t, &level, &queued);
        done = std::max(done, ready), why.dcache |= level > 1;
        stats.stall_mshr += queued;
        Mfree += queued;
      }
      ++(a.write ? stats.stores : stats.loads);
      is_load |= !a.write;
      Mend = std::max(Mend, done);
    }
    if (is_load) result = Mend;
  }
  // ---- writeback ------------------------------------------------------------------------------
  const uint64_t W = std::max(Mend, drain_);
  // Memory's share of the wait: what writeback would have waited with one cycle per access.
  stats.stall_memory += W - std::min(W, std::max(Mfree, drain_));
  reg_ready_[si.dst[0]] = reg_ready_[si.dst[1]] = reg_ready_[si.dst[2]] = result;
  if (si.many) [[unlikely]]
    for (unsigned i = 0; i < full->ndst; ++i) reg_ready_[full->dst[i]] = result;
  // ---- next fetch -----------------------------------------------------------------------------
  uint64_t next_fetch = fetch_after(si.br, r, Fend, E, why, verdict);
  last_verdict_ = why.branch;
  if (r.interrupted | si.refetch | ((r.next_pc != r.pc + 4) & !si.br.is_branch)) [[unlikely]] {
    // Context synchronization, an interrupt, or a jump without a branch (rfi, sc): refetch after it.
    if (r.interrupted) ++stats.interrupts;
    next_fetch = std::max(next_fetch, W + 1 + cfg_.serialize_penalty);
    fetch_line_ = ~0u;
  }
  if (log_) [[unlikely]] log_insn(r, {F, D, X, M, W, E}, why);
  prev_D_ = D, prev_X_ = X, prev_M_ = M;
  if (Mfree > M + r.nmem + !r.nmem) [[unlikely]] {  // the memory stage was held: nothing behind it moved
    prev_M_ = Mfree - 1;
    prev_X_ = std::max(X, Mfree - 2);
  }
  drain_ = W + 1;
  fetch_ready_ = next_fetch;
  last_fetch_end_ = Fend, last_result_at_ = E;
  return &si;
}

uint64_t InOrderModel::store_leaves(uint32_t addr, uint32_t size, uint64_t t) {
  StoreBuffer& sb = mem_.stores();
  const uint64_t left = to_cycle(sb.put(addr, size, t * period_));
  if (sb.drained() > left * period_) hart_->device_after = std::max(hart_->device_after, to_cycle(sb.drained()));
  return left;
}

// ---- blocks: block_replay.inc (memoised timing of blocks, block_memo.h) ------------------------

#include "timing/inorder/block_replay.inc"

const char* InOrderModel::Why::note() const {
  if (branch == BranchMiss::Direction) return "mispredicted direction";
  if (branch == BranchMiss::Target) return "mispredicted target";
  if (icache) return "icache miss";
  if (data) return "waits for a source register";
  if (unit) return "unit busy";
  if (serialize) return mmio ? "device access: waits for the pipeline to drain" : "serializes: waits for the pipeline to drain";
  if (dcache) return "dcache miss";
  return nullptr;
}

void InOrderModel::drain(Hart& h) {
  if (!started_) return;
  leave_block();
  if (log_) log_->settle(~0ull);
  (void)h;  // cycles() already is the last completion
}

void InOrderModel::log_insn(const ExecRecord& r, const Stages& t, const Why& why) {
  const auto [F, D, X, M, W, resolve] = t;
  std::string text = r.id == isa::InsnId::Invalid ? std::string("(fetch fault)")
                                                  : isa::disassemble(*decoder_, r.word, r.pc);
  uint64_t id = log_->begin(F, thread_, r.pc, text.c_str());
  log_->stage(id, F, "F");
  log_->stage(id, D, "D");
  log_->stage(id, X, "X");
  log_->stage(id, M, "M");
  log_->stage(id, W, "W");
  if (const char* note = why.note()) log_->note(id, note);
  if (r.interrupted) log_->note(id, "interrupt taken");
  log_->end(id, W + 1, false);
  if (why.branch == BranchMiss::Direction || why.branch == BranchMiss::Target) {
    // What fetch brought in down the wrong path until the branch resolved, squashed then.
    uint64_t n = 0;
    for (uint64_t c = F + 1; c < resolve && n < 4; ++c, ++n) {
      uint64_t w = log_->begin(c, thread_, 0, "(wrong path)");
      log_->stage(w, c, "F");
      if (c + 1 < resolve) log_->stage(w, c + 1, "D");
      log_->end(w, resolve, true);
    }
  }
  log_->settle(F);
}

void InOrderModel::register_stats(StatRegistry& s, const std::string& p) {
  s.counter(p + "inorder.insts", &stats.insts, "instructions timed by the in-order model");
  s.counter(p + "inorder.replayed", &stats.replayed,
            "instructions timed by replaying a block memo (core.inorder.memo) rather than one by one");
  s.counter(p + "inorder.stall_fetch_icache", &stats.stall_fetch_icache, "fetch cycles waiting for the I-cache");
  s.counter(p + "inorder.stall_branch", &stats.stall_branch, "fetch cycles lost to branch mispredictions");
  s.counter(p + "inorder.stall_taken", &stats.stall_taken, "fetch cycles lost to correctly predicted taken branches");
  s.counter(p + "inorder.stall_data", &stats.stall_data, "issue cycles waiting for source registers (scoreboard)");
  s.counter(p + "inorder.stall_unit", &stats.stall_unit, "issue cycles waiting for a busy functional unit");
  s.counter(p + "inorder.stall_serialize", &stats.stall_serialize, "issue cycles waiting for the pipeline to drain");
  s.counter(p + "inorder.stall_memory", &stats.stall_memory,
            "cycles writeback waited for data from memory beyond one cycle per access (load misses)");
  s.counter(p + "inorder.stall_mshr", &stats.stall_mshr, "cycles loads held the memory stage waiting for a free MSHR");
  s.counter(p + "inorder.stall_store_buffer", &stats.stall_store_buffer,
            "cycles stores held the memory stage waiting for a store-buffer entry");
  s.counter(p + "inorder.serializing", &stats.serializing, "instructions that drained the pipeline first");
  s.counter(p + "inorder.interrupts", &stats.interrupts, "interrupts taken (pipeline flushes)");
  s.counter(p + "inorder.idle_cycles", &stats.idle_cycles, "cycles in the wait state (MSR[POW])");
  s.counter(p + "inorder.loads", &stats.loads, "load accesses");
  s.counter(p + "inorder.stores", &stats.stores, "store accesses");
  s.counter(p + "inorder.mmio", &stats.mmio, "device register accesses");
  bp_.register_stats(s, p + "bpred.");
  mem_.stores().register_stats(s, p + "store_buffer.");
}

}  // namespace pimnic::timing
