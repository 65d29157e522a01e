#include "trace/tracer.h"

#include <algorithm>

#include "cpu/core.h"
#include "sim/run_control.h"
#include "trace/binary_sink.h"
#include "trace/output_stream.h"

namespace pimnic::trace {

Tracer::Tracer(TraceContext ctx) : ctx_(ctx) {}
Tracer::~Tracer() = default;

void Tracer::add(std::unique_ptr<TraceSink> sink, TraceFilter filter) {
  filter.resolve(ctx_.symbols);
  any_wants_rejected_ |= sink->wants_rejected();
  any_cycle_window_ |= filter.cycles_lo != 0 || filter.cycles_hi != TraceFilter::kNoLimit;
  const bool rejected = sink->wants_rejected();
  sink->describe_bit = uint16_t(1u << sinks_.size());
  all_accept_ = sinks_.empty() && !rejected && filter.pcs.empty() && filter.node < 0 && filter.core < 0 &&
                filter.thread < 0 && filter.insts_lo == 0 && filter.insts_hi == TraceFilter::kNoLimit &&
                filter.cycles_lo == 0 && filter.cycles_hi == TraceFilter::kNoLimit;
  sinks_.push_back({std::move(sink), std::move(filter), rejected});
  nsinks_ = sinks_.size();
  direct_ = all_accept_ ? dynamic_cast<BinarySink*>(sinks_.front().sink.get()) : nullptr;
}

Tracer::HartState& Tracer::state(Hart& h) {
  HartState& hs = harts_[&h];
  if (!hs.insns) {
    hs.insns = std::make_unique<InsnInfoCache>(h.core().decoder(), ctx_.symbols);
    hs.stepper = std::make_unique<HartStepper>();
  }
  return hs;
}

uint64_t Tracer::skippable(const Hart& h, HartState& hs) const {
  // The next record's icount is h.icount + 1.
  uint64_t first = ~0ull, recheck = ~0ull;
  bool all_done = true;
  for (const Entry& e : sinks_) {
    const TraceFilter& f = e.filter;
    if (h.icount >= f.insts_hi || (any_cycle_window_ && h.cycles() > f.cycles_hi)) continue;
    all_done = false;
    first = std::min(first, f.insts_lo);
    recheck = std::min(recheck, f.insts_hi);
  }
  if (all_done) return ~0ull;
  hs.recheck_icount = any_cycle_window_ ? h.icount + 1 : recheck;
  return first > h.icount + 1 ? first - 1 - h.icount : 0;
}

// The record of the instruction the stepper just executed, to the sinks. rec_'s where-fields,
// exec, hart and insns were set by run() for this hart.
inline void Tracer::emit(Hart& h, HartState& hs, InsnInfoCache& insns) {
  const ExecRecord& e = exec_;
  TraceRecord& r = rec_;
  const bool before = e.pc != hs.expected_pc;  // an interrupt was taken before the instruction
  hs.expected_pc = e.next_pc;
  r.cycle = h.cycles();
  r.icount = h.icount;
  r.pc = e.pc;
  r.word = e.word;
  r.interrupted = e.interrupted;
  r.interrupt = e.interrupt;
  r.mark = hs.has_mark ? &hs.mark : nullptr;
  hs.has_mark = false;
  if (ordered_) r.time = h.core().clock().ticks(r.cycle);
  if (all_accept_ && !e.interrupted) [[likely]] {  // one sink that wants everything: no filter
    r.fetched = true;
    const InsnInfo& info = insns.get(e.pc, e.word, e.id);
    r.keys = info.dst;
    r.nkeys = info.ndst;
    deliver(0, info, true);
    return;
  }
  r.fetched = !(e.interrupted && e.interrupt == Interrupt::InstructionStorage && e.id == isa::InsnId::Invalid &&
                e.word == 0);
  bool accepted[16];
  const size_t n = nsinks_;
  if (all_accept_) {
    accepted[0] = true;
  } else {
    bool any = false;
    for (size_t i = 0; i < n; ++i) {
      accepted[i] = sinks_[i].filter.accepts(r);
      any |= accepted[i] | sinks_[i].wants_rejected;
    }
    if (!any) return;
  }
  const InsnInfo& info = r.fetched ? insns.get(e.pc, e.word, e.id) : no_insn_;
  if (!r.interrupted) {
    r.keys = info.dst;
    r.nkeys = info.ndst;
  } else {
    collect_keys(info, !before);
  }
  for (size_t i = 0; i < n; ++i)
    if (accepted[i] || sinks_[i].wants_rejected) deliver(i, info, accepted[i]);
}

inline void Tracer::deliver(size_t i, const InsnInfo& info, bool accepted) {
  TraceSink& sink = *sinks_[i].sink;
  if (ordered_ && accepted) [[unlikely]]
    if (OutputStream* out = sink.stream(); out && out->lanes()) out->begin_record(rec_.context, rec_.time);
  sink.record(rec_, info, accepted);
}

void Tracer::note_mark(const Hart& h, const TraceMark& mark) {
  HartState& hs = state(const_cast<Hart&>(h));
  hs.mark = mark;
  hs.has_mark = true;
}

// rec_'s where-fields for h's records until the next call.
void Tracer::set_where(Hart& h, HartState& hs, unsigned core) {
  TraceRecord& r = rec_;
  r.node = ctx_.node;
  r.core = uint8_t(core);
  r.thread = uint8_t(h.index());
  r.context = uint32_t(ctx_.node) << 16 | (core & 0xFF) << 8 | (h.index() & 0xFF);
  r.exec = &exec_;
  r.hart = &h;
  r.insns = hs.insns.get();
}

void Tracer::observe(Hart& h, const ExecRecord& rec, unsigned core) {
  HartState& hs = state(h);
  set_where(h, hs, core);
  if (!hs.stepping) {
    for (Entry& e : sinks_) e.sink->start(h);
    hs.expected_pc = rec.pc;
    hs.stepping = true;
  }
  if (rec.status == Status::Stop && rec.id == isa::InsnId::Invalid && !rec.interrupted) return;
  exec_ = rec;
  emit(h, hs, *hs.insns);
}

StopReason Tracer::run(Hart& h, uint64_t budget, unsigned core, uint64_t until_cycle) {
  HartState& hs = state(h);
  hs.recheck_icount = 0;
  // This hart's records until run() returns.
  TraceRecord& r = rec_;
  set_where(h, hs, core);
  HartStepper& stepper = *hs.stepper;
  InsnInfoCache& insns = *hs.insns;
  BinarySink* const direct = ordered_ ? nullptr : direct_;  // (a merged stream takes records one by one)
  uint64_t recheck = hs.recheck_icount;
  while (budget && h.cycles() < until_cycle) {
    // A traced instruction costs hundreds of host instructions: look for a stop request
    // (SIGINT/SIGTERM) now and then within the slice rather than only after it.
    if ((budget & 0xFFF) == 0 && stop_requested()) [[unlikely]]
      return StopReason::SliceEnd;
    if (h.icount >= recheck) [[unlikely]] {
      if (uint64_t skip = skippable(h, hs)) {
        const uint64_t before = h.icount;
        StopReason why = h.run(std::min(skip, budget));
        budget -= std::min(budget, std::max<uint64_t>(h.icount - before, 1));
        hs.stepping = false;
        hs.recheck_icount = 0;
        recheck = 0;
        if (why != StopReason::SliceEnd) return why;
        continue;
      }
      recheck = hs.recheck_icount;
    }
    if (!hs.stepping) [[unlikely]] {
      for (Entry& e : sinks_) e.sink->start(h);
      hs.expected_pc = h.pc;
      stepper.restart();
      hs.stepping = true;
    }
    StopReason why = stepper.step(h, exec_);
    --budget;
    // A thread blocked on a full/empty bit did not retire: its line comes when it does.
    if (why == StopReason::Blocked) [[unlikely]] return why;
    const ExecRecord& e = exec_;
    if (e.status == Status::Stop && e.id == isa::InsnId::Invalid && !e.interrupted) [[unlikely]] {
      // step() stopped before executing anything (e.g. a halted core): nothing to trace.
    } else if (direct && !e.interrupted && !hs.has_mark) [[likely]] {
      hs.expected_pc = e.next_pc;
      direct->record_direct(r, e, insns.get(e.pc, e.word, e.id));
    } else {
      emit(h, hs, insns);
    }
    if (why != StopReason::None) [[unlikely]] return why;
  }
  return StopReason::SliceEnd;
}

// The registers an interrupted instruction wrote, then those its interrupt wrote. An
// instruction that raised an interrupt did not complete, except under Linux where system calls
// and alignment fix-ups complete it.
void Tracer::collect_keys(const InsnInfo& info, bool raised) {
  TraceRecord& r = rec_;
  unsigned n = 0;
  auto add = [&](RegKey k) {
    for (unsigned i = 0; i < n; ++i)
      if (keys_[i] == k) return;
    keys_[n++] = k;
  };
  const bool completed = !raised || (ctx_.linux_user && r.interrupt == Interrupt::Alignment);
  if (r.fetched && completed)
    for (unsigned i = 0; i < info.ndst; ++i) add(info.dst[i]);
  if (ctx_.linux_user) {
    if (r.interrupt == Interrupt::SystemCall) {
      add(RegKey(KEY_GPR0 + 3));
      add(KEY_CR0);
    }
  } else {
    add(KEY_SRR0);
    add(KEY_SRR1);
    add(KEY_MSR);
    if (r.interrupt == Interrupt::Storage || r.interrupt == Interrupt::Alignment) {
      add(KEY_DAR);
      add(KEY_DSISR);
    }
  }
  r.keys = keys_;
  r.nkeys = uint8_t(n);
}

void Tracer::finish() {
  for (Entry& e : sinks_) e.sink->finish();
}

}  // namespace pimnic::trace
