#include "timing/bpred/branch_predictor.h"

#include "timing/bpred/bimodal.h"

namespace pimnic::timing {

BranchPredictor::BranchPredictor(const BpredConfig& c)
    : dir_(make_direction_predictor((c.check(), c))),
      bimodal_(dynamic_cast<BimodalPredictor*>(dir_.get())),
      btb_(c.btb_sets, c.btb_ways),
      ras_(c.ras_size) {}

void BranchPredictor::ras_action(const BranchInfo& b, bool taken) {
  if (!taken) return;
  // bclrl both returns through LR and calls: the target comes from LR, the stack gets pc+4.
  if (b.call)
    ras_.push(b.pc + 4);
  else if (b.ret)
    ras_.pop();
}

// Where fetch goes after b when it is predicted `taken`: the return stack's top for a return,
// else the BTB's target, else (a direct branch) the target decode finds. An indirect branch with
// no BTB entry keeps fetching sequentially.
[[gnu::always_inline]] uint32_t BranchPredictor::fetch_target(const BranchInfo& b, bool taken, bool& btb_hit,
                                                              bool& decode_redirect) {
  uint32_t target = 0;
  if (b.ret) {
    target = ras_.peek();
  } else {
    ++stats.btb_lookups;
    btb_hit = btb_.lookup(b.pc, target);
    stats.btb_hits += btb_hit;
    if (!b.indirect && (!btb_hit || target != b.target)) {
      target = b.target;
      decode_redirect = true;
    }
  }
  if (taken && b.ret) ++stats.ras_pops;
  return taken && (target || !b.indirect) ? target : b.pc + 4;
}

[[gnu::always_inline]] BranchPrediction BranchPredictor::predict(const BranchInfo& b) {
  BranchPrediction p;
  ++stats.lookups;
  p.ras = ras_.save();
  if (b.conditional) {
    ++stats.cond_lookups;
    p.taken = dir_->predict(b.pc, b.target, p.dir);
  } else {
    p.taken = true;
  }
  p.next_pc = fetch_target(b, p.taken, p.btb_hit, p.decode_redirect);
  ras_action(b, p.taken);
  return p;
}

[[gnu::always_inline]] BranchMiss BranchPredictor::resolve(const BranchInfo& b, const BranchPrediction& p, uint32_t next_pc) {
  const bool taken = taken_to(b, next_pc);
  const BranchMiss m = verdict(b, taken, p.taken, p.next_pc, p.decode_redirect, next_pc);
  if (m == BranchMiss::Direction) {
    dir_->recover(p.dir, taken);
    ras_.restore(p.ras);
    ras_action(b, taken);
  }
  return m;
}

[[gnu::always_inline]] void BranchPredictor::commit(const BranchInfo& b, const BranchPrediction& p, uint32_t next_pc) {
  const bool taken = taken_to(b, next_pc);
  if (b.conditional) dir_->update(b.pc, taken, p.dir);
  if (taken && !b.ret) btb_.update(b.pc, next_pc);
}

// (predict, resolve and commit are always_inline in this file; the OoO model calls them out of line.)

// predict_in_order for the branches predict_direct does not take.
BranchMiss BranchPredictor::predict_other(const BranchInfo& b, uint32_t next_pc) {
  const bool taken = taken_to(b, next_pc);
  ++stats.lookups;
  bool predicted = true;
  if (b.conditional) {
    ++stats.cond_lookups;
    predicted = bimodal_ ? bimodal_->predict_in_order(b.pc, b.target, taken)
                         : dir_->predict_in_order(b.pc, b.target, taken);
  }
  bool btb_hit = false, decode_redirect = false;
  const uint32_t predicted_pc = fetch_target(b, predicted, btb_hit, decode_redirect);
  if (b.call | b.ret) [[unlikely]] {
    const RasState saved = ras_.save();  // the speculative action and its repair, as fetch does them
    ras_action(b, predicted);
    if (b.conditional && taken != predicted) {
      ras_.restore(saved);
      ras_action(b, taken);
    }
  }
  const BranchMiss m = verdict(b, taken, predicted, predicted_pc, decode_redirect, next_pc);
  if (taken && !b.ret) btb_.update(b.pc, next_pc);
  return m;
}

void BranchPredictor::register_stats(StatRegistry& s, const std::string& pre) {
  s.counter(pre + "lookups", &stats.lookups, "branches predicted");
  s.counter(pre + "cond_lookups", &stats.cond_lookups, "conditional branches predicted");
  s.counter(pre + "cond_correct", &stats.cond_correct, "conditional branches whose direction was predicted right");
  s.counter(pre + "mispredicts", &stats.mispredicts, "branches that redirected fetch after executing (direction or target wrong)");
  s.counter(pre + "direction_misses", &stats.direction_misses, "conditional branches predicted in the wrong direction");
  s.counter(pre + "target_misses", &stats.target_misses, "branches with the right direction but a wrong target");
  s.counter(pre + "misfetches", &stats.misfetches, "taken direct branches whose target came from decode (BTB miss)");
  s.counter(pre + "btb_lookups", &stats.btb_lookups, "BTB lookups");
  s.counter(pre + "btb_hits", &stats.btb_hits, "BTB lookups that found the branch");
  s.counter(pre + "ras_pops", &stats.ras_pops, "returns predicted from the return-address stack");
  s.counter(pre + "ras_correct", &stats.ras_correct, "returns whose predicted target was right");
  const Stats* st = &stats;
  s.formula(pre + "accuracy", [st] { return st->lookups ? 1.0 - double(st->mispredicts) / double(st->lookups) : 0.0; },
            "fraction of branches predicted right (direction and target)");
  s.formula(pre + "cond_accuracy", [st] { return st->cond_lookups ? double(st->cond_correct) / double(st->cond_lookups) : 0.0; },
            "fraction of conditional branches predicted in the right direction");
  s.formula(pre + "btb_hit_rate", [st] { return st->btb_lookups ? double(st->btb_hits) / double(st->btb_lookups) : 0.0; },
            "fraction of BTB lookups that hit");
}

}  // namespace pimnic::timing
