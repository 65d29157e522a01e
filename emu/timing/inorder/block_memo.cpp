#include "timing/inorder/block_memo.h"

namespace pimnic::timing {

void BlockShape::build(const StaticInfo* insns, unsigned count, const OpTiming& ops, uint64_t generation) {
  code_generation = generation;
  pc = insns[0].pc;
  n = uint8_t(count);
  nreads = nwrites = nclasses = 0;
  unsteady = 0;
  inner_branches = 0;
  victim = mru = 0;
  for (BlockMemo& m : memo) m.valid = false;
  memo_ok = false;
  bool written[isa::REG_COUNT + 2] = {};
  bool used[OpTiming::kClasses] = {};
  for (unsigned i = 0; i < count; ++i) {
    const StaticInfo& si = insns[i];
    pcs[i] = si.pc;
    branch[i] = si.br;
    word[i] = si.word;
    id[i] = si.id;
    status_mask[i] = si.br.is_branch ? 0 : 0xFF;  // a branch may jump (where to is checked apart)
    if (si.br.is_branch && i + 1 < count) inner_branches |= uint16_t(1u << i);
    exec[i] = isa::row(si.id).exec;
    if (si.serialize || si.refetch || si.many) return;
    for (isa::RegId r : si.src) {
      if (r == StaticInfo::kNoSrc || written[r]) continue;
      bool seen = false;
      for (unsigned k = 0; k < nreads; ++k) seen |= reads[k] == r;
      if (seen) continue;
      if (nreads == BlockMemo::kMaxReads) return;
      reads[nreads++] = r;
    }
    for (isa::RegId r : si.dst) {
      if (r == StaticInfo::kNoDst || written[r]) continue;
      if (nwrites == BlockMemo::kMaxWrites) return;
      written[r] = true;
      writes[nwrites++] = r;
    }
    const size_t c = size_t(si.cls);
    if (ops.interval[c] > 1 && !used[c]) used[c] = true, classes[nclasses++] = uint8_t(c);
  }
  memo_ok = true;
}

}  // namespace pimnic::timing
