#include "cpu/decode_cache.h"

#include "cpu/core.h"
#include "cpu/hart.h"
#include "cpu/dispatch.h"

namespace pimnic {

// The entry stub at a breakpoint: stop before the instruction; Hart::run returns Breakpoint.
static isa::Status threaded_breakpoint(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  h.pc = threaded_pc(e, key);
  h.icount = h.icount_limit - uint64_t(rem);
  h.stop_reason = StopReason::Breakpoint;
  return isa::Status::Stop;
}

DecodeCache::DecodeCache(AddressSpace& mem, const isa::Decoder& decoder, unsigned vec_bytes)
    : mem_(mem), decoder_(decoder), vec_bytes_(vec_bytes) {
  mem_.add_listener(this);
}

DecodeCache::~DecodeCache() { mem_.remove_listener(this); }

void DecodeCache::reset_page(DecodedPage& p) {
  ++generation_;
  for (Decoded& d : p.e) d = Decoded{&threaded_decode, 0, isa::InsnId::Invalid};
  p.e[DecodedPage::kEntries] = Decoded{&threaded_page_end, 0, isa::InsnId::Invalid};
}

DecodedPage* DecodeCache::page_slow(uint32_t pc) {
  uint32_t base = pc & ~(kPageSize - 1);
  if (!mem_.host_ptr(base, kPageSize)) return nullptr;
  auto& slot = pages_[base];
  if (!slot) {
    slot = std::make_unique<DecodedPage>();
    slot->base = base;
    reset_page(*slot);
  }
  fast_[(pc >> kPageBits) & (kFastSlots - 1)] = FastSlot{base, slot.get()};
  return slot.get();
}

const Decoded& DecodeCache::fill(uint32_t pc) {
  DecodedPage* p = page(pc);
  Decoded& d = p->e[(pc & (kPageSize - 1)) >> 2];
  // Writes to this page must invalidate it from now on (also after an earlier invalidation).
  mem_.mark_code_page(pc & ~(kPageSize - 1));
  const uint8_t* host = mem_.host_ptr(pc & ~3u, 4);
  uint32_t word = load_be<uint32_t>(host);
  const isa::InsnRow* row = decoder_.decode(word);
  d.word = word;
  d.id = row ? row->id : isa::InsnId::Invalid;
  d.fn = row ? threaded_exec(*row, word, pc, vec_bytes_) : &threaded_illegal;
  if (has_breakpoint(pc)) d.fn = &threaded_breakpoint;
  return d;
}

// The entry is decoded again (by fill) when next executed, with or without the stub.
void DecodeCache::add_breakpoint(uint32_t pc) {
  breakpoints_.insert(pc & ~3u);
  auto it = pages_.find(pc & ~(kPageSize - 1));
  if (it != pages_.end()) it->second->e[(pc & (kPageSize - 1)) >> 2].fn = &threaded_decode;
}

void DecodeCache::remove_breakpoint(uint32_t pc) {
  breakpoints_.erase(pc & ~3u);
  auto it = pages_.find(pc & ~(kPageSize - 1));
  if (it != pages_.end()) it->second->e[(pc & (kPageSize - 1)) >> 2].fn = &threaded_decode;
}

void DecodeCache::invalidate_all() {
  for (auto& [base, p] : pages_) reset_page(*p);
}

void DecodeCache::code_page_written(uint32_t page_addr) {
  auto it = pages_.find(page_addr);
  if (it != pages_.end()) reset_page(*it->second);
}

}  // namespace pimnic
