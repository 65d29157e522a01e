#include "capstone_text.h"

#include <capstone/capstone.h>

#include <stdexcept>

namespace pimnic::disasm_sweep {

CapstoneText::CapstoneText() {
  csh h;
  if (cs_open(CS_ARCH_PPC, CS_MODE_BIG_ENDIAN, &h) != CS_ERR_OK) throw std::runtime_error("cannot open Capstone for PowerPC");
  handle_ = h;
  insn_ = cs_malloc(h);
}

CapstoneText::~CapstoneText() {
  csh h = handle_;
  cs_free(static_cast<cs_insn*>(insn_), 1);
  cs_close(&h);
}

std::string CapstoneText::text(uint32_t word, uint32_t pc) {
  const uint8_t bytes[4] = {uint8_t(word >> 24), uint8_t(word >> 16), uint8_t(word >> 8), uint8_t(word)};
  const uint8_t* code = bytes;
  size_t size = 4;
  uint64_t addr = pc;
  auto* insn = static_cast<cs_insn*>(insn_);
  if (!cs_disasm_iter(handle_, &code, &size, &addr, insn)) return {};
  std::string s = insn->mnemonic;
  if (insn->op_str[0]) s += std::string(" ") + insn->op_str;
  return s;
}

}  // namespace pimnic::disasm_sweep
