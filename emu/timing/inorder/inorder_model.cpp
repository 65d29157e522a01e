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

// ---- blocks ----------------------------------------------------------------------------------

[[gnu::always_inline]] inline void InOrderModel::advance(Hart& h, const ExecRecord& r, uint64_t code) {
  if (mode_ == Mode::Replay) [[likely]] return replay(h, r);
  if (mode_ == Mode::Start && begin_block(h, r, code)) return;
  eager(h, r);
}

// A time relative to the block's first fetch; those at or before base + lo cannot delay the block
// any more and all read as lo.
[[gnu::always_inline]] static inline uint64_t relative(uint64_t t, uint64_t base, uint64_t lo) {
  return t > base + lo ? t - base : lo;
}

// The key of the block's entry state, element by element (BlockMemo::key). With skip_implied,
// the registers' entries are left out when the drain point's is clamped: every result is ready
// before the drain point (W waits for it), so they are all clamped too.
template <typename Fn>
[[gnu::always_inline]] inline void InOrderModel::for_each_key(const BlockShape& b, bool line_fetched,
                                                              bool skip_implied, Fn&& fn) const {
  const uint64_t drain = relative(drain_, base_, 3);  // W waits for the drain, beyond the first M
  fn(0, relative(prev_X_, base_, 1));  // D waits for the previous X beyond the first fetch cycle
  fn(1, relative(prev_M_, base_, 2));  // M for the previous M, beyond the first E
  fn(2, drain);
  fn(3, uint64_t(line_fetched));
  unsigned k = BlockMemo::kFixedKey;
  if (!skip_implied || drain != 3)
    for (unsigned i = 0; i < b.nreads; ++i) fn(k + i, relative(reg_ready_[b.reads[i]], base_, 2));  // X >= base + 2
  k += b.nreads;
  for (unsigned i = 0; i < b.nclasses; ++i) fn(k++, relative(unit_free_[b.classes[i]], base_, 2));
}

// The memo for the current entry state (base_ set), the one replayed last tried first; the key
// is only built when that does not match.
[[gnu::always_inline]] inline const BlockMemo* InOrderModel::find_memo(BlockShape& b, bool line_fetched) const {
  for (unsigned w = 0; w < BlockShape::kWays; ++w) {
    const unsigned way = (b.mru + w) % BlockShape::kWays;
    const BlockMemo& m = b.memo[way];
    if (!m.valid) continue;
    uint64_t diff = 0;
    for_each_key(b, line_fetched, true, [&](unsigned k, uint64_t v) { diff |= v ^ m.key[k]; });
    if (diff) continue;
    b.mru = uint8_t(way);
    return &m;
  }
  return nullptr;
}

// Before the block's first step: when the block at pc (as decoded before: the decode cache's
// generation is the block's) has a memo for the current state and none of its steps can need an
// interrupt check (quiet_rest's conditions), replay_rest takes it from its first instruction.
[[gnu::always_inline]] inline bool InOrderModel::enter_block(const Hart& h, uint64_t end, uint64_t until_cycle) {
  if (log_ || !cfg_.memo || !started_ || h.cycles() != drain_) return false;
  BlockShape& b = blocks_.slot(h.pc);
  if (b.pc != h.pc || !b.memo_ok || b.code_generation != h.code_generation()) return false;
  base_ = std::max(fetch_ready_, prev_D_);
  const BlockMemo* m = find_memo(b, (h.pc >> line_shift_) == fetch_line_);
  if (!m || !quiet_from(h, b, *m, 0, end, until_cycle)) return false;
  shape_ = &b;
  memo_ = m;
  mode_ = Mode::Replay;
  pos_ = 0;
  base_tick_ = base_ * period_;
  return true;
}

bool InOrderModel::begin_block(Hart& h, const ExecRecord& r, uint64_t code) {
  if (log_ || !cfg_.memo || !started_ || h.cycles() != drain_ + 1) return false;  // (after idling: one by one)
  pos_ = 0;
  base_ = std::max(fetch_ready_, prev_D_);
  base_tick_ = base_ * period_;
  BlockShape& b = blocks_.slot(r.pc);
  shape_ = &b;
  if (b.pc != r.pc || b.word[0] != r.word || b.id[0] != r.id) {
    mode_ = Mode::Build;
    build_code_ = code;
    return false;
  }
  mode_ = Mode::Plain;
  if (!b.memo_ok) return false;
  const bool line_fetched = (r.pc >> line_shift_) == fetch_line_;
  if (const BlockMemo* m = find_memo(b, line_fetched)) {
    mode_ = Mode::Replay;
    memo_ = m;
    expect_ = drain_ + 1;
    replay(h, r);
    return true;
  }
  bool fits = true;
  nkey_ = BlockMemo::kFixedKey + b.nreads + b.nclasses;
  for_each_key(b, line_fetched, false, [&](unsigned k, uint64_t v) {
    key_[k] = uint16_t(v);
    fits &= v <= 0xFFFF;
  });
  if (!fits) return false;
  mode_ = Mode::Record;
  record_ok_ = true;
  const uint64_t at_start[6] = {stats.stall_fetch_icache, stats.stall_data, stats.stall_unit,
                                stats.stall_memory,       stats.stall_branch, stats.stall_taken};
  std::copy(at_start, at_start + 6, stalls_at_start_);
  return false;
}

// Whether the fetch of pc's line (if `fetch`) and r's data accesses hit the L1 caches however
// late in the block they are made.
[[gnu::always_inline]] inline bool InOrderModel::sure_hits(const ExecRecord& r, uint32_t pc, bool fetch) {
  const Tick at = base_tick_;
  const uint32_t line = (pc >> line_shift_) << line_shift_;
  if (fetch && !l1i_->sure_hit(line, 1u << line_shift_, AccessKind::Fetch, at)) return false;
  for (unsigned i = 0; i < r.nmem; ++i) {
    const MemAccess& a = r.mem[i];
    if (a.mmio || !l1d_->sure_hit(a.addr, a.size, a.write ? AccessKind::Store : AccessKind::Load, at)) return false;
  }
  return true;
}

// The same for a replayed instruction whose accesses are of the kinds that made sure hits when its
// memo was recorded; the lines are touched (LRU, dirty) as the hits would. (Should the block not go
// through, its instructions are placed and touch the same lines again in the same order: the LRU
// order and dirty bits come out as if they had not been.)
[[gnu::always_inline]] inline bool InOrderModel::replay_hits(const ExecRecord& r, uint32_t pc, bool fetch) {
  const Tick at = base_tick_;
  if (fetch) [[unlikely]] {
    Cache::Line* l = l1i_->sure_hit_again(pc >> line_shift_ << line_shift_, 1u << line_shift_, at);
    if (!l) return false;
    l1i_->use(l, false);
  }
  for (unsigned i = 0; i < r.nmem; ++i) {
    const MemAccess& a = r.mem[i];
    Cache::Line* l = a.mmio ? nullptr : l1d_->sure_hit_again(a.addr, a.size, at);
    if (!l) return false;
    l1d_->use(l, a.write);
  }
  return true;
}

// Did r complete as the block's instruction i must: not interrupted, without a jump unless it is
// a branch (whose path inner_branch_as_before checks)? (Field by field: the stepper has just
// stored them one by one.)
[[gnu::always_inline]] static inline bool went_through(const BlockShape& b, unsigned i, const ExecRecord& r) {
  return ((uint32_t(r.status) & b.status_mask[i]) | uint32_t(r.interrupted)) == 0;
}
// And is it the block's instruction i?
[[gnu::always_inline]] static inline bool as_expected(const BlockShape& b, unsigned i, const ExecRecord& r) {
  return ((r.word ^ b.word[i]) | (uint32_t(r.id) ^ uint32_t(b.id[i]))) == 0 && went_through(b, i, r);
}

// Which of r's accesses are stores (bit i: access i); BlockMemo::kMaxAccesses at most.
static inline uint8_t store_mask(const ExecRecord& r) {
  if (r.nmem == 1) [[likely]] return r.mem[0].write;
  uint8_t m = 0;
  for (unsigned i = 0; i < r.nmem; ++i) m |= uint8_t(r.mem[i].write) << i;
  return m;
}

// Did the block's instruction i make the accesses the memo says (as many, the same ones stores),
// all sure L1 hits (touched)?
[[gnu::always_inline]] inline bool InOrderModel::same_accesses(const BlockShape& b, const BlockMemo& m, unsigned i,
                                                               const ExecRecord& r) {
  if (r.nmem != m.nmem[i]) [[unlikely]] return false;
  if (r.nmem && store_mask(r) != m.stores[i]) [[unlikely]] return false;
  return replay_hits(r, b.pcs[i], m.check[i] & BlockMemo::kFetch);
}

[[gnu::always_inline]] inline bool InOrderModel::inner_branch_as_before(BlockShape& b, const BlockMemo& m, unsigned i,
                                                                        uint32_t next_pc) {
  if (!(m.check[i] & BlockMemo::kInnerBranch)) [[likely]] return true;
  bool ok = next_pc == b.pcs[i + 1];
  if (ok) {
    verdicts_[i] = bp_.predict_in_order(b.branch[i], next_pc);
    ok = mispredicted(verdicts_[i]) == bool((m.mispredicted >> i) & 1);
    asked_ = !ok;
  }
  branch_left_ = !ok;
  return ok;
}

void InOrderModel::diverge(Hart& h, BlockShape& b, unsigned i, const ExecRecord& r) {
  const bool asked = asked_, branch_left = branch_left_;
  asked_ = branch_left_ = false;
  pos_ = i;
  leave_block();  // places records 0..i-1
  time(h, r, asked ? &verdicts_[i] : nullptr);
  note_failure(b, branch_left ? i + 1 : std::max(i, 1u));  // (after a branch; before anything else)
}

void InOrderModel::note_failure(BlockShape& b, unsigned cut_to) {
  if (b.unsteady < kUnsteady) ++b.unsteady;
  if (b.unsteady == kUnsteady && cut_to < b.n) cut(b, cut_to);
}

// The block's first n instructions become the block (no memo yet).
void InOrderModel::cut(BlockShape& b, unsigned n) {
  StaticInfo insns[BlockMemo::kMaxInsns];
  for (unsigned k = 0; k < n; ++k) insns[k] = info_.get(b.pcs[k], b.word[k], b.id[k]);
  b.build(insns, n, ops_, b.code_generation);
}

// Does the record go as the memo says (the block's next instruction, no interrupt, no jump before
// the end, no idle time, the same accesses, all L1 hits)? Then the hart's clock moves as it did.
[[gnu::always_inline]] inline void InOrderModel::replay(Hart& h, const ExecRecord& r) {
  BlockShape& b = *shape_;
  const BlockMemo& m = *memo_;
  const unsigned i = pos_;
  if (!(as_expected(b, i, r) && h.cycles() == expect_ && same_accesses(b, m, i, r) &&
        inner_branch_as_before(b, m, i, r.next_pc)))
      [[unlikely]] return diverge(h, b, i, r);
  const uint64_t done = base_ + m.drain[i];
  h.cycle_offset += done - h.cycles();
  expect_ = done + 1;
  pos_ = i + 1;
  ++next_rec_;
  if (pos_ == b.n) commit_replay(&r);
}

bool InOrderModel::quiet_rest(const Hart& h, uint64_t end, uint64_t until_cycle) const {
  return shape_->code_generation == h.code_generation() && quiet_from(h, *shape_, *memo_, pos_, end, until_cycle);
}

// Whether the block's steps from instruction `from` on all fit in the budget, start before the
// slice's end and need no interrupt check. Before step j > 0 the clock reads base + drain[j - 1]
// (replay sets it so), before the first the drain point: the last starts at base + drain[n - 2].
bool InOrderModel::quiet_from(const Hart& h, const BlockShape& b, const BlockMemo& m, unsigned from, uint64_t end,
                              uint64_t until_cycle) const {
  const uint64_t last_start = b.n > 1 ? base_ + m.drain[b.n - 2] : drain_;
  return h.icount + (b.n - from) <= end && last_start < until_cycle && stepper_.quiet_until(h, last_start);
}

// replay() for the remaining instructions, stepped directly: each runs the executor the block
// holds, so the word and id are the block's (no wait state: quiet_until), and no interrupt is
// checked before it (as HartStepper would not). It stops where replay() would diverge, at the
// block's end, when a step stops the hart or asks for an interrupt check, or when a store may
// have rewritten code. Only an instruction the memo marks (check) has more than its status
// checked; the records hold what the instructions did, and where they were only once needed
// (complete_record).
[[gnu::always_inline]] inline StopReason InOrderModel::replay_rest(Hart& h) {
  BlockShape& b = *shape_;
  const BlockMemo& m = *memo_;
  h.begin_steps();
  ExecRecord* r = &recs_[pos_];
  for (unsigned i = pos_;; ++i, ++r) {
    const Status st = h.step_lean(*r, b.exec[i], b.word[i]);
    const uint64_t done = base_ + m.drain[i];
    if (((uint32_t(st) & b.status_mask[i]) | r->interrupted | r->nmem | m.check[i] | uint32_t(h.stop_reason)) == 0)
        [[likely]] {
      h.cycle_offset = done - h.icount;  // h.cycles() reads done
      continue;
    }
    if (!(went_through(b, i, *r) && same_accesses(b, m, i, *r) && inner_branch_as_before(b, m, i, h.pc))) [[unlikely]] {
      h.end_steps();
      stepper_.quiet_after(r->interrupted, b.id[i], b.word[i]);
      complete_record(*r, b, i, h.pc);
      diverge(h, b, i, *r);
      return h.stop_reason;
    }
    const bool recheck = m.check[i] & BlockMemo::kRecheck;  // (else the stepper stays quiet)
    if (recheck) stepper_.poll_next();
    h.cycle_offset = done - h.icount;
    if (i + 1 == b.n) {
      h.end_steps();
      complete_record(*r, b, i, h.pc);
      pos_ = b.n;
      commit_replay(r);
      return h.stop_reason;
    }
    if (h.stop_reason != StopReason::None || recheck || (m.stores[i] && h.code_generation() != b.code_generation))
        [[unlikely]] {
      h.end_steps();
      pos_ = i + 1;
      next_rec_ = r + 1;
      expect_ = done + 1;
      return h.stop_reason;
    }
  }
}

// Where the block's instruction i was and went (next_pc), for a record replay_rest left without.
[[gnu::always_inline]] inline void InOrderModel::complete_record(ExecRecord& r, const BlockShape& b, unsigned i,
                                                                  uint32_t next_pc) {
  r.pc = b.pcs[i];
  r.word = b.word[i];
  r.id = b.id[i];
  r.next_pc = next_pc;
}

[[gnu::always_inline]] inline void InOrderModel::commit_replay(const ExecRecord* last) {
  BlockShape& b = *shape_;
  if (b.unsteady) --b.unsteady;
  const BlockMemo& m = *memo_;
  l1i_->count_hits(m.fetch_hits, 0);
  l1d_->count_hits(m.loads, m.stores_total);
  mem_.stores().stores += m.stores_total;  // (sure hits: written at once)
  stats.loads += m.loads;
  stats.stores += m.stores_total;
  stats.insts += b.n;
  stats.replayed += b.n;
  stats.stall_fetch_icache += m.stall_fetch_icache;
  stats.stall_data += m.stall_data;
  stats.stall_unit += m.stall_unit;
  stats.stall_memory += m.stall_memory;
  stats.stall_branch += m.stall_branch;
  stats.stall_taken += m.stall_taken;
  for (unsigned i = 0; i < b.nwrites; ++i) reg_ready_[b.writes[i]] = base_ + m.reg[i];
  for (unsigned i = 0; i < b.nclasses; ++i) unit_free_[b.classes[i]] = base_ + m.unit[i];
  prev_D_ = base_ + m.prev_D, prev_X_ = base_ + m.prev_X, prev_M_ = base_ + m.prev_M;
  drain_ = base_ + m.drain[b.n - 1];
  fetch_line_ = last->pc >> line_shift_;
  next_rec_ = recs_;
  Why why;
  fetch_ready_ = fetch_after(b.branch[b.n - 1], *last, base_ + m.fetch_end, base_ + m.result_at, why);
  mode_ = Mode::Start;
}

// Place r by itself; while recording, note whether the block still qualifies for a memo and what
// it did; at the block's end, build its shape or store the memo.
void InOrderModel::eager(Hart& h, const ExecRecord& r) {
  if (!started_) [[unlikely]] start(h);
  const uint64_t stepped = h.cycles();
  const unsigned i = pos_;
  const BlockMemo::Mask below = (BlockMemo::Mask(1) << i) - 1;  // the memo's bits of the instructions before
  if (mode_ == Mode::Record) {
    const BlockShape& b = *shape_;
    const bool fetch = (r.pc >> line_shift_) != fetch_line_;
    const bool was_ok = record_ok_;
    record_ok_ = record_ok_ && r.pc == b.pcs[i] && as_expected(b, i, r) && stepped == drain_ + 1 &&
                 r.nmem <= BlockMemo::kMaxAccesses && l1i_ && l1d_ && sure_hits(r, r.pc, fetch);
    if (was_ok && !record_ok_) record_failed_at_ = i;
    pending_.nmem[i] = r.nmem;
    pending_.stores[i] = record_ok_ ? store_mask(r) : 0;
    pending_.fetches = (pending_.fetches & below) | BlockMemo::Mask(fetch) << i;
    if (i + 1 == b.n) branch_stalls_[0] = stats.stall_branch, branch_stalls_[1] = stats.stall_taken;
  }
  const StaticInfo* si = place(r, stepped);
  h.cycle_offset += drain_ - h.cycles();
  if (mode_ == Mode::Start) return;
  pos_ = i + 1;
  if (mode_ == Mode::Build && si) built_[i] = *si;
  if (mode_ == Mode::Record) {
    const uint64_t d = drain_ - base_;
    pending_.drain[i] = uint16_t(d);
    record_ok_ = record_ok_ && d <= 0xFFFF;
    pending_.mispredicted = (pending_.mispredicted & below) | BlockMemo::Mask(mispredicted(last_verdict_)) << i;
  }
  // A block goes on across branches (a taken one jumps), not across anything else that jumps.
  const bool end = !si || si->serialize || si->refetch || si->many || r.interrupted ||
                   (r.status != Status::Ok && !(si->br.is_branch && r.status == Status::Jump)) ||
                   pos_ == BlockMemo::kMaxInsns || (mode_ != Mode::Build && pos_ == shape_->n);
  if (!end) return;
  if (mode_ == Mode::Build && si && !r.interrupted) shape_->build(built_, pos_, ops_, build_code_);
  if (mode_ == Mode::Record) {
    if (record_ok_ && pos_ == shape_->n)
      record_memo();
    else
      note_failure(*shape_, std::max(record_ok_ ? pos_ : record_failed_at_, 1u));
  }
  mode_ = Mode::Start;
}

void InOrderModel::record_memo() {
  BlockShape& b = *shape_;
  BlockMemo& m = pending_;
  bool fits = true;
  auto put = [&](uint16_t& out, uint64_t t) {  // t >= base_ (the block's times are not earlier)
    out = uint16_t(t - base_);
    fits &= t - base_ <= 0xFFFF;
  };
  put(m.prev_D, prev_D_), put(m.prev_X, prev_X_), put(m.prev_M, prev_M_);
  put(m.fetch_end, last_fetch_end_), put(m.result_at, last_result_at_);
  for (unsigned i = 0; i < b.nwrites; ++i) put(m.reg[i], reg_ready_[b.writes[i]]);
  for (unsigned i = 0; i < b.nclasses; ++i) put(m.unit[i], unit_free_[b.classes[i]]);
  if (!fits) return;
  m.stall_fetch_icache = uint32_t(stats.stall_fetch_icache - stalls_at_start_[0]);
  m.stall_data = uint32_t(stats.stall_data - stalls_at_start_[1]);
  m.stall_unit = uint32_t(stats.stall_unit - stalls_at_start_[2]);
  m.stall_memory = uint32_t(stats.stall_memory - stalls_at_start_[3]);
  m.stall_branch = uint32_t(branch_stalls_[0] - stalls_at_start_[4]);  // (the last instruction's at commit)
  m.stall_taken = uint32_t(branch_stalls_[1] - stalls_at_start_[5]);
  std::copy(key_, key_ + nkey_, m.key);
  m.fetch_hits = uint16_t(std::popcount(m.fetches));
  for (unsigned i = 0; i < b.n; ++i)
    m.check[i] = uint8_t((m.fetches >> i & 1 ? BlockMemo::kFetch : 0) | (m.nmem[i] ? BlockMemo::kAccesses : 0) |
                         (b.inner_branches >> i & 1 ? BlockMemo::kInnerBranch : 0) |
                         (stepper_.rechecks(b.id[i], b.word[i]) ? BlockMemo::kRecheck : 0) | (i + 1 == b.n ? BlockMemo::kLast : 0));
  m.loads = m.stores_total = 0;
  for (unsigned i = 0; i < b.n; ++i) {
    const unsigned stores = unsigned(std::popcount(m.stores[i]));
    m.loads = uint16_t(m.loads + m.nmem[i] - stores);
    m.stores_total = uint16_t(m.stores_total + stores);
  }
  m.valid = true;
  b.memo[b.victim] = m;
  b.mru = b.victim;
  b.victim = uint8_t((b.victim + 1) % BlockShape::kWays);
}

void InOrderModel::leave_block() {
  if (mode_ == Mode::Replay)  // (the branches inside the block have asked the predictor already)
    for (unsigned i = 0; i < pos_; ++i) {
      complete_record(recs_[i], *shape_, i, shape_->pcs[i + 1]);  // (they went the block's way)
      place(recs_[i], drain_ + 1, (shape_->inner_branches >> i) & 1 ? &verdicts_[i] : nullptr);
    }
  mode_ = Mode::Start;
  next_rec_ = recs_;
}

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
