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
    rec = nullptr;
    r.next_pc = pc;
    return stop_reason;
  }
  const Decoded* d = &page->e[(pc & (kPageSize - 1)) >> 2];
  if (d->fn == &threaded_decode) [[unlikely]] d = &dcache_->fill(pc);
  const isa::ExecFn fn = d->id != isa::InsnId::Invalid ? rows_[size_t(d->id)].exec : plain_exec(*d);
  return exec_known(r, fn, d->word, d->id);
}

// The decoded instruction at pc (word, id and its executor) into r.
[[gnu::always_inline]] inline StopReason Hart::exec_known(ExecRecord& r, isa::ExecFn fn, uint32_t word,
                                                          isa::InsnId id) {
  r.word = word;
  r.id = id;
  icount_limit = icount + 1;
  r.status = fn(*this, word);
  ++icount;
  if (r.status == Status::Ok) [[likely]] pc += 4;
  if (r.status == Status::Stop && stop_reason == StopReason::None) stop_reason = StopReason::Fault;
  rec = nullptr;
  r.next_pc = pc;
  return stop_reason;
}

// step(r, false), inline; step_nopoll_known for an instruction the caller knows to be at pc
// (decoded earlier, and the decode cache's generation unchanged since): no decode-cache lookup.
[[gnu::always_inline]] inline StopReason Hart::step_nopoll(ExecRecord& r) {
  if (msr & MSR_POW) [[unlikely]] return step(r, false);  // the wait state
  begin_record(r);
  return step_exec(r);
}

[[gnu::always_inline]] inline StopReason Hart::step_nopoll_known(ExecRecord& r, isa::ExecFn fn, uint32_t word,
                                                                 isa::InsnId id) {
  if (msr & MSR_POW) [[unlikely]] return step(r, false);
  begin_record(r);
  if (tlb_used_) flush_tlb();
  return exec_known(r, fn, word, id);
}

inline void Hart::begin_steps() {
  stop_reason = StopReason::None;
  if (tlb_used_) flush_tlb();  // (only an unrecorded access fills an entry that bypasses the record)
}

[[gnu::always_inline]] inline isa::Status Hart::step_lean(ExecRecord& r, isa::ExecFn fn, uint32_t word) {
  r.clear();
  rec = &r;
  const Status s = r.status = fn(*this, word);
  ++icount;
  if (s == Status::Ok) [[likely]] pc += 4;
  if (s == Status::Stop && stop_reason == StopReason::None) stop_reason = StopReason::Fault;
  return s;
}

inline uint64_t Hart::code_generation() const { return dcache_->generation(); }

[[gnu::always_inline]] inline void Hart::begin_record(ExecRecord& r) {
  stop_reason = StopReason::None;
  r.clear();
  r.pc = pc;
  rec = &r;
}

}  // namespace pimnic
