#include "timing/bpred/branch_info.h"

#include "isa/fields.h"

namespace pimnic::timing {

// BO with both "ignore CR" (0x10) and "don't decrement CTR" (0x04) set always branches.
static bool always(uint32_t bo) { return (bo & 0x14) == 0x14; }

BranchInfo classify_branch(const isa::InsnRow& row, uint32_t w, uint32_t pc) {
  using isa::InsnId;
  BranchInfo b;
  b.pc = pc;
  bool lk = isa::lk_bit(w);
  switch (row.id) {
    case InsnId::b:
      b.is_branch = true;
      b.target = uint32_t(isa::li(w)) + (isa::aa_bit(w) ? 0 : pc);
      b.call = lk;
      break;
    case InsnId::bc: {
      b.is_branch = true;
      b.conditional = !always(isa::rt(w));
      b.target = uint32_t(isa::bd(w)) + (isa::aa_bit(w) ? 0 : pc);
      bool get_pc = isa::rt(w) == 20 && isa::ra(w) == 31 && !isa::aa_bit(w) && isa::bd(w) == 4;
      b.call = lk && !get_pc;
      break;
    }
    case InsnId::bclr:
      b.is_branch = b.indirect = true;
      b.conditional = !always(isa::rt(w));
      b.call = lk;
      b.ret = !lk;
      break;
    case InsnId::bcctr:
      b.is_branch = b.indirect = true;
      b.conditional = !always(isa::rt(w));
      b.call = lk;
      break;
    default:
      break;
  }
  return b;
}

}  // namespace pimnic::timing
