// What a trace sink receives for one retired instruction: where it ran (node/core/thread), when
// (cycle, per-thread instruction count), what it was (pc, word, cached row information), and
// what it did (registers written with their new values, memory accesses, an interrupt). Built by
// the Tracer from Hart::step()'s ExecRecord; the sinks only format it.
#pragma once
#include <cstdint>

#include "cpu/exec_record.h"
#include "cpu/interrupts.h"
#include "sim/trace_mark.h"

namespace pimnic {
struct Hart;
}

namespace pimnic::trace {

class InsnInfoCache;

// A register as traces name it. One byte for everything but "other SPRs" (kSprBase + number).
enum RegKey : uint16_t {
  KEY_GPR0 = 0,
  KEY_FPR0 = 32,
  KEY_VR0 = 64,
  KEY_CR0 = 96,  // CR fields 0-7
  KEY_LR = 104,
  KEY_CTR,
  KEY_XER,
  KEY_FPSCR,
  KEY_VSCR,
  KEY_MSR,
  KEY_SRR0,
  KEY_SRR1,
  KEY_DAR,
  KEY_DSISR,
  KEY_VRSAVE,
  KEY_NAMED_END,
  KEY_SPR0 = 0x8000,  // any other special-purpose register: KEY_SPR0 + SPR number
};

// Bytes of a register's value (vec_bytes: the core's vector width).
inline unsigned reg_key_size(RegKey k, unsigned vec_bytes) {
  if (k < KEY_FPR0) return 4;
  if (k < KEY_VR0) return 8;
  if (k < KEY_CR0) return vec_bytes;
  if (k < KEY_LR) return 1;
  return 4;
}

// "r3", "f1", "v2", "cr0", "lr", "spr22", ...: a static string or buf; its length in *len.
const char* reg_key_name(RegKey k, char (&buf)[12], unsigned* len = nullptr);

struct RegValue {
  RegKey key;
  uint8_t size;       // bytes: 4 (GPR, SPRs), 8 (FPR), 16/32 (VR), 1 (CR field: low 4 bits)
  uint8_t bytes[32];  // big-endian (a VR in its architectural element order)
};

// Most registers one record lists: lmw r0 writes 32 GPRs; an interrupt adds a few.
inline constexpr unsigned kMaxWrittenRegs = 48;

struct TraceRecord {
  // Where and when.
  uint16_t node = 0;
  uint8_t core = 0, thread = 0;
  uint32_t context = 0;  // node << 16 | core << 8 | thread, for sinks that switch on it
  uint64_t cycle = 0;    // the thread's cycle count after the instruction
  uint64_t icount = 0;   // instructions the thread has retired, this one included
  uint64_t time = 0;     // simulated picoseconds after it (set when traces merge several cores)
  // What.
  uint32_t pc = 0, word = 0;
  bool fetched = true;   // false: instruction fetch failed (ISI); no word, nothing retired
  // What it did: the registers it (or its interrupt) wrote, whose new values are in *hart;
  // the memory accesses in exec.
  bool interrupted = false;
  Interrupt interrupt{};
  uint8_t nkeys = 0;
  const RegKey* keys = nullptr;
  const ExecRecord* exec = nullptr;  // memory accesses (exec->mem, nmem, mem_overflow)
  const Hart* hart = nullptr;        // architectural state after the instruction
  InsnInfoCache* insns = nullptr;    // the core's cache (static text of the instruction)
  const TraceMark* mark = nullptr;   // a trace marker the instruction made (a store to TRACE_*)
};

// Short interrupt names used by the text formats ("syscall", "dsi", ...).
const char* interrupt_short_name(Interrupt k);

}  // namespace pimnic::trace
