#include "timing/pim/pim_model.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "cpu/core.h"
#include "isa/disasm.h"
#include "sim/stats.h"
#include "timing/mem/hierarchy.h"
#include "timing/pipeline_log.h"

namespace pimnic::timing {

PimModel::PimModel(const PimConfig& cfg, const OpTiming& ops, MemHierarchy* mem, const ClockDomain& clock,
                   unsigned contexts)
    : cfg_(cfg),
      turn_(cfg.pipeline == "single" ? 1 : cfg.depth),
      taken_stall_(cfg.pipeline == "single" ? std::max(1u, cfg.depth - 1) : 0),
      ops_(ops),
      units_(cfg_, ops_),
      mem_(mem, clock) {
  cfg_.check("core.pim");
  stats.thread.resize(std::max(1u, contexts));
}

PimThreadStats& PimModel::tstats(size_t i) { return i < stats.thread.size() ? stats.thread[i] : spare_; }

void PimModel::bind(Core& core) {
  if (core_ != &core) {
    if (core.num_harts() > 64) throw std::invalid_argument("the PIM model supports at most 64 hardware threads");
    core_ = &core;
    ctx_.assign(core.num_harts(), PimContext{});
    if (!registered_ && stats.thread.size() < core.num_harts()) stats.thread.resize(core.num_harts());
    started_ = false;
  }
  // The core's time: ours, unless the machine moved its harts forward (or this is the start).
  uint64_t t = core.hart(0).cycles();
  for (size_t i = 0; i < core.num_harts(); ++i)
    if (core.hart(i).thread_state != ThreadState::Free) t = std::max(t, core.hart(i).cycles());
  if (!started_) {
    started_ = true;
    now_ = t;
  }
  now_ = std::max(now_, t);
}

void PimModel::rescan(Core& core) {
  live_ = 0;
  for (size_t i = 0; i < core.num_harts(); ++i) {
    PimContext& c = ctx_[i];
    if (core.hart(i).thread_state == ThreadState::Free) {
      if (c.live && c.blocked) tstats(i).blocked_feb += now_ - std::min(now_, c.blocked_since);
      c.live = c.blocked = false;
      continue;
    }
    live_ |= 1ull << i;
    if (!c.live) {  // started since we last looked (spawn, parcel, reset)
      c.live = true;
      c.blocked = false;
      c.ready = now_;
      c.fetch_line = ~0u;
      c.stepper.restart();
    }
  }
}

void PimModel::advance(uint64_t cycle, unsigned alive, unsigned active, bool idle) {
  if (cycle <= now_) return;
  const uint64_t d = cycle - now_;
  stats.cycles += d;
  stats.alive_cycles += alive * d;
  stats.active_cycles[std::min<unsigned>(active, 2)] += d;
  if (idle) stats.idle_slots += d;
  stats.alive_max = std::max<uint64_t>(stats.alive_max, alive);
  now_ = cycle;
}

void PimModel::set_all_cycles(Core& core) {
  for (size_t i = 0; i < core.num_harts(); ++i) {
    Hart& h = core.hart(i);
    h.cycle_offset = now_ - h.icount;
    PimContext& c = ctx_[i];
    if (c.blocked) {  // count the time blocked so far (statistics read between slices)
      tstats(i).blocked_feb += now_ - std::min(now_, c.blocked_since);
      c.blocked_since = std::max(c.blocked_since, now_);
    }
  }
}

uint64_t PimModel::time_insn(size_t i, const ExecRecord& r) {
  uint64_t ready = now_ + turn_;
  if (r.id != isa::InsnId::Invalid) ready = std::max<uint64_t>(ready, now_ + ops_.latency[size_t(isa::row(r.id).cls)]);
  if (taken_stall_ && r.taken() && now_ + taken_stall_ > ready) {  // no predictor: fetch waits for the branch's X
    tstats(i).blocked_branch += now_ + taken_stall_ - ready;
    ready = now_ + taken_stall_;
  }
  if (r.nmem) {
    const uint64_t done = mem_.data(r, now_, stats);
    if (done > ready) {
      tstats(i).blocked_mem += done - ready;
      ready = done;
    }
  }
  return ready;
}

StopReason PimModel::run_core(Core& core, uint64_t budget, uint64_t until_cycle) {
  bind(core);
  core.set_stopped_hart(0);
  const size_t n = core.num_harts();
  for (PimContext& c : ctx_) c.stepper.restart();
  rescan(core);
  uint64_t retired = 0;
  StopReason result = StopReason::SliceEnd;
  while (retired < budget && now_ < until_cycle) {
    // The first thread, in round-robin order, that may issue in this cycle; wake blocked threads
    // whose full/empty bit now holds.
    size_t pick = n;
    uint64_t next = ~0ull;  // the earliest cycle a running thread becomes ready
    unsigned alive = 0, active = 0;
    // Live contexts from rr_ upwards, then those below it.
    const uint64_t upper = rr_ < 64 ? live_ & (~0ull << rr_) : 0;
    for (uint64_t part : {upper, live_ & ~upper}) {
      for (; part; part &= part - 1) {
        const size_t i = size_t(std::countr_zero(part));
        Hart& h = core.hart(i);
        PimContext& c = ctx_[i];
        if (h.thread_state == ThreadState::Free) {  // ended since the last rescan
          if (c.blocked) tstats(i).blocked_feb += now_ - std::min(now_, c.blocked_since);
          c.live = c.blocked = false;
          live_ &= ~(1ull << i);
          continue;
        }
        ++alive;
        if (h.thread_state == ThreadState::Blocked) {
          if (!c.blocked) {
            c.blocked = true;
            c.blocked_since = now_;
          }
          if (core.feb().full(h.wait_ea) != h.wait_full) continue;
          h.thread_state = ThreadState::Running;  // scheduler state, as Core::run_threads does
          tstats(i).blocked_feb += now_ - std::min(now_, c.blocked_since);
          c.blocked = false;
          ++stats.wakeups;
          c.ready = std::max(c.ready, now_);
        }
        if (!(h.msr & MSR_POW) || h.external_irq) ++active;  // not waiting for a bit or an interrupt
        if (c.ready <= now_) {
          if (pick == n) pick = i;
        } else {
          next = std::min(next, c.ready);
        }
      }
    }
    if (pick == n) {
      if (next == ~0ull) {  // every live thread waits on a bit nobody can change (or none lives)
        result = StopReason::Deadlock;
        break;
      }
      advance(std::min(next, until_cycle), alive, active, true);
      continue;
    }
    Hart& h = core.hart(pick);
    PimContext& c = ctx_[pick];
    // Fetch: a new line goes through the I-cache; a miss keeps the thread out until it is back.
    const uint32_t line = mem_.line_of(h.pc);
    if (line != c.fetch_line) {
      c.fetch_line = line;
      const uint64_t avail = mem_.fetch(h.pc, now_);
      if (avail > now_) {
        tstats(pick).blocked_fetch += avail - now_;
        c.ready = avail;
        continue;
      }
    }
    // A unit the other threads share may still be busy (only then is the class looked at).
    if (units_.any_busy(now_)) [[unlikely]] {
      const isa::OpClass cls = next_class(core, h.pc);
      const uint64_t free = cls == isa::OpClass::Count ? now_ : units_.free_at(cls, now_);
      if (free > now_) {
        tstats(pick).blocked_unit += free - now_;
        c.ready = free;
        continue;
      }
    }
    // Issue: the functional core executes the instruction at the core's cycle.
    h.cycle_offset = now_ - h.icount;
    const uint64_t before = h.icount;
    const StopReason why = c.stepper.step(h, rec_);
    const bool executed = rec_.status != Status::Stop || rec_.id != isa::InsnId::Invalid;
    if (executed) {
      ++stats.slots_used;
      if (why == StopReason::Blocked) {  // did not retire; takes no slot until woken
        h.icount = h.wait_icount;
        c.blocked = true;
        c.blocked_since = now_ + 1;
        ++stats.feb_waits;
        ++tstats(pick).feb_waits;
        c.ready = now_ + turn_;
      } else {
        const uint64_t k = h.icount - before;
        retired += k;
        stats.issued += k;
        tstats(pick).insts += k;
        c.ready = time_insn(pick, rec_);
        if (rec_.id != isa::InsnId::Invalid) units_.take(isa::row(rec_.id).cls, rec_.nmem, now_);
        if (log_) [[unlikely]] log_insn(h, rec_, c.ready);
        if (on_retire) [[unlikely]] on_retire(h, rec_);
      }
      rr_ = pick + 1 == n ? 0 : pick + 1;
      // spawn, texit, migrate, parcel: contexts may have started or ended.
      if (rec_.id != isa::InsnId::Invalid && isa::row(rec_.id).cls == isa::OpClass::Pim) rescan(core);
    }
    if (h.msr & MSR_POW) c.ready = std::max({c.ready, h.cycles(), now_ + 1});  // a wait state: sleeps until then
    if (executed || why == StopReason::None) advance(now_ + 1, alive, active, !executed);
    if (why == StopReason::None || why == StopReason::Blocked || why == StopReason::Yield ||
        why == StopReason::ThreadExit)
      continue;
    if (why == StopReason::SliceEnd) {
      if (h.msr & MSR_POW) continue;  // this thread sleeps until its ready cycle; the others go on
      break;                          // a device wants the machine's events to run now
    }
    core.set_stopped_hart(pick);
    result = why;
    break;
  }
  set_all_cycles(core);
  return result;
}

isa::OpClass PimModel::next_class(Core& core, uint32_t pc) {
  DecodedPage* page = core.dcache().page(pc);
  if (!page) return isa::OpClass::Count;  // an instruction storage fault
  isa::InsnId id = page->e[(pc & (kPageSize - 1)) >> 2].id;
  if (id == isa::InsnId::Invalid) id = core.dcache().fill(pc).id;
  return id == isa::InsnId::Invalid ? isa::OpClass::Count : isa::row(id).cls;
}

bool PimModel::runnable() const {
  if (!core_) return false;
  for (uint64_t part = live_; part; part &= part - 1) {
    const Hart& h = core_->hart(size_t(std::countr_zero(part)));
    if (h.thread_state == ThreadState::Running && !(h.msr & MSR_POW)) return true;
  }
  return false;
}

void PimModel::idle_until(Core& core, uint64_t cycle) {
  bind(core);
  unsigned alive = 0;
  for (size_t i = 0; i < core.num_harts(); ++i) alive += core.hart(i).thread_state != ThreadState::Free;
  advance(cycle, alive, 0, true);
  set_all_cycles(core);
}

StopReason PimModel::run(Hart& h, uint64_t budget, uint64_t until_cycle) {
  return run_core(h.core(), budget, until_cycle);
}

void PimModel::account(Hart& h, const ExecRecord& r) {
  // h was stepped by someone else (traced runs): its instruction issues at its context's turn.
  bind(h.core());
  PimContext& c = ctx_[h.index()];
  if (!c.live) {
    c.live = true;
    c.ready = now_;
  }
  const bool decoded = r.id != isa::InsnId::Invalid;
  advance(decoded ? units_.free_at(isa::row(r.id).cls, std::max(now_, c.ready)) : std::max(now_, c.ready), 1, 1,
          true);
  if (r.status == Status::Stop && !decoded) return;
  ++stats.slots_used;
  if (h.thread_state == ThreadState::Blocked) {
    ++stats.feb_waits;
    ++tstats(h.index()).feb_waits;
    c.ready = now_ + turn_;
  } else {
    ++stats.issued;
    ++tstats(h.index()).insts;
    c.ready = time_insn(h.index(), r);
    if (decoded) units_.take(isa::row(r.id).cls, r.nmem, now_);
  }
  advance(now_ + 1, 1, 1, false);
  set_all_cycles(h.core());
}

void PimModel::drain(Hart&) {
  if (log_) log_->settle(~0ull);
}

void PimModel::log_insn(const Hart& h, const ExecRecord& r, uint64_t ready) {
  std::string text = r.id == isa::InsnId::Invalid ? std::string("(fetch fault)")
                                                  : isa::disassemble(core_->decoder(), r.word, r.pc);
  const uint64_t id = log_->begin(now_, h.index(), r.pc, text.c_str());
  // One stage per cycle in the interleaved pipeline; a memory wait stretches M.
  log_->stage(id, now_, "F");
  log_->stage(id, now_ + 1, "D");
  log_->stage(id, now_ + 2, "X");
  if (r.nmem) log_->stage(id, now_ + 3, "M");
  const uint64_t w = std::max(now_ + 3, ready - 1);
  if (w > now_ + 3 || !r.nmem) log_->stage(id, w, "W");
  if (ready > now_ + cfg_.depth) log_->note(id, "waits for memory (no issue slot)");
  log_->end(id, ready, false);
  log_->settle(now_);
}

void PimModel::register_stats(StatRegistry& s, const std::string& prefix) {
  registered_ = true;
  stats.register_stats(s, prefix);
}

}  // namespace pimnic::timing
