// What the in-order model needs to know about an instruction before timing it, computed once per
// (pc, word) from the instruction table: operation class, register sources and destinations
// (isa/deps.h), whether it serializes, and its branch classification. Direct-mapped by pc; a
// changed word at the same pc (self-modifying code, reloaded images) recomputes the entry.
#pragma once
#include <cstdint>
#include <vector>

#include "isa/deps.h"
#include "isa/insn_table.h"
#include "timing/bpred/branch_info.h"

namespace pimnic::timing {

struct StaticInfo {
  static constexpr unsigned kSrc = 8, kDst = 4;
  uint32_t pc = 1, word = 0;  // pc 1: never a valid pc, so the entry starts empty
  isa::InsnId id = isa::InsnId::Invalid;
  isa::OpClass cls = isa::OpClass::IntAlu;
  bool serialize = false;      // drain before executing (sync, isync, lwarx/stwcx., mtmsr, rfi, sc, ...)
  bool refetch = false;        // and fetch again after it (context synchronizing)
  bool many = false;           // more registers than fit here (lmw/stmw, strings): see `deps`
  uint8_t nsrc = 0, ndst = 0;
  isa::RegId src[kSrc];
  isa::RegId dst[kDst];
  BranchInfo br;
};

class StaticInfoCache {
 public:
  StaticInfoCache() : e_(kEntries) {}
  const StaticInfo& get(uint32_t pc, uint32_t word, isa::InsnId id) {
    StaticInfo& e = e_[(pc >> 2) & (kEntries - 1)];
    if (e.pc != pc || e.word != word || e.id != id) [[unlikely]] fill(e, pc, word, id);
    return e;
  }
  // The full dependency list of an instruction whose entry says `many`.
  const isa::RegDeps& full(const StaticInfo& e) {
    full_ = isa::register_deps(isa::row(e.id), e.word);
    return full_;
  }

 private:
  static constexpr size_t kEntries = 8192;
  void fill(StaticInfo& e, uint32_t pc, uint32_t word, isa::InsnId id);
  std::vector<StaticInfo> e_;
  isa::RegDeps full_;
};

}  // namespace pimnic::timing
