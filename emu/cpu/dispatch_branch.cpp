// Specialised branches: the condition's BO/BI bits known at decode time (so the test is one bit of
// CR or CTR), and relative targets in the same page reached by moving the entry pointer, with no
// pc. Other forms (absolute, bdnzt and friends, conditional bclr/bcctr) take the general branch.
#include <utility>

#include "cpu/exec_common.h"
#include "cpu/threaded.h"

namespace pimnic {

using namespace threaded;

namespace {

// BO patterns (the bits that matter, the value they have) in the word's BO field.
struct Cond {
  uint32_t bo_mask, bo;
};
constexpr Cond kAlways{0x14, 0x14};
constexpr Cond kFalse{0x1C, 0x04};  // bf: CR[BI] = 0
constexpr Cond kTrue{0x1C, 0x0C};   // bt: CR[BI] = 1
constexpr Cond kDnz{0x16, 0x10};    // bdnz: --CTR != 0
constexpr Cond kDz{0x16, 0x12};     // bdz: --CTR == 0

constexpr uint32_t kLk = 1, kAa = 2;

constexpr uint32_t bo_field(uint32_t bo) { return bo << 21; }
constexpr uint32_t bi_field(uint32_t bi) { return bi << 16; }

// bc with known condition bits (M, V) and a target in this page.
template <uint32_t M, uint32_t V>
Status bc_local(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t w = known<M, V>(e->word);
  e += branch_condition(h, w) ? bd(w) >> 2 : 1;
  PIMNIC_NEXT(h, e, key, rem);
}

// bc with known condition bits and a target in another page.
template <uint32_t M, uint32_t V>
Status bc_far(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t w = known<M, V>(e->word);
  if (!branch_condition(h, w)) {
    ++e;
    PIMNIC_NEXT(h, e, key, rem);
  }
  const uint32_t pc = threaded_pc(e, key);
  PIMNIC_BRANCH_TO(h, e, key, rem, pc, pc + uint32_t(bd(w)));
}

template <bool Link>
Status b_local(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  if (Link) h.lr = threaded_pc(e, key) + 4;
  e += li(e->word) >> 2;
  PIMNIC_NEXT(h, e, key, rem);
}

template <bool Link>
Status b_far(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t pc = threaded_pc(e, key);
  if (Link) h.lr = pc + 4;
  PIMNIC_BRANCH_TO(h, e, key, rem, pc, pc + uint32_t(li(e->word)));
}

// blr, bctr, bctrl: always taken, to LR or CTR.
Status blr(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t pc = threaded_pc(e, key);
  PIMNIC_BRANCH_TO(h, e, key, rem, pc, h.lr & ~3u);
}

template <bool Link>
Status bctr(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t pc = threaded_pc(e, key);
  if (Link) h.lr = pc + 4;
  PIMNIC_BRANCH_TO(h, e, key, rem, pc, h.ctr & ~3u);
}

template <uint32_t BoMask, uint32_t Bo, uint32_t Bi>
constexpr uint32_t cond_mask() {
  return bo_field(BoMask) | ((Bo & 0x10) ? 0 : bi_field(31));
}
template <uint32_t BoMask, uint32_t Bo, uint32_t Bi>
constexpr uint32_t cond_value() {
  return bo_field(Bo) | ((Bo & 0x10) ? 0 : bi_field(Bi));
}

// The local and far functions of a condition, per BI (all the same when BI is not read).
struct CondFns {
  ThreadedFn local[32], far[32];
};
template <uint32_t BoMask, uint32_t Bo, uint32_t... Bi>
constexpr CondFns cond_fns(std::integer_sequence<uint32_t, Bi...>) {
  return {{&bc_local<cond_mask<BoMask, Bo, Bi>(), cond_value<BoMask, Bo, Bi>()>...},
          {&bc_far<cond_mask<BoMask, Bo, Bi>(), cond_value<BoMask, Bo, Bi>()>...}};
}
template <uint32_t BoMask, uint32_t Bo>
constexpr CondFns cond_fns() {
  return cond_fns<BoMask, Bo>(std::make_integer_sequence<uint32_t, 32>{});
}

const CondFns kAlwaysFns = cond_fns<kAlways.bo_mask, kAlways.bo>();
const CondFns kFalseFns = cond_fns<kFalse.bo_mask, kFalse.bo>();
const CondFns kTrueFns = cond_fns<kTrue.bo_mask, kTrue.bo>();
const CondFns kDnzFns = cond_fns<kDnz.bo_mask, kDnz.bo>();
const CondFns kDzFns = cond_fns<kDz.bo_mask, kDz.bo>();

const CondFns* cond_of(uint32_t bo) {
  for (const auto& [c, fns] : {std::pair{kAlways, &kAlwaysFns}, {kFalse, &kFalseFns}, {kTrue, &kTrueFns},
                               {kDnz, &kDnzFns}, {kDz, &kDzFns}})
    if ((bo & c.bo_mask) == c.bo) return fns;
  return nullptr;
}

bool same_page(uint32_t pc, uint32_t target) { return ((pc ^ target) & ~(kPageSize - 1)) == 0; }

}  // namespace

ThreadedFn branch_form(isa::InsnId id, uint32_t w, uint32_t pc) {
  switch (id) {
    case isa::InsnId::b:
      if (w & kAa) return nullptr;
      if (same_page(pc, pc + uint32_t(li(w)))) return (w & kLk) ? &b_local<true> : &b_local<false>;
      return (w & kLk) ? &b_far<true> : &b_far<false>;
    case isa::InsnId::bc: {
      const CondFns* fns = cond_of(rt(w));
      if (!fns || (w & (kAa | kLk))) return nullptr;
      return same_page(pc, pc + uint32_t(bd(w))) ? fns->local[ra(w)] : fns->far[ra(w)];
    }
    case isa::InsnId::bclr:
      return (rt(w) & kAlways.bo_mask) == kAlways.bo && !(w & kLk) ? &blr : nullptr;
    case isa::InsnId::bcctr:
      if ((rt(w) & kAlways.bo_mask) != kAlways.bo) return nullptr;
      return (w & kLk) ? &bctr<true> : &bctr<false>;
    default:
      return nullptr;
  }
}

}  // namespace pimnic
