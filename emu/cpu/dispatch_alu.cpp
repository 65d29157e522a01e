// Specialised integer forms: compares with their CR field known (a constant shift and mask), and
// addi/addis with rA = 0 (li, lis) or rA != 0 known, so that "rA or 0" needs no test.
#include <utility>

#include "cpu/exec_common.h"
#include "cpu/threaded.h"

namespace pimnic {

using namespace threaded;

namespace {

constexpr uint32_t kCrfMask = 7u << 23, kRaMask = 31u << 16;

template <ExecFn F, uint32_t... Crf>
constexpr std::array<ThreadedFn, 8> by_crf(std::integer_sequence<uint32_t, Crf...>) {
  return {&pure<F, kCrfMask, (Crf << 23)>...};
}
template <ExecFn F>
constexpr std::array<ThreadedFn, 8> by_crf() {
  return by_crf<F>(std::make_integer_sequence<uint32_t, 8>{});
}

const std::array<ThreadedFn, 8> kCmpi = by_crf<&exec_cmpi>(), kCmp = by_crf<&exec_cmp>(),
                                kCmpli = by_crf<&exec_cmpli>(), kCmpl = by_crf<&exec_cmpl>();

// rA known to be nonzero: read it as a register (the executor's "rA or 0" test folds away).
template <ExecFn F>
Status pure_ra(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t w = e->word;
  __builtin_assume(((w >> 16) & 31) != 0);  // (not ra(w): clang drops calls)
  F(h, w);
  ++e;
  PIMNIC_NEXT(h, e, key, rem);
}

}  // namespace

ThreadedFn alu_form(isa::InsnId id, uint32_t w) {
  switch (id) {
    case isa::InsnId::cmpi: return kCmpi[crfd(w)];
    case isa::InsnId::cmp: return kCmp[crfd(w)];
    case isa::InsnId::cmpli: return kCmpli[crfd(w)];
    case isa::InsnId::cmpl: return kCmpl[crfd(w)];
    case isa::InsnId::addi: return ra(w) ? &pure_ra<&exec_addi> : &pure<&exec_addi, kRaMask, 0>;
    case isa::InsnId::addis: return ra(w) ? &pure_ra<&exec_addis> : &pure<&exec_addis, kRaMask, 0>;
    default: return nullptr;
  }
}

}  // namespace pimnic
