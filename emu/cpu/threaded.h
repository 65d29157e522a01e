// Building blocks of the threaded executors (cpu/dispatch*.cpp), see cpu/dispatch.h.
//
// A threaded function gets the hart, its entry e, the page key (so that threaded_pc(e, key) is the
// instruction's address, computed only when needed) and rem, the instructions left before
// icount_limit (>= 1 on entry). Hart::pc and Hart::icount are only written when an instruction
// needs them (general kind, interrupts) and when the chain returns to Hart::run.
#pragma once
#include "cpu/core.h"
#include "cpu/dispatch.h"
#include "cpu/hart.h"
#include "isa/exec_decls.h"
#include "isa/fields.h"

// A guaranteed tail call where the compiler offers one; elsewhere the chain is never entered.
#if PIMNIC_THREADED_DISPATCH
#define PIMNIC_TAIL_RETURN [[clang::musttail]] return
#else
#define PIMNIC_TAIL_RETURN return
#endif

// The instruction retired; run entry e next, or return to Hart::run when the budget is spent.
#define PIMNIC_NEXT(h, e, key, rem)                                                      \
  do {                                                                                   \
    if (--(rem) == 0) [[unlikely]] return ::pimnic::threaded::budget_spent(h, e, key);   \
    PIMNIC_TAIL_RETURN(e)->fn(h, e, key, rem);                                           \
  } while (0)

namespace pimnic::threaded {

using isa::ExecFn;
using isa::Status;

inline Status budget_spent(Hart& h, const Decoded* e, uint32_t key) {
  h.pc = threaded_pc(e, key);
  h.icount = h.icount_limit;
  return Status::Ok;
}

// The instruction count before the current instruction.
inline uint64_t retired(const Hart& h, int64_t rem) { return h.icount_limit - uint64_t(rem); }

// The word with the bits in M replaced by V: the same word (the decoder checked that its bits in M
// are V), but the compiler now knows those bits and folds the executor's tests of them.
template <uint32_t M, uint32_t V> inline uint32_t known(uint32_t w) { return (w & ~M) | V; }

// Continue at h.pc, which an instruction set outside this page. Returns to Hart::run when the
// target is not in RAM or (kMayEnableIrq: the instruction could have changed MSR or a device
// input) an interrupt has become deliverable.
template <bool kMayEnableIrq>
Status jump_to(Hart& h, const Decoded*, uint32_t, int64_t rem) {
  if (kMayEnableIrq && (h.msr & MSR_EE) && (h.external_irq || h.dec_pending)) [[unlikely]] {
    h.icount = retired(h, rem);
    return Status::Jump;
  }
  DecodedPage* page = h.core().dcache().page(h.pc);
  if (!page) [[unlikely]] {
    h.icount = retired(h, rem);
    return Status::Jump;  // Hart::run raises the instruction storage interrupt
  }
  const Decoded* e = &page->e[(h.pc & (kPageSize - 1)) >> 2];
  PIMNIC_TAIL_RETURN e->fn(h, e, threaded_key(*page), rem);
}

// Anything that may fault, read the time or pc, touch devices (which may end the slice) or change
// MSR: pc and icount are exact while it runs, and the budget is read again afterwards.
template <ExecFn F>
Status general(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  h.pc = threaded_pc(e, key);
  uint64_t n = retired(h, rem);
  h.icount = n;
  const Status s = F(h, e->word);
  h.icount = ++n;
  rem = int64_t(h.icount_limit - n);
  if (s == Status::Ok) [[likely]] {
    ++e;
    if (rem <= 0) [[unlikely]] {
      h.pc = threaded_pc(e, key);
      return Status::Ok;
    }
    PIMNIC_TAIL_RETURN e->fn(h, e, key, rem);
  }
  if (s != Status::Jump || rem <= 0) return s;  // Hart::run resumes at h.pc
  PIMNIC_TAIL_RETURN jump_to<true>(h, e, key, rem);
}

// Integer and CR arithmetic: never faults, reads no pc, time or devices. M/V: bits of the word
// known at decode time (see known()).
template <ExecFn F, uint32_t M = 0, uint32_t V = 0>
Status pure(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  F(h, known<M, V>(e->word));
  ++e;
  PIMNIC_NEXT(h, e, key, rem);
}

// Like pure when MSR has Msr (FP or vector instructions that cannot fault once their unit is
// available); else the general path raises the unavailable interrupt.
template <ExecFn F, uint32_t Msr, uint32_t M = 0, uint32_t V = 0>
Status guarded(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  if (!(h.msr & Msr)) [[unlikely]] PIMNIC_TAIL_RETURN general<F>(h, e, key, rem);
  F(h, known<M, V>(e->word));
  ++e;
  PIMNIC_NEXT(h, e, key, rem);
}

// Vector instructions: as guarded, on a core W bytes wide: the width is then a known constant in
// the executor, and its loops over 16-byte chunks unroll.
template <ExecFn F, unsigned W, uint32_t M = 0, uint32_t V = 0>
Status vector(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  if (!(h.msr & MSR_VEC) || h.vec_bytes() != W) [[unlikely]]
    PIMNIC_TAIL_RETURN general<F>(h, e, key, rem);
  F(h, known<M, V>(e->word));
  ++e;
  PIMNIC_NEXT(h, e, key, rem);
}

// A taken branch to target: the entry in this page, or a lookup.
#define PIMNIC_BRANCH_TO(h, e, key, rem, pc, target)                                 \
  do {                                                                               \
    const uint32_t t_ = (target);                                                    \
    if ((((pc) ^ t_) & ~(kPageSize - 1)) == 0) [[likely]] {                          \
      (e) += int32_t(t_ - (pc)) >> 2;                                                \
      PIMNIC_NEXT(h, e, key, rem);                                                   \
    }                                                                                \
    (h).pc = t_;                                                                     \
    if (--(rem) == 0) [[unlikely]] {                                                 \
      (h).icount = (h).icount_limit;                                                 \
      return Status::Ok;                                                             \
    }                                                                                \
    PIMNIC_TAIL_RETURN ::pimnic::threaded::jump_to<false>(h, e, key, rem);           \
  } while (0)

// Branches in general (forms without a specialised function): read pc; cannot enable interrupts.
template <ExecFn F>
Status branch(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t pc = threaded_pc(e, key);
  h.pc = pc;
  h.icount = retired(h, rem);  // an invalid form raises an interrupt
  const Status s = F(h, e->word);
  if (s == Status::Ok) {
    ++e;
    PIMNIC_NEXT(h, e, key, rem);
  }
  if (s != Status::Jump) [[unlikely]] {
    ++h.icount;
    return s;
  }
  PIMNIC_BRANCH_TO(h, e, key, rem, pc, h.pc);
}

}  // namespace pimnic::threaded
