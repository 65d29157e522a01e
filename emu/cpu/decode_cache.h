// Predecoded instructions, one entry per instruction location, filled on first execution and
// reset when the page is written (by a store, DMA, the loader or gdb). Execution dispatches through
// the entry's function pointer without decoding again.
#pragma once
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "isa/decoder.h"
#include "mem/address_space.h"

namespace pimnic {

struct Decoded;
// Threaded dispatch: each entry's function executes its instruction and tail-calls the next
// entry's, carrying the page key (pc = threaded_pc(e, key)) and the instructions left before
// Hart::icount_limit in registers (see cpu/dispatch.h).
using ThreadedFn = isa::Status (*)(Hart& h, const Decoded* e, uint32_t key, int64_t rem);

struct Decoded {
  ThreadedFn fn;      // the word's threaded executor, or a stub (decode first, page end)
  uint32_t word;
  isa::InsnId id;     // Invalid until decoded, and for illegal words
};

struct DecodedPage {
  static constexpr unsigned kEntries = kPageSize / 4;
  uint32_t base;
  Decoded e[kEntries + 1];  // the extra entry is a sentinel that moves on to the next page
};

class DecodeCache : public MemoryListener {
 public:
  // vec_bytes: the core's vector width (0, 16 or 32), which specialised vector executors assume.
  DecodeCache(AddressSpace& mem, const isa::Decoder& decoder, unsigned vec_bytes = 0);
  ~DecodeCache() override;

  // The page of entries holding pc, or null when pc is not in RAM (instruction storage fault).
  DecodedPage* page(uint32_t pc) {
    FastSlot& s = fast_[(pc >> kPageBits) & (kFastSlots - 1)];
    if (s.tag == (pc & ~(kPageSize - 1))) return s.page;
    return page_slow(pc);
  }
  // Decode the instruction at pc now (the entry must be in a page returned by page()).
  const Decoded& fill(uint32_t pc);
  // Forget everything (e.g. breakpoints changed).
  void invalidate_all();
  // Changes whenever entries are reset (code written, invalidate_all): a caller that kept decoded
  // instructions (the in-order model's blocks) may execute them as kept while it is unchanged.
  uint64_t generation() const { return generation_; }
  const isa::Decoder& decoder() const { return decoder_; }

  // Debugger breakpoints: the entry at such a pc dispatches to a stub that stops the hart before
  // executing it (stop reason Breakpoint; memory is not patched). step() ignores them, so the
  // debugger resumes a hart sitting on one by stepping it once.
  void add_breakpoint(uint32_t pc);
  void remove_breakpoint(uint32_t pc);
  bool has_breakpoint(uint32_t pc) const { return !breakpoints_.empty() && breakpoints_.count(pc & ~3u); }


  // MemoryListener
  void code_page_written(uint32_t page_addr) override;
  void drop_fast_mapping(uint32_t) override {}


 private:
  static constexpr unsigned kFastSlots = 64;
  struct FastSlot {
    uint32_t tag = 1;
    DecodedPage* page = nullptr;
  };
  DecodedPage* page_slow(uint32_t pc);
  void reset_page(DecodedPage& p);

  AddressSpace& mem_;
  const isa::Decoder& decoder_;
  unsigned vec_bytes_;
  std::unordered_map<uint32_t, std::unique_ptr<DecodedPage>> pages_;
  std::unordered_set<uint32_t> breakpoints_;
  FastSlot fast_[kFastSlots];
  uint64_t generation_ = 0;
};

}  // namespace pimnic
