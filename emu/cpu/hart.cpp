#include "cpu/hart.h"

#include <algorithm>
#include <cstring>

#include "cpu/core.h"
#include "cpu/decode_cache.h"
#include "cpu/dispatch.h"
#include "cpu/hart_step.h"

namespace pimnic {

Hart::Hart(Core& core, unsigned index)
    : core_(core),
      mem_(&core.mem()),
      dcache_(&core.dcache()),
      index_(index),
      vec_bytes_(core.config().vec_bytes) {
  pvr = core.config().pvr;
  pir = core.config().pir + index;
  tb_divider = core.config().tb_divider;
  dec_written = 0xFFFFFFFFu;  // DEC after reset: no 0 -> -1 passage for 2^32 ticks
  mem_->add_listener(this);
}

Hart::~Hart() { mem_->remove_listener(this); }

// ---- running ---------------------------------------------------------------------------------

// Wait state (MSR[POW], which is MSR[WE] on the 440): no instruction retires until an interrupt
// is taken (taking it clears POW). Lets time pass to the next decrementer event, at most
// max_cycles, and returns the cycles skipped. With MSR[EE]=0 no interrupt can wake the hart: it
// stops with Halt. A wait asked for through a device (wake_on_irq) ends as soon as the external
// input is asserted, without an interrupt.
static uint64_t idle(Hart& h, uint64_t max_cycles) {
  if (h.wake_on_irq) {  // only the external input ends this wait, and it is not taken
    if (h.external_irq) {
      h.msr &= ~MSR_POW;
      h.wake_on_irq = false;
      return 0;
    }
    h.cycle_offset += max_cycles;
    return max_cycles;
  }
  if (!(h.msr & MSR_EE)) {
    h.stop_reason = StopReason::Halt;
    return 0;
  }
  uint64_t skip = std::min(std::max<uint64_t>(h.next_timer_icount() - h.icount, 1), max_cycles);
  h.cycle_offset += skip;
  return skip;
}

StopReason Hart::run(uint64_t max_insts) {
  stop_reason = StopReason::None;
  uint64_t end = icount + max_insts;
  while (stop_reason == StopReason::None) {
    if (icount >= end) {
      stop_reason = StopReason::SliceEnd;
      break;
    }
    poll_interrupts();
    if (stop_reason != StopReason::None) break;
    if (msr & MSR_POW) [[unlikely]] {
      end -= idle(*this, end - icount);  // idle cycles count against the budget
      continue;
    }
    // Leave the inner loop at the end of the budget or when the decrementer fires; run at least
    // one instruction per pass so that the loop always makes progress.
    icount_limit = std::max(icount + 1, std::min(end, next_timer_icount()));
    DecodedPage* page = dcache_->page(pc);
    if (!page) [[unlikely]] {
      if (raise({Interrupt::InstructionStorage, pc, SRR1_ISI_NOT_MAPPED}) == Status::Stop) break;
      continue;
    }
    const Decoded* e = &page->e[(pc & (kPageSize - 1)) >> 2];
#if PIMNIC_THREADED_DISPATCH
    // The chain of threaded executors runs until icount_limit, a stop, or a jump it cannot follow.
    if (e->fn(*this, e, threaded_key(*page), int64_t(icount_limit - icount)) == Status::Stop &&
        stop_reason == StopReason::None)
      stop_reason = StopReason::Fault;
#else
    run_loop(page, e);
#endif
  }
  return stop_reason;
}

#if !PIMNIC_THREADED_DISPATCH
// The dispatcher for compilers without guaranteed tail calls: a loop over the same entries.
void Hart::run_loop(DecodedPage* page, const Decoded* e) {
  const Decoded* page_end = page->e + DecodedPage::kEntries;
  for (;;) {
    if (e->fn == &threaded_decode) e = &dcache_->fill(pc);
    Status s = plain_exec(*e)(*this, e->word);
    ++icount;
    if (s == Status::Ok) [[likely]] {
      pc += 4;
      if (++e == page_end) [[unlikely]] return;
    } else if (s == Status::Jump) {
      if ((msr & MSR_EE) && (external_irq || dec_pending)) [[unlikely]] return;
      page = dcache_->page(pc);
      if (!page) [[unlikely]] return;
      e = &page->e[(pc & (kPageSize - 1)) >> 2];
      page_end = page->e + DecodedPage::kEntries;
    } else {
      if (stop_reason == StopReason::None) stop_reason = StopReason::Fault;
      return;
    }
    if (icount >= icount_limit) [[unlikely]] return;
  }
}
#endif

StopReason Hart::step(ExecRecord& r, bool poll) {
  begin_record(r);  // (rec set: an interrupt taken before the instruction is recorded too)
  if (poll) poll_interrupts();
  if ((msr & MSR_POW) && stop_reason == StopReason::None) [[unlikely]] {
    // The whole wait in one step, up to the machine's next event (a device may wake the hart).
    idle(*this, horizon_cycle > cycles() ? horizon_cycle - cycles() : 1);
    poll_interrupts();
    if ((msr & MSR_POW) && stop_reason == StopReason::None) stop_reason = StopReason::SliceEnd;
  }
  if (stop_reason != StopReason::None) [[unlikely]] {
    rec = nullptr;
    r.id = isa::InsnId::Invalid;
    r.status = Status::Stop;
    r.next_pc = pc;
    return stop_reason;
  }
  if (pc != r.pc) {  // an interrupt was taken before the instruction
    r.interrupted = true;
    r.pc = pc;
  }
  return step_exec(r);
}

// ---- time and interrupts ---------------------------------------------------------------------
// DEC counts time-base ticks (tb_ticks, without tb_offset); dec_written_tb and dec_seen_tb are
// tick counts. DEC requests an interrupt each time it passes from 0 to -1 (bit 0 goes 0 -> 1):
// dec_written + 1 ticks after the write, then every 2^32 ticks. The request stays pending until
// the interrupt is taken; requests that arrive meanwhile merge into it.

uint32_t Hart::decrementer() const {
  return uint32_t(dec_written - uint32_t(tb_ticks() - dec_written_tb));
}

// Latch a 0 -> -1 passage that happened since the last one; returns the tick of the next passage.
static uint64_t latch_decrementer(Hart& h) {
  const uint64_t now = h.tb_ticks();
  const uint64_t first = h.dec_written_tb + uint64_t(h.dec_written) + 1;
  if (now < first) return first;
  const uint64_t last = first + ((now - first) & ~0xFFFFFFFFull);
  if (last > h.dec_seen_tb) {
    h.dec_pending = true;
    h.dec_seen_tb = last;
  }
  return last + (1ull << 32);
}

void Hart::write_decrementer(uint32_t v) {
  latch_decrementer(*this);  // a passage before this write still counts
  uint32_t old = decrementer();
  dec_written = v;
  dec_written_tb = tb_ticks();
  // Software changing bit 0 from 0 to 1 requests an interrupt too (e.g. mtdec -1).
  if (!(old >> 31) && (v >> 31)) dec_pending = true;
}

uint64_t Hart::next_timer_icount() {
  uint64_t next_tick = latch_decrementer(*this);
  if (dec_pending && (msr & MSR_EE)) return icount;  // deliverable now
  uint64_t at = next_tick * tb_divider;  // first cycle of that tick
  uint64_t now = cycles();
  return icount + (at > now ? at - now : 1);
}

bool Hart::poll_interrupts() {
  latch_decrementer(*this);
  if (!(msr & MSR_EE)) return false;
  Interrupt kind;
  if (external_irq) {
    kind = Interrupt::External;  // a level: the device keeps it up until the handler clears it
  } else if (dec_pending) {
    dec_pending = false;
    kind = Interrupt::Decrementer;
  } else {
    return false;
  }
  if (raise({kind, pc}) == Status::Stop && stop_reason == StopReason::None)
    stop_reason = StopReason::Fault;
  return true;
}

Status Hart::raise(const InterruptInfo& info) {
  clear_reservation();
  if (rec) {
    rec->interrupted = true;
    rec->interrupt = info.kind;
  }
  if (env_) return env_->interrupt(*this, info);
  return deliver_interrupt(*this, info);
}

// ---- memory slow paths -----------------------------------------------------------------------

void Hart::flush_tlb() {
  for (TlbEntry& e : tlb_) e = TlbEntry{};
  tlb_used_ = false;
}

void Hart::drop_fast_mapping(uint32_t page_addr) {
  if (page_addr == ~0u) return flush_tlb();
  TlbEntry& e = tlb_[tlb_slot(page_addr)];
  if ((e.read_tag & ~kRecTag) == page_addr || (e.write_tag & ~kRecTag) == page_addr) e = TlbEntry{};
}

void Hart::code_page_written(uint32_t) {}

void Hart::set_reservation(uint32_t ea) {
  clear_reservation();
  reserve_valid = true;
  reserve_addr = ea;
  mem_->add_reservation_page(ea);
}

bool Hart::take_reservation(uint32_t ea) {
  bool ok = reserve_valid && reserve_addr == ea;
  clear_reservation();
  return ok;
}

void Hart::clear_reservation() {
  if (!reserve_valid) return;
  reserve_valid = false;
  mem_->remove_reservation_page(reserve_addr);
}

void Hart::reserved_page_written(uint32_t addr, uint32_t len, const void* writer) {
  if (!reserve_valid || writer == this) return;
  uint32_t granule = reserve_addr & ~31u;
  if (uint64_t(addr) < uint64_t(granule) + 32 && uint64_t(addr) + len > granule) clear_reservation();
}

// While recording, the entry gets the recording tags (see rec_read_at).
void Hart::tlb_fill(uint32_t ea, const Region& r) {
  if (!r.host) return;
  uint32_t page = ea & ~(kPageSize - 1);
  if (page < r.base || uint64_t(page) + kPageSize > uint64_t(r.base) + r.size) return;
  TlbEntry& e = tlb_[tlb_slot(ea)];
  // Watched pages stay on the slow path, which checks each access (see AccessWatcher).
  bool watch_reads = watcher && watcher->watches_page(page, false);
  bool watch_writes = watcher && watcher->watches_page(page, true);
  const uint32_t tag = rec ? page | kRecTag : page;
  e.read_tag = watch_reads ? 1 : tag;
  e.write_tag = mem_->is_slow_write_page(page) || watch_writes ? 1 : tag;
  e.host_base = reinterpret_cast<uintptr_t>(r.host) - r.base;
  if (!rec) tlb_used_ = true;
}

void Hart::record_access(uint32_t ea, unsigned size, bool write, bool mmio, const uint8_t* bytes) {
  if (rec->nmem >= ExecRecord::kMaxAccesses) {
    rec->mem_overflow = true;
    return;
  }
  MemAccess& m = rec->mem[rec->nmem++];
  m.addr = ea;
  m.size = uint8_t(size);
  m.write = write;
  m.mmio = mmio;
  std::memcpy(m.data, bytes, std::min<unsigned>(size, sizeof m.data));
}

bool Hart::data_fault(uint32_t ea, bool write) {
  mem_status = raise({Interrupt::Storage, pc, 0, ea, DSISR_NOT_MAPPED | (write ? DSISR_STORE : 0)});
  return false;
}

bool Hart::alignment_fault(uint32_t ea, bool write) {
  mem_status = raise({Interrupt::Alignment, pc, 0, ea, write ? DSISR_STORE : 0});
  return false;
}

// A debugger watchpoint covers this access: stop before it, with no effect.
static bool watch_stop(Hart& h, uint32_t ea, unsigned len, bool write) {
  if (!h.watcher->hit(h, ea, len, write)) return false;
  h.stop_reason = StopReason::Watchpoint;
  h.mem_status = Status::Stop;
  return true;
}

MmioAccess Hart::mmio_access() {
  return {core_.device_time(cycles()), mmio_initiator(core_.config().pir, index_), this};
}

bool Hart::read_slow(uint32_t ea, unsigned size, uint64_t& v) {
  const Region* r = mem_->find(ea);
  if (r && r->device) {
    if (watcher && watch_stop(*this, ea, size, false)) return false;
    if (cycles() < device_after) cycle_offset += device_after - cycles();
    if (uint64_t(ea - r->base) + size > r->size || !r->device->read(ea - r->base, size, v, mmio_access()))
      return data_fault(ea, false);
    if (rec) {
      uint8_t b[8];
      for (unsigned i = 0; i < size; ++i) b[i] = uint8_t(v >> (8 * (size - 1 - i)));
      record_access(ea, size, false, true, b);
    }
    return true;
  }
  uint8_t b[8];
  if (!read_block(ea, b, size)) return false;
  v = 0;
  for (unsigned i = 0; i < size; ++i) v = v << 8 | b[i];
  return true;
}

bool Hart::write_slow(uint32_t ea, unsigned size, uint64_t v) {
  const Region* r = mem_->find(ea);
  if (r && r->device) {
    if (watcher && watch_stop(*this, ea, size, true)) return false;
    if (cycles() < device_after) cycle_offset += device_after - cycles();
    if (uint64_t(ea - r->base) + size > r->size || !r->device->write(ea - r->base, size, v, mmio_access()))
      return data_fault(ea, true);
    if (rec) {
      uint8_t b[8];
      for (unsigned i = 0; i < size; ++i) b[i] = uint8_t(v >> (8 * (size - 1 - i)));
      record_access(ea, size, true, true, b);
    }
    return true;
  }
  uint8_t b[8];
  for (unsigned i = 0; i < size; ++i) b[i] = uint8_t(v >> (8 * (size - 1 - i)));
  return write_block(ea, b, size);
}

bool Hart::read_block(uint32_t ea, uint8_t* dst, unsigned len) {
  const uint8_t* p;
  if (rec_read_at(ea, len, p)) {  // recording, RAM mapped (not watched)
    std::memcpy(dst, p, len);
    record_access(ea, len, false, false, dst);
    return true;
  }
  if (watcher && watch_stop(*this, ea, len, false)) return false;
  const Region* r = mem_->find(ea);
  if (!r || !r->host || uint64_t(ea - r->base) + len > r->size) {
    // Possibly split across regions: byte by byte through the general path.
    for (unsigned i = 0; i < len; ++i) {
      const Region* ri = mem_->find(ea + i);
      if (!ri || !ri->host) return data_fault(ea + i, false);
      dst[i] = ri->host[ea + i - ri->base];
    }
  } else {
    std::memcpy(dst, r->host + (ea - r->base), len);
    tlb_fill(ea, *r);
  }
  if (rec) record_access(ea, len, false, false, dst);
  return true;
}

bool Hart::write_block(uint32_t ea, const uint8_t* src, unsigned len) {
  uint8_t* p;
  if (rec_write_at(ea, len, p)) {  // recording, RAM mapped for stores: no code, no reservation
    std::memcpy(p, src, len);
    record_access(ea, len, true, false, src);
    return true;
  }
  if (watcher && watch_stop(*this, ea, len, true)) return false;
  const Region* r = mem_->find(ea);
  if (!r || !r->host || uint64_t(ea - r->base) + len > r->size) {
    for (unsigned i = 0; i < len; ++i) {
      const Region* ri = mem_->find(ea + i);
      if (!ri || !ri->host) return data_fault(ea + i, true);
    }
    for (unsigned i = 0; i < len; ++i) {
      const Region* ri = mem_->find(ea + i);
      ri->host[ea + i - ri->base] = src[i];
    }
  } else {
    std::memcpy(r->host + (ea - r->base), src, len);
    tlb_fill(ea, *r);
  }
  mem_->note_write(ea, len, this);
  if (rec) record_access(ea, len, true, false, src);
  return true;
}

}  // namespace pimnic
