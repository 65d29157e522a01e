// The instruction-executing part of Hart::step(), inline for the loops that step one instruction
// at a time (cpu/hart_stepper.h): Hart::step() uses the same code out of line.
#pragma once
#include "cpu/decode_cache.h"
#include "cpu/dispatch.h"
#include "cpu/hart.h"

namespace pimnic {

// Execute the instruction at pc into r (r.pc set, rec pointing at r, no interrupt pending check).
[[gnu::always_inline]] inline StopReason Hart::step_exec(ExecRecord& r) {
  if (tlb_used_) flush_tlb();  // entries filled by run() would let accesses bypass the record
  DecodedPage* page = dcache_->page(pc);
  if (!page) [[unlikely]] {
    r.word = 0;
    r.id = isa::InsnId::Invalid;
    r.status = raise({Interrupt::InstructionStorage, pc, SRR1_ISI_NOT_MAPPED});
  } else {
    const Decoded* d = &page->e[(pc & (kPageSize - 1)) >> 2];
    if (d->fn == &threaded_decode) [[unlikely]] d = &dcache_->fill(pc);
    r.word = d->word;
    r.id = d->id;
    icount_limit = icount + 1;
    const isa::ExecFn fn = d->id != isa::InsnId::Invalid ? rows_[size_t(d->id)].exec : plain_exec(*d);
    r.status = fn(*this, d->word);
    ++icount;
    if (r.status == Status::Ok) [[likely]] pc += 4;
    if (r.status == Status::Stop && stop_reason == StopReason::None) stop_reason = StopReason::Fault;
  }
  rec = nullptr;
  r.next_pc = pc;
  return stop_reason;
}

// step(r, false), inline.
[[gnu::always_inline]] inline StopReason Hart::step_nopoll(ExecRecord& r) {
  if (msr & MSR_POW) [[unlikely]] return step(r, false);  // the wait state
  stop_reason = StopReason::None;
  r.clear();
  r.pc = pc;
  rec = &r;
  return step_exec(r);
}

}  // namespace pimnic
