#include "cpu/dispatch.h"

#include "cpu/core.h"
#include "cpu/hart.h"
#include "isa/exec_decls.h"

// A guaranteed tail call where the compiler offers one; elsewhere the chain is never entered.
#if PIMNIC_THREADED_DISPATCH
#define PIMNIC_TAIL_RETURN [[clang::musttail]] return
#else
#define PIMNIC_TAIL_RETURN return
#endif

namespace pimnic {

using isa::Status;

namespace {

// Where a jump lands: the entry for pc, or null when the chain must return to Hart::run (the target
// is not in RAM, or the instruction may have made an interrupt deliverable — branches cannot).
template <bool kMayEnableIrq>
[[gnu::noinline]] const Decoded* jump_entry(Hart& h, uint32_t pc) {
  if (kMayEnableIrq && (h.msr & MSR_EE) && (h.external_irq || h.dec_pending)) return nullptr;
  DecodedPage* page = h.core().dcache().page(pc);
  return page ? &page->e[(pc & (kPageSize - 1)) >> 2] : nullptr;
}

Status illegal_exec(Hart& h, uint32_t) { return h.raise_illegal(); }

// How much of the hart's bookkeeping an instruction needs before and after it runs.
enum class Kind {
  Pure,     // integer/CR arithmetic: never faults, reads no pc, time or devices
  Branch,   // reads pc; cannot fault except as an invalid form; cannot enable interrupts
  General,  // may fault, read time, touch devices (which may end the slice) or change MSR
};

template <isa::ExecFn F, Kind K>
Status threaded(Hart& h, const Decoded* e, uint32_t pc, uint64_t n, uint64_t limit) {
  if constexpr (K != Kind::Pure) {
    h.pc = pc;
    h.icount = n;
  }
  Status s = F(h, e->word);
  ++n;
  if constexpr (K == Kind::General) {
    h.icount = n;
    limit = h.icount_limit;  // a device or the instruction may have ended the slice
  }
  if (s == Status::Ok) [[likely]] {
    pc += 4;
    ++e;
  } else if (s == Status::Jump) {
    uint32_t target = h.pc;
    if (K == Kind::Branch && ((target ^ pc) & ~(kPageSize - 1)) == 0) {
      e += int32_t(target - pc) / 4;  // a branch within the page: no lookup
    } else {
      h.icount = n;
      e = jump_entry<K != Kind::Branch>(h, target);
      if (!e) [[unlikely]] return Status::Jump;
    }
    pc = target;
  } else {
    h.icount = n;
    return s;
  }
  if (n >= limit) [[unlikely]] {
    h.pc = pc;
    h.icount = n;
    return Status::Ok;
  }
  PIMNIC_TAIL_RETURN e->fn(h, e, pc, n, limit);
}

using namespace isa;  // the row flags and classes

constexpr Kind kind_of(OpClass cls, uint32_t flags) {
  constexpr uint32_t kNotPure = F_PRIV | F_SERIALIZE | F_LOAD | F_STORE | F_MSR | F_BRANCH;
  bool arith = cls == OpClass::IntAlu || cls == OpClass::IntMul || cls == OpClass::IntDiv ||
               cls == OpClass::IntMac || cls == OpClass::CrLogic;
  if (arith && !(flags & kNotPure)) return Kind::Pure;
  if ((flags & (F_BRANCH | F_MSR | F_PRIV)) == F_BRANCH) return Kind::Branch;
  return Kind::General;
}

#define INSN(ident, mnem, pat, form, cls, feat, flags, ...) \
  &threaded<&exec_##ident, kind_of(OpClass::cls, flags)>,
const ThreadedFn kThreaded[] = {
#include "isa/rows.inc"
};
#undef INSN

}  // namespace

ThreadedFn threaded_exec(isa::InsnId id) { return kThreaded[size_t(id)]; }

isa::ExecFn plain_exec(const Decoded& d) {
  return d.id == isa::InsnId::Invalid ? &illegal_exec : isa::row(d.id).exec;
}

Status threaded_decode(Hart& h, const Decoded* e, uint32_t pc, uint64_t n, uint64_t limit) {
  e = &h.core().dcache().fill(pc);
  PIMNIC_TAIL_RETURN e->fn(h, e, pc, n, limit);
}

Status threaded_page_end(Hart& h, const Decoded*, uint32_t pc, uint64_t n, uint64_t limit) {
  DecodedPage* page = h.core().dcache().page(pc);
  if (!page) {
    h.pc = pc;
    h.icount = n;
    return Status::Jump;  // Hart::run raises the instruction storage interrupt
  }
  const Decoded* e = &page->e[(pc & (kPageSize - 1)) >> 2];
  PIMNIC_TAIL_RETURN e->fn(h, e, pc, n, limit);
}

Status threaded_illegal(Hart& h, const Decoded* e, uint32_t pc, uint64_t n, uint64_t limit) {
  return threaded<&illegal_exec, Kind::General>(h, e, pc, n, limit);
}

}  // namespace pimnic
