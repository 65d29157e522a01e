// What one executed instruction did, filled by Hart::step() for timing models and traces.
// Timing models read it; they never change architectural state.
#pragma once
#include <cstdint>

#include "cpu/interrupts.h"
#include "isa/insn_table.h"

namespace pimnic {

struct MemAccess {
  uint32_t addr;
  uint8_t size;        // bytes
  bool write;
  bool mmio;           // touched a device
  uint8_t data[32];    // the bytes in memory order (first `size` valid)
  bool feb = false;    // trace readers only: a full/empty-bit change, data[0] = 1 full / 0 empty
};

struct ExecRecord {
  static constexpr unsigned kMaxAccesses = 40;  // lmw r0 (32 words), vector, string chunks
  uint32_t pc = 0;
  uint32_t next_pc = 0;
  uint32_t word = 0;
  isa::InsnId id = isa::InsnId::Invalid;
  isa::Status status = isa::Status::Ok;
  // (The four fields clear() resets sit together: one store per step.)
  bool interrupted = false;       // an interrupt was taken instead of (or after) the instruction
  uint8_t nmem = 0;
  bool mem_overflow = false;      // more accesses than kMaxAccesses (only the first are kept)
  // A full/empty-bit operation (PIM) left the word at feb_addr full or empty (traces show it).
  bool feb = false;
  bool feb_full = false;
  Interrupt interrupt{};
  uint32_t feb_addr = 0;
  MemAccess mem[kMaxAccesses];

  bool taken() const { return next_pc != pc + 4; }
  void clear() {
    nmem = 0;
    mem_overflow = false;
    interrupted = false;
    feb = false;
  }
};

}  // namespace pimnic
