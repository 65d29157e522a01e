#include "timing/ooo/ooo_model.h"

#include <algorithm>

#include "isa/disasm.h"
#include "timing/bpred/branch_info.h"
#include "timing/mem/hierarchy.h"
#include "timing/pipeline_log.h"
#include "timing/timing_deps.h"

namespace pimnic::timing {

using isa::InsnRow;

OooModel::OooModel(const OooConfig& cfg, const BpredConfig& bpred, const OpTiming& ops, MemHierarchy* mem,
                   const ClockDomain& clock)
    : cfg_((cfg.check("core.ooo"), cfg)),
      ops_(ops),
      mem_(mem),
      clock_(clock),
      fetch_(cfg, bpred, mem, clock),
      pools_(cfg),
      stores_(cfg.lsq_size),
      ruu_pos_(cfg.ruu_size),
      lsq_pos_(cfg.lsq_size),
      ifq_pos_(cfg.fetch_queue),
      ruu_free_(cfg.ruu_size),
      lsq_free_(cfg.lsq_size),
      ifq_free_(cfg.fetch_queue) {
  static_assert(size_t(Pool::Count) == IssueTable::kPools);
  for (size_t c = 0; c < pool_of_.size(); ++c) pool_of_[c] = uint8_t(pool_of(isa::OpClass(c)));
}

void OooModel::start(Hart& h) {
  started_ = true;
  start_cycle_ = last_commit_ = dispatch_cycle_ = h.cycles();
  last_icount_ = h.icount;
  fetch_.reset(last_commit_);
}

StopReason OooModel::run(Hart& h, uint64_t budget, uint64_t until_cycle) {
  if (!started_) start(h);
  uint64_t end = h.icount + budget;
  stepper_.restart();
  while (h.icount < end && h.cycles() < until_cycle) {
    StopReason why = stepper_.step(h, rec_);
    if (rec_.id != isa::InsnId::Invalid || rec_.interrupted) account(h, rec_);
    if (why != StopReason::None) return why;
  }
  return StopReason::SliceEnd;
}

// Cycle a memory access started at `c` has its data, through the hierarchy.
static uint64_t data_access(MemHierarchy* mem, const ClockDomain& clk, uint32_t addr, uint32_t size, AccessKind k,
                            uint64_t c) {
  if (!mem) return c + 1;
  MemResp r = mem->data().access({addr, size, k}, clk.ticks(c));
  return std::max(clk.cycle_at_or_after(r.ready), c + 1);
}

// Loads look in the store queue, then the cache; stores only compute their address here (they
// write the cache at commit). One access per cycle for multi-access instructions (lmw, strings).
uint64_t OooModel::execute_memory(const ExecRecord& rec, uint64_t c, uint64_t& complete, const char*& note) {
  for (unsigned k = 0; k < rec.nmem; ++k) {
    const MemAccess& m = rec.mem[k];
    uint64_t a = c + k;
    uint64_t done;
    if (m.mmio) {
      done = a + (mem_ ? clock_.cycle_at_or_after(mem_->mmio_latency()) : 1);
      if (done == a) done = a + 1;
    } else if (m.write) {
      done = a + 1;
    } else {
      StoreEntry s;
      switch (stores_.find(m.addr, m.size, a, s)) {
        case StoreQueue::Match::Forward:
          done = std::max(a, s.data_ready) + cfg_.forward_latency;
          ++stats.forwarded;
          note = "forwarded from store";
          break;
        case StoreQueue::Match::Partial:
          done = data_access(mem_, clock_, m.addr, m.size, AccessKind::Load, std::max(a, s.commit));
          ++stats.partial_forward;
          note = "waited for an overlapping store";
          break;
        default:
          done = data_access(mem_, clock_, m.addr, m.size, AccessKind::Load, a);
          break;
      }
    }
    complete = std::max(complete, done);
  }
  return c + rec.nmem;
}

void OooModel::account(Hart& h, const ExecRecord& rec) {
  if (!started_) [[unlikely]] {  // fed by someone else's stepping: h is already past rec
    start(h);
    if (rec.id != isa::InsnId::Invalid) {
      --last_icount_;
      start_cycle_ = last_commit_ = dispatch_cycle_ = h.cycles() - 1;
      fetch_.reset(last_commit_);
    }
  }
  // Time the hart spent outside this model's instructions (a wait state, an idle period).
  uint64_t stepped = h.icount - last_icount_;
  last_icount_ = h.icount;
  uint64_t functional_now = h.cycles() - stepped;
  if (functional_now > last_commit_) {
    last_commit_ = functional_now;
    fetch_.redirect(functional_now);
  }
  if (rec.id == isa::InsnId::Invalid && !rec.interrupted) return;  // nothing executed (halted, stopped)
  if (rec.id == isa::InsnId::Invalid) {  // fetch failed and an interrupt was taken: a flush
    ++stats.interrupts;
    fetch_.redirect(last_commit_ + cfg_.serialize_penalty);
    h.cycle_offset += last_commit_ - h.cycles();
    return;
  }

  const InsnRow& row = isa::row(rec.id);
  const DepsCache::Info deps = deps_.get(row, rec.word, rec.pc);
  const bool mmio = rec.nmem && rec.mem[0].mmio;
  const bool serial = row.has(isa::F_SERIALIZE) || rec.interrupted || mmio;
  const bool is_mem = rec.nmem > 0;
  const uint64_t i = seq_++;
  const char* note = nullptr;

  // Fetch, once the fetch queue has room.
  uint64_t f = fetch_.fetch(rec.pc, i >= cfg_.fetch_queue ? ifq_free_[ifq_pos_.i] : 0);

  // Dispatch: in order, decode_width a cycle, into a free RUU (and LSQ) entry; a serializing
  // instruction waits until everything older has committed.
  uint64_t base = std::max(f + 1, dispatch_cycle_);
  uint64_t ruu = i >= cfg_.ruu_size ? ruu_free_[ruu_pos_.i] : 0;
  uint64_t lsq = is_mem && mem_seq_ >= cfg_.lsq_size ? lsq_free_[lsq_pos_.i] : 0;
  uint64_t drain = serial ? last_commit_ : 0;
  if ((mmio || orders_stores(rec.id)) && mem_)  // and for the stores before it to be written
    drain = std::max(drain, clock_.cycle_at_or_after(mem_->stores().drained()));
  uint64_t d = std::max({base, ruu, lsq, drain});
  if (d > base) {
    if (d == drain) stats.stall_drain += d - base;
    else if (d == ruu) stats.stall_ruu_full += d - base;
    else stats.stall_lsq_full += d - base;
  }
  if (d == dispatch_cycle_ && dispatch_count_ >= cfg_.decode_width) {
    ++d;
    ++stats.stall_width;
  }
  if (d != dispatch_cycle_) dispatch_count_ = 0;
  dispatch_cycle_ = d;
  ++dispatch_count_;

  // Issue: operands ready (renamed registers), an issue slot and a unit free. Loads also wait
  // until the addresses of older stores are known.
  uint64_t ready = d + 1;
  for (unsigned k = 0; k < deps.nsrc; ++k) ready = std::max(ready, reg_ready_[deps.src[k]]);
  bool has_load = false, has_store = false;
  for (unsigned k = 0; k < rec.nmem; ++k) (rec.mem[k].write ? has_store : has_load) = true;
  if (has_load) ready = std::max(ready, store_issue_);
  const isa::OpClass cls = row.cls;
  const uint32_t interval = std::max(1u, ops_.ivl(cls));
  const unsigned pool = pool_of_[size_t(cls)];
  uint64_t c = ready;
  while (!issue_.try_issue(c, pool, interval, pools_.units[pool], cfg_.issue_width)) ++c;
  ++pools_.ops[pool];

  // Execute.
  uint64_t complete = c + std::max(1u, ops_.lat(cls));
  const uint64_t address_ready = complete;
  if (is_mem) {
    // The class latency is address generation; the access starts after it.
    execute_memory(rec, complete, complete, note);
    stats.loads += has_load;
    stats.stores += has_store;
  }
  if (has_store) store_issue_ = std::max(store_issue_, c);
  for (unsigned k = 0; k < deps.ndst; ++k) reg_ready_[deps.dst[k]] = complete;
  if (deps.update_base != isa::REG_COUNT) reg_ready_[deps.update_base] = address_ready;

  // Commit: in order, commit_width a cycle, the cycle after writeback.
  uint64_t cm = std::max(complete + 1, last_commit_);
  if (cm == last_commit_ && commit_count_ >= cfg_.commit_width) ++cm;
  if (cm != last_commit_) commit_count_ = 0;
  last_commit_ = cm;
  ++commit_count_;
  // Committed stores leave for the store buffer in order, one a cycle, and keep their LSQ entry
  // until they are in it: a full buffer (misses waiting for their lines) backs up into dispatch.
  uint64_t lsq_release = cm;
  if (has_store)
    for (unsigned k = 0; k < rec.nmem; ++k) {
      const MemAccess& m = rec.mem[k];
      if (!m.write || m.mmio) continue;
      stores_.push({m.addr, m.size, complete, cm});
      uint64_t w = std::max(cm, store_port_);
      if (mem_) {
        StoreBuffer& sb = mem_->stores();
        w = clock_.cycle_at_or_after(sb.put(m.addr, m.size, clock_.ticks(w)));
        if (sb.drained() > clock_.ticks(w)) h.device_after = std::max(h.device_after, clock_.cycle_at_or_after(sb.drained()));
      }
      store_port_ = w + 1;
      lsq_release = std::max(lsq_release, w);
    }

  // What fetch does next.
  uint64_t wrong_path_until = 0;  // fetch slots lost to a misprediction (for the pipeline log)
  uint32_t wrong_pc = 0;
  BranchInfo bi = classify_branch(row, rec.word, rec.pc);
  if (bi.is_branch && !rec.interrupted) {
    BranchPrediction p = fetch_.predict(bi, f);
    BranchMiss miss = fetch_.bp.resolve(bi, p, rec.next_pc);
    bool taken = rec.next_pc != rec.pc + 4 || !bi.conditional;
    if (miss == BranchMiss::Direction || miss == BranchMiss::Target) {
      uint64_t restart = complete + cfg_.mispredict_penalty;
      stats.stall_mispredict += restart - (f + 1);
      fetch_.redirect(restart);
      wrong_path_until = restart;
      wrong_pc = p.next_pc;
      note = miss == BranchMiss::Direction ? "mispredicted direction" : "mispredicted target";
    } else if (miss == BranchMiss::Misfetch) {
      stats.stall_misfetch += cfg_.misfetch_penalty;
      fetch_.redirect(f + 1 + cfg_.misfetch_penalty);
    } else if (taken) {
      fetch_.redirect(f + 1);
    }
    fetch_.committed(bi, p, rec.next_pc, cm);
  }
  if (serial) {
    ++stats.serializing;
    stats.interrupts += rec.interrupted;
    uint64_t restart = cm + cfg_.serialize_penalty;
    if (restart > f + 1) stats.stall_serialize_fetch += restart - (f + 1);
    fetch_.redirect(restart);
  }

  // Free-entry bookkeeping and occupancy (entry-cycles; divided by cycles in the stats).
  ruu_free_[ruu_pos_.i] = cm;
  ruu_pos_.next();
  ifq_free_[ifq_pos_.i] = d;
  ifq_pos_.next();
  if (is_mem) {
    lsq_free_[lsq_pos_.i] = lsq_release;
    lsq_pos_.next();
    ++mem_seq_;
  }
  stats.ruu_occupancy += cm - d;
  stats.ifq_occupancy += d - f;
  if (is_mem) stats.lsq_occupancy += cm - d;
  ++stats.insts;
  stats.cycles = cm - start_cycle_;

  if (log_) {
    std::string text = isa::disassemble_row(row, rec.word, rec.pc);
    uint64_t id = log_->begin(f, h.index(), rec.pc, text.c_str());
    log_->stage(id, f, "F");
    log_->stage(id, d, "Ds");
    log_->stage(id, c, "Is");
    log_->stage(id, complete, "Wb");
    log_->stage(id, cm, "Cm");
    if (note) log_->note(id, note);
    log_->end(id, cm + 1, false);
    if (wrong_path_until > f + 1) {
      // What fetch would have been doing meanwhile, squashed when the branch resolved.
      uint64_t w = log_->begin(f + 1, h.index(), wrong_pc, "wrong path");
      log_->stage(w, f + 1, "F");
      log_->end(w, wrong_path_until, true);
    }
    log_->settle(f);
  }

  // The hart's clock is the drain point: the commit cycle of the newest instruction.
  h.cycle_offset += cm - h.cycles();
}

void OooModel::drain(Hart&) {
  fetch_.train_all();
  if (log_) log_->settle(~0ull);
}

}  // namespace pimnic::timing
