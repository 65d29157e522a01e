// What the in-order model needs to know about an instruction before timing it, computed once per
// (pc, word) from the instruction table: operation class, register sources and destinations
// (timing_deps.h), whether it serializes, and its branch classification. Direct-mapped by pc; a
// changed word at the same pc (self-modifying code, reloaded images) recomputes the entry.
#pragma once
#include <cstdint>
#include <vector>

#include "isa/deps.h"
#include "isa/insn_table.h"
#include "timing/bpred/branch_info.h"
#include "timing/timing_deps.h"

namespace pimnic::timing {

struct StaticInfo {
  // Register slots the model reads and writes unconditionally (no loop): unused ones name a
  // register that is always ready (sources) or never read (destinations). Instructions with more
  // registers (lmw/stmw, strings, some vector forms) say `many` and use the full list.
  static constexpr unsigned kSrc = 4, kDst = 3;
  static constexpr isa::RegId kNoSrc = isa::REG_COUNT;                   // ready at cycle 0
  static constexpr isa::RegId kNoDst = isa::RegId(isa::REG_COUNT + 1);  // written, never read
  static constexpr unsigned kSlots = isa::REG_COUNT + 2;                 // size of a ready table
  uint32_t pc = 1, word = 0;  // pc 1: never a valid pc, so the entry starts empty
  isa::InsnId id = isa::InsnId::Invalid;
  isa::OpClass cls = isa::OpClass::IntAlu;
  bool serialize = false;      // drain before executing (sync, isync, lwarx/stwcx., mtmsr, rfi, sc, ...)
  bool refetch = false;        // and fetch again after it (context synchronizing)
  bool many = false;           // more registers than the slots: see StaticInfoCache::full
  bool store_barrier = false;  // sync, eieio (msync, mbar): waits until the store buffer has drained
  isa::RegId src[kSrc] = {kNoSrc, kNoSrc, kNoSrc, kNoSrc};
  isa::RegId dst[kDst] = {kNoDst, kNoDst, kNoDst};
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
  // The full dependency list of an instruction whose entry says `many` (rare: not cached).
  const isa::RegDeps& full(const StaticInfo& e) {
    full_ = timing_deps(isa::row(e.id), e.word);
    return full_;
  }

 private:
  static constexpr size_t kEntries = 8192;
  void fill(StaticInfo& e, uint32_t pc, uint32_t word, isa::InsnId id);
  std::vector<StaticInfo> e_;
  isa::RegDeps full_;
};

}  // namespace pimnic::timing
