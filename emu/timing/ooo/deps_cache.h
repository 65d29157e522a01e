// isa::register_deps for an instruction word, remembered: the model needs the dependencies of
// every instruction it times, and a program executes few distinct words. Direct-mapped by word.
#pragma once
#include <cstdint>
#include <vector>

#include "isa/deps.h"

namespace pimnic::timing {

class DepsCache {
 public:
  DepsCache() : e_(kEntries) {}
  const isa::RegDeps& get(const isa::InsnRow& row, uint32_t word) {
    Entry& e = e_[(word ^ (word >> 13) ^ (word >> 21)) & (kEntries - 1)];
    if (!e.valid || e.word != word || e.id != row.id) {
      e.deps = isa::register_deps(row, word);
      e.word = word;
      e.id = row.id;
      e.valid = true;
    }
    return e.deps;
  }

 private:
  static constexpr size_t kEntries = 4096;
  struct Entry {
    uint32_t word = 0;
    isa::InsnId id = isa::InsnId::Invalid;
    bool valid = false;
    isa::RegDeps deps;
  };
  std::vector<Entry> e_;
};

}  // namespace pimnic::timing
