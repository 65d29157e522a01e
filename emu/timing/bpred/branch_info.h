// What a branch predictor needs to know about a branch, derived from the instruction table row and
// the word (available at decode, before the branch executes).
#pragma once
#include <cstdint>

#include "isa/insn_table.h"

namespace pimnic::timing {

struct BranchInfo {
  uint32_t pc = 0;
  uint32_t target = 0;       // direct target; 0 for indirect branches
  bool is_branch = false;    // b, bc, bclr, bcctr
  bool conditional = false;  // the direction depends on CR or CTR
  bool indirect = false;     // target from LR or CTR
  bool call = false;         // pushes a return address (LK=1, except the get-PC idiom)
  bool ret = false;          // pops a return address (bclr with LK=0)
};

// PowerPC conventions: b/bc with LK=1 are calls, except `bcl 20,31,$+4` which code uses to read its
// own address; bclr with LK=0 is a return; bclrl and bcctrl are indirect calls.
BranchInfo classify_branch(const isa::InsnRow& row, uint32_t word, uint32_t pc);

}  // namespace pimnic::timing
