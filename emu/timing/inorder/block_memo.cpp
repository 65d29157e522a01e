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
    // An instruction that serializes, refetches or has more registers than the slots is never
    // replayed: a block of its own. One that would overflow the memo's registers starts the next.
    const bool alone = si.serialize || si.refetch || si.many;
    isa::RegId in[StaticInfo::kSrc], out[StaticInfo::kDst];
    unsigned nin = 0, nout = 0;
    for (isa::RegId r : si.src) {
      bool seen = r == StaticInfo::kNoSrc || written[r];
      for (unsigned k = 0; k < nreads; ++k) seen |= reads[k] == r;
      for (unsigned k = 0; k < nin; ++k) seen |= in[k] == r;
      if (!seen) in[nin++] = r;
    }
    for (isa::RegId r : si.dst) {
      bool seen = r == StaticInfo::kNoDst || written[r];
      for (unsigned k = 0; k < nout; ++k) seen |= out[k] == r;
      if (!seen) out[nout++] = r;
    }
    if (i > 0 && (alone || nreads + nin > BlockMemo::kMaxReads || nwrites + nout > BlockMemo::kMaxWrites)) {
      n = uint8_t(i);
      break;
    }
    pcs[i] = si.pc;
    branch[i] = si.br;
    word[i] = si.word;
    id[i] = si.id;
    status_mask[i] = si.br.is_branch ? 0 : 0xFF;  // a branch may jump (where to is checked apart)
    if (si.br.is_branch) inner_branches |= BlockMemo::Mask(1) << i;
    exec[i] = isa::row(si.id).exec;
    if (alone) {  // the first: a block of its own, never memoised
      n = 1;
      return;
    }
    for (unsigned k = 0; k < nin; ++k) reads[nreads++] = in[k];
    for (unsigned k = 0; k < nout; ++k) written[out[k]] = true, writes[nwrites++] = out[k];
    const size_t c = size_t(si.cls);
    if (ops.interval[c] > 1 && !used[c]) used[c] = true, classes[nclasses++] = uint8_t(c);
  }
  inner_branches &= (BlockMemo::Mask(1) << (n - 1)) - 1;  // the last instruction's branch is timed at commit
  memo_ok = true;
}

}  // namespace pimnic::timing
