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

// addi/addis with rA != 0: exec_addi/exec_addis with rA read as a register, without the test
// (clang does not take the fact from __builtin_assume).
template <bool Shifted>
Status add_imm(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t w = e->word, imm = uint32_t(simm(w));
  h.gpr[rt(w)] = h.gpr[ra(w)] + (Shifted ? imm << 16 : imm);
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
    case isa::InsnId::addi: return ra(w) ? &add_imm<false> : &pure<&exec_addi, kRaMask, 0>;
    case isa::InsnId::addis: return ra(w) ? &add_imm<true> : &pure<&exec_addis, kRaMask, 0>;
    default: return nullptr;
  }
}

}  // namespace pimnic
