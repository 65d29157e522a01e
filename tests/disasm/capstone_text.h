// Capstone 4.0.2's text for one PowerPC word (32-bit big-endian mode, as qemu and --disasm-check
// set it up): the third disassembler of the sweep.
#pragma once
#include <cstdint>
#include <string>

namespace pimnic::disasm_sweep {

class CapstoneText {
 public:
  CapstoneText();
  ~CapstoneText();
  CapstoneText(const CapstoneText&) = delete;
  CapstoneText& operator=(const CapstoneText&) = delete;
  // "mnemonic operands", or "" when Capstone rejects the word.
  std::string text(uint32_t word, uint32_t pc);

 private:
  size_t handle_ = 0;
  void* insn_ = nullptr;
};

}  // namespace pimnic::disasm_sweep
