// Capstone (libcapstone 4.0.2) set up for 32-bit big-endian PowerPC the way qemu sets it up for
// its in_asm log: arch PPC, mode big-endian (no width flag), optionally SKIPDATA, which prints an
// unknown word as ".byte 0x.., 0x.., 0x.., 0x..".
#pragma once
#include <cstdint>
#include <string>

namespace pimnic::trace {

class CapstonePpc {
 public:
  explicit CapstonePpc(bool skipdata);
  ~CapstonePpc();
  CapstonePpc(const CapstonePpc&) = delete;
  CapstonePpc& operator=(const CapstonePpc&) = delete;
  // Disassemble word at pc. False when Capstone rejects it (never with skipdata).
  bool disassemble(uint32_t word, uint32_t pc, std::string& mnemonic, std::string& operands);
  // "mnemonic operands" (or empty when rejected).
  std::string text(uint32_t word, uint32_t pc);

 private:
  size_t handle_ = 0;
  void* insn_ = nullptr;
};

}  // namespace pimnic::trace
