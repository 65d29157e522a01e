#include "cpu/dispatch.h"

#include "cpu/threaded.h"

namespace pimnic {

using isa::Status;
using namespace threaded;

namespace {

Status illegal_exec(Hart& h, uint32_t) { return h.raise_illegal(); }

using namespace isa;  // the row flags, forms and classes

// How much of the hart's bookkeeping a row needs around its executor (cpu/threaded.h).
enum class Kind {
  Pure,      // integer/CR arithmetic
  FpGuard,   // FP moves and fsel: pure once MSR[FP] is set
  VecGuard,  // vector arithmetic, permutes, compares: pure once MSR[VEC] is set
  Branch,
  General,
};

constexpr Kind kind_of(OpClass cls, uint32_t flags) {
  constexpr uint32_t kNotPure = F_PRIV | F_SERIALIZE | F_LOAD | F_STORE | F_MSR | F_BRANCH;
  const bool arith = cls == OpClass::IntAlu || cls == OpClass::IntMul || cls == OpClass::IntDiv ||
                     cls == OpClass::IntMac || cls == OpClass::CrLogic;
  if (arith && !(flags & kNotPure)) return Kind::Pure;
  if (flags & kNotPure & ~F_BRANCH) return Kind::General;
  if (flags & F_BRANCH) return Kind::Branch;
  if (cls == OpClass::FpMove && !(flags & F_W_FPSCR)) return Kind::FpGuard;
  if (cls == OpClass::VecSimple || cls == OpClass::VecComplex || cls == OpClass::VecFloat ||
      cls == OpClass::VecPerm)
    return Kind::VecGuard;
  return Kind::General;
}

// The Rc and OE bits of a row's words (vector compares keep Rc where other forms keep OE).
constexpr uint32_t rc_bit_of(Form form, uint32_t flags) {
  return !(flags & F_RC) ? 0 : form == Form::VC ? 1u << 10 : 1u;
}
constexpr uint32_t oe_bit_of(uint32_t flags) { return (flags & F_OE) ? 1u << 10 : 0; }

// A row's functions for the four combinations of its Rc and OE bits (index: Rc | OE << 1), each
// with those bits known; rows without them get the same function four times.
template <ExecFn F, Kind K, uint32_t Rc, uint32_t Oe, uint32_t V, unsigned W>
constexpr ThreadedFn form_fn() {
  constexpr uint32_t M = Rc | Oe;
  if constexpr (K == Kind::Pure) return &pure<F, M, V>;
  else if constexpr (K == Kind::FpGuard) return &guarded<F, MSR_FP, M, V>;
  else if constexpr (K == Kind::VecGuard) return &vector<F, W, M, V>;
  else if constexpr (K == Kind::Branch) return &branch<F>;
  else return &general<F>;
}

struct Forms {
  ThreadedFn fn[4];
};

template <ExecFn F, Kind K, uint32_t Rc, uint32_t Oe, unsigned W>
constexpr Forms forms() {
  return {{form_fn<F, K, Rc, Oe, 0, W>(), form_fn<F, K, Rc, Oe, Rc, W>(), form_fn<F, K, Rc, Oe, Oe, W>(),
           form_fn<F, K, Rc, Oe, Rc | Oe, W>()}};
}

// Per vector width (vector rows differ; the others are the same in both tables).
#define INSN(ident, mnem, pat, form, cls, feat, flags, ...)                                  \
  forms<&exec_##ident, kind_of(OpClass::cls, flags), rc_bit_of(Form::form, flags),          \
        oe_bit_of(flags), W>(),
template <unsigned W>
const Forms kForms[] = {
#include "isa/rows.inc"
};
#undef INSN

// The row's function for this word's Rc and OE bits.
ThreadedFn generic_form(const InsnRow& row, uint32_t w, unsigned vec_bytes) {
  const uint32_t rc = rc_bit_of(row.form, row.flags), oe = oe_bit_of(row.flags);
  const Forms& f = vec_bytes == 32 ? kForms<32>[size_t(row.id)] : kForms<16>[size_t(row.id)];
  return f.fn[((w & rc) ? 1 : 0) | ((w & oe) ? 2 : 0)];
}

}  // namespace

ThreadedFn threaded_exec(const isa::InsnRow& row, uint32_t word, uint32_t pc, unsigned vec_bytes) {
  pc &= ~3u;
  if (ThreadedFn f = branch_form(row.id, word, pc)) return f;
  if (ThreadedFn f = memory_form(row.id, word, vec_bytes)) return f;
  if (ThreadedFn f = alu_form(row.id, word)) return f;
  if (ThreadedFn f = vector_form(row.id, word, vec_bytes)) return f;
  return generic_form(row, word, vec_bytes);
}

isa::ExecFn plain_exec(const Decoded& d) {
  return d.id == isa::InsnId::Invalid ? &illegal_exec : isa::row(d.id).exec;
}

Status threaded_decode(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  e = &h.core().dcache().fill(threaded_pc(e, key));
  PIMNIC_TAIL_RETURN e->fn(h, e, key, rem);
}

Status threaded_page_end(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  h.pc = threaded_pc(e, key);  // the first instruction of the next page
  PIMNIC_TAIL_RETURN jump_to<false>(h, e, key, rem);
}

Status threaded_illegal(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  PIMNIC_TAIL_RETURN general<&illegal_exec>(h, e, key, rem);
}

}  // namespace pimnic
