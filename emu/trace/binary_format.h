// The binary trace (`--trace binary:FILE`), for long runs. docs/traces.md describes it in full;
// in short, all integers little-endian:
//
//   file    := [zstd frame of] header record*
//   header  := "PIMNICTB" u32 version(=2; 1 has no mark records) u32 flags(=0)
//   record  := exec | def | context | mark | end
//   context := 0x82 u16 node, u8 core, u8 thread, u8 vec_bytes   -- following records' thread
//   def     := 0x81 u32 pc, u32 word, u16 len, len bytes          -- the static text of a commit
//              line for (pc, word) in the current thread: "<sym+off> word disassembly"
//   exec    := u8 flags (bit 7 clear), then in this order:
//              EXEC_PC      u32 pc            (absent: previous pc of this thread + 4)
//              EXEC_ICOUNT  uleb128 icount    (absent: previous icount + 1)
//              EXEC_CYCLE   sleb128 cycle - icount (absent: same difference as before)
//              EXEC_REGS    u8 n, n x (key, value): key u8 (< 0x80) or 0x80|spr>>8, spr&0xff;
//                           value big-endian, size by key (GPR/SPR 4, FPR 8, VR vec_bytes, CR 1)
//              EXEC_MEM     u8 n | 0x80 if more accesses were dropped, n x (u8 bit0 store,
//                           bit1 device; u8 size; u32 addr; min(size, 32) data bytes in memory order)
//                           then, after a PIM full/empty-bit op, one entry (u8 bit2 | bit3 if the
//                           word is now full; u8 0; u32 word address) counted in n
//              EXEC_INT     u16 interrupt (its vector offset: 0x300 DSI, 0xC00 system call, ...)
//              EXEC_NOFETCH (no payload) the instruction could not be fetched
//   mark    := 0x84 u8 kind (0 mark, 1 begin, 2 end), u8 has_value, u32 value, u8 len, len bytes
//              -- a trace marker made by the current thread's next exec record's instruction
//   end     := 0x83 u64 number of exec records  -- absent if the run was cut short
//
// An exec record's instruction is the latest def for its pc in its thread; the writer emits a
// def before the first exec record of every (pc, word) it has not described recently.
#pragma once
#include <cstdint>

namespace pimnic::trace::binfmt {

inline constexpr char kMagic[8] = {'P', 'I', 'M', 'N', 'I', 'C', 'T', 'B'};
inline constexpr uint32_t kVersion = 2;
inline constexpr uint32_t kOldestVersion = 1;  // the reader's

enum : uint8_t {
  EXEC_PC = 0x01,
  EXEC_ICOUNT = 0x02,
  EXEC_CYCLE = 0x04,
  EXEC_REGS = 0x08,
  EXEC_MEM = 0x10,
  EXEC_INT = 0x20,
  EXEC_NOFETCH = 0x40,
  SPECIAL = 0x80,
  DEF = 0x81,
  CONTEXT = 0x82,
  END = 0x83,
  MARK = 0x84,
};

enum : uint8_t { MEM_STORE = 1, MEM_DEVICE = 2, MEM_FEB = 4, MEM_FEB_FULL = 8 };

}  // namespace pimnic::trace::binfmt
