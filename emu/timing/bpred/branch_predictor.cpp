#include "timing/bpred/branch_predictor.h"

#include "timing/bpred/bimodal.h"

namespace pimnic::timing {

BranchPredictor::BranchPredictor(const BpredConfig& c)
    : dir_(make_direction_predictor(c)),
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
  uint32_t target = 0;
  if (b.ret) {
    target = ras_.peek();
  } else {
    ++stats.btb_lookups;
    p.btb_hit = btb_.lookup(b.pc, target);
    stats.btb_hits += p.btb_hit;
    if (!b.indirect && (!p.btb_hit || target != b.target)) {
      target = b.target;
      p.decode_redirect = true;
    }
  }
  if (p.taken && b.ret) ++stats.ras_pops;
  ras_action(b, p.taken);
  // An indirect branch with no BTB entry keeps fetching sequentially.
  p.next_pc = p.taken && (target || !b.indirect) ? target : b.pc + 4;
  return p;
}

[[gnu::always_inline]] BranchMiss BranchPredictor::resolve(const BranchInfo& b, const BranchPrediction& p, uint32_t next_pc) {
  bool taken = next_pc != b.pc + 4 || (!b.conditional);
  if (b.ret && taken && p.taken) stats.ras_correct += p.next_pc == next_pc;
  BranchMiss m = BranchMiss::None;
  if (b.conditional && taken != p.taken)
    m = BranchMiss::Direction;
  else if (p.next_pc != next_pc)
    m = BranchMiss::Target;
  else if (p.taken && p.decode_redirect)
    m = BranchMiss::Misfetch;
  if (b.conditional) stats.cond_correct += taken == p.taken;
  switch (m) {
    case BranchMiss::None: break;
    case BranchMiss::Misfetch: ++stats.misfetches; break;
    case BranchMiss::Direction: ++stats.direction_misses; ++stats.mispredicts; break;
    case BranchMiss::Target: ++stats.target_misses; ++stats.mispredicts; break;
  }
  if (m == BranchMiss::Direction) {
    dir_->recover(p.dir, taken);
    ras_.restore(p.ras);
    ras_action(b, taken);
  }
  return m;
}

[[gnu::always_inline]] void BranchPredictor::commit(const BranchInfo& b, const BranchPrediction& p, uint32_t next_pc) {
  bool taken = next_pc != b.pc + 4 || (!b.conditional);
  if (b.conditional) dir_->update(b.pc, taken, p.dir);
  if (taken && !b.ret) btb_.update(b.pc, next_pc);
}

// (predict, resolve and commit are always_inline in this file; the OoO model calls them out of line.)

// The same steps as predict, resolve and commit in a row, without the prediction record: the
// in-order model asks once per branch, and the generic path showed in its profiles.
BranchMiss BranchPredictor::predict_in_order(const BranchInfo& b, uint32_t next_pc) {
  const bool taken = next_pc != b.pc + 4 || !b.conditional;
  ++stats.lookups;
  bool predicted = true;
  if (b.conditional) {
    ++stats.cond_lookups;
    predicted = bimodal_ ? bimodal_->predict_in_order(b.pc, b.target, taken)
                         : dir_->predict_in_order(b.pc, b.target, taken);
    stats.cond_correct += taken == predicted;
  }
  uint32_t target = 0;
  bool decode_redirect = false;
  if (b.ret) {
    target = ras_.peek();
  } else {
    ++stats.btb_lookups;
    const bool hit = btb_.lookup(b.pc, target);
    stats.btb_hits += hit;
    if (!b.indirect && (!hit || target != b.target)) {
      target = b.target;
      decode_redirect = true;
    }
  }
  const uint32_t predicted_pc = predicted && (target || !b.indirect) ? target : b.pc + 4;
  if (predicted && b.ret) ++stats.ras_pops, stats.ras_correct += taken && predicted_pc == next_pc;
  BranchMiss m = BranchMiss::None;
  if (b.call | b.ret) [[unlikely]] {
    const RasState saved = ras_.save();  // the speculative action and its repair, as fetch does them
    ras_action(b, predicted);
    if (b.conditional && taken != predicted) {
      ras_.restore(saved);
      ras_action(b, taken);
    }
  }
  if (b.conditional && taken != predicted)
    m = BranchMiss::Direction, ++stats.direction_misses, ++stats.mispredicts;
  else if (predicted_pc != next_pc)
    m = BranchMiss::Target, ++stats.target_misses, ++stats.mispredicts;
  else if (predicted && decode_redirect)
    m = BranchMiss::Misfetch, ++stats.misfetches;
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
