#include "cpu/hart.h"

#include <algorithm>
#include <cstring>

#include "cpu/core.h"
#include "cpu/decode_cache.h"

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
  mem_->add_listener(this);
}

Hart::~Hart() { mem_->remove_listener(this); }

// ---- running ---------------------------------------------------------------------------------

StopReason Hart::run(uint64_t max_insts) {
  stop_reason = StopReason::None;
  const uint64_t end = icount + max_insts;
  while (stop_reason == StopReason::None) {
    if (icount >= end) {
      stop_reason = StopReason::SliceEnd;
      break;
    }
    poll_interrupts();
    // Leave the inner loop at the end of the budget or when the decrementer fires.
    icount_limit = std::min(end, next_timer_icount());
    if (icount >= icount_limit) continue;  // the timer fired exactly now: poll again
    DecodedPage* page = dcache_->page(pc);
    if (!page) [[unlikely]] {
      if (raise({Interrupt::InstructionStorage, pc, SRR1_ISI_NOT_MAPPED}) == Status::Stop) break;
      continue;
    }
    Decoded* e = &page->e[(pc & (kPageSize - 1)) >> 2];
    Decoded* const page_end = page->e + DecodedPage::kEntries;
    for (;;) {
      Status s = e->fn(*this, e->word);
      ++icount;
      if (s != Status::Ok) [[unlikely]] {
        if (s == Status::Stop && stop_reason == StopReason::None) stop_reason = StopReason::Fault;
        break;
      }
      pc += 4;
      if (icount >= icount_limit || ++e == page_end) [[unlikely]] break;
    }
  }
  return stop_reason;
}

StopReason Hart::step(ExecRecord& r) {
  stop_reason = StopReason::None;
  r.clear();
  r.pc = pc;
  poll_interrupts();
  if (pc != r.pc) {  // an interrupt was taken before the instruction
    r.interrupted = true;
    r.pc = pc;
  }
  rec = &r;
  flush_tlb();  // every access takes the recording slow path while rec is set
  DecodedPage* page = dcache_->page(pc);
  if (!page) {
    r.word = 0;
    r.id = isa::InsnId::Invalid;
    r.status = raise({Interrupt::InstructionStorage, pc, SRR1_ISI_NOT_MAPPED});
  } else {
    const Decoded* d = &page->e[(pc & (kPageSize - 1)) >> 2];
    if (d->fn == &DecodeCache::decode_stub) d = &dcache_->fill(pc);
    r.word = d->word;
    r.id = d->id;
    icount_limit = icount + 1;
    r.status = d->fn(*this, d->word);
    ++icount;
    if (r.status == Status::Ok) pc += 4;
    if (r.status == Status::Stop && stop_reason == StopReason::None) stop_reason = StopReason::Fault;
  }
  rec = nullptr;
  r.next_pc = pc;
  return stop_reason;
}

// ---- time and interrupts ---------------------------------------------------------------------

uint32_t Hart::decrementer() const {
  return uint32_t(dec_written - uint32_t(timebase() - dec_written_tb));
}

uint64_t Hart::next_timer_icount() {
  // DEC requests an interrupt when it passes from 0 to -1: dec_written + 1 ticks after the write,
  // then every 2^32 ticks.
  uint64_t fire_tb = dec_written_tb + uint64_t(dec_written) + 1;
  uint64_t tb_now = timebase();
  while (fire_tb <= tb_now && !dec_pending) {
    if (fire_tb > dec_seen_tb) {
      dec_pending = true;
      dec_seen_tb = fire_tb;
    }
    fire_tb += 1ull << 32;
  }
  if (dec_pending && (msr & MSR_EE)) return icount;  // deliverable now
  if (fire_tb <= tb_now) fire_tb += 1ull << 32;
  uint64_t fire_cycle = (fire_tb - tb_offset) * tb_divider;
  if (fire_cycle <= cycles()) return icount + 1;
  return icount + (fire_cycle - cycles());
}

bool Hart::poll_interrupts() {
  next_timer_icount();  // latch a decrementer underflow that has happened
  if (!(msr & MSR_EE)) return false;
  if (external_irq) {
    raise({Interrupt::External, pc});
    return true;
  }
  if (dec_pending) {
    dec_pending = false;
    raise({Interrupt::Decrementer, pc});
    return true;
  }
  return false;
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
}

void Hart::drop_fast_mapping(uint32_t page_addr) {
  if (page_addr == ~0u) return flush_tlb();
  TlbEntry& e = tlb_[(page_addr >> kPageBits) & (kTlbSize - 1)];
  if (e.read_tag == page_addr) e = TlbEntry{};
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

void Hart::tlb_fill(uint32_t ea, const Region& r) {
  if (rec || !r.host) return;
  uint32_t page = ea & ~(kPageSize - 1);
  if (page < r.base || uint64_t(page) + kPageSize > uint64_t(r.base) + r.size) return;
  TlbEntry& e = tlb_[(ea >> kPageBits) & (kTlbSize - 1)];
  e.read_tag = page;
  e.write_tag = mem_->is_slow_write_page(page) ? 1 : page;
  e.host_base = reinterpret_cast<uintptr_t>(r.host) - r.base;
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
  mem_status = raise({Interrupt::Alignment, pc, 0, ea, 0});
  return false;
}

bool Hart::read_slow(uint32_t ea, unsigned size, uint64_t& v) {
  const Region* r = mem_->find(ea);
  if (r && r->device) {
    if (uint64_t(ea - r->base) + size > r->size || !r->device->read(ea - r->base, size, v, this))
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
    if (uint64_t(ea - r->base) + size > r->size || !r->device->write(ea - r->base, size, v, this))
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
