// Per-location facts about an instruction that every executed copy shares: the registers it
// writes (as trace keys) and, on demand, the static text of a commit line ("<sym+off> word
// disassembly"). Computed once per (pc, word) and kept in a direct-mapped cache, so tracing a
// loop does not decode or disassemble again.
#pragma once
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "isa/decoder.h"
#include "isa/insn_table.h"
#include "trace/trace_record.h"

namespace pimnic {
class SymbolTable;
}

namespace pimnic::trace {

struct InsnInfo {
  static constexpr unsigned kMaxDst = 40;
  uint32_t pc = 1;  // 1: empty slot (never an instruction address)
  uint32_t word = 0;
  isa::InsnId id = isa::InsnId::Invalid;
  uint8_t ndst = 0;
  RegKey dst[kMaxDst];
  bool has_text = false;
  mutable uint16_t described = 0;  // sinks (one bit each) that have written this slot's text out
  std::string text;  // "<sym+0x10> 7c632214 add r3, r3, r4" (see static_text)
};

// The registers a row writes, as trace keys: isa::register_deps' destinations, with the XER
// pieces merged, SPR numbers resolved, and the status registers that deps leaves to commit
// time (FPSCR, VSCR) added, since a trace shows every register that changes.
unsigned written_keys(const isa::InsnRow& row, uint32_t word, RegKey* out);

class InsnInfoCache {
 public:
  // decoder: the core's (for words the table rejects); symbols may be null.
  InsnInfoCache(const isa::Decoder& decoder, const SymbolTable* symbols);
  const InsnInfo& get(uint32_t pc, uint32_t word, isa::InsnId id) {
    InsnInfo& e = slots_[(pc >> 2) & (kSlots - 1)];
    if (e.pc != pc || e.word != word) [[unlikely]] fill(e, pc, word, id);
    return e;
  }
  // The static part of a commit line, computed on first use. Its buffer has room up to the
  // next multiple of 16 bytes, so put_text may copy it in 16-byte moves.
  const std::string& text(const InsnInfo& info);

 private:
  static constexpr unsigned kSlots = 1u << 14;
  void fill(InsnInfo& e, uint32_t pc, uint32_t word, isa::InsnId id);
  const isa::Decoder& decoder_;
  const SymbolTable* symbols_;
  std::unique_ptr<InsnInfo[]> slots_;
};

// Copy an InsnInfoCache::text() to p (with room for its length rounded up to 16): whole 16-byte
// moves, which may read and write past the end (within the string's capacity and the room).
inline char* put_text(char* p, const std::string& s) {
  const char* src = s.data();
  const size_t n = s.size();
  for (size_t i = 0; i < n; i += 16) std::memcpy(p + i, src + i, 16);
  return p + n;
}

// "<sym+0x10> 7c632214 add r3, r3, r4": symbol of pc ("-" when none), word, pimnic's disassembly.
std::string static_text(const isa::Decoder& decoder, const SymbolTable* symbols, uint32_t pc, uint32_t word);

}  // namespace pimnic::trace
