#include "trace/capstone_ppc.h"

#include <capstone/capstone.h>

#include "trace/trace_error.h"

namespace pimnic::trace {

CapstonePpc::CapstonePpc(bool skipdata) {
  csh h;
  if (cs_open(CS_ARCH_PPC, CS_MODE_BIG_ENDIAN, &h) != CS_ERR_OK) throw TraceError("cannot open Capstone for PowerPC");
  handle_ = h;
  if (skipdata) cs_option(h, CS_OPT_SKIPDATA, CS_OPT_ON);
  insn_ = cs_malloc(h);
}

CapstonePpc::~CapstonePpc() {
  csh h = handle_;
  if (insn_) cs_free(static_cast<cs_insn*>(insn_), 1);
  cs_close(&h);
}

bool CapstonePpc::disassemble(uint32_t word, uint32_t pc, std::string& mnemonic, std::string& operands) {
  const uint8_t bytes[4] = {uint8_t(word >> 24), uint8_t(word >> 16), uint8_t(word >> 8), uint8_t(word)};
  const uint8_t* code = bytes;
  size_t size = 4;
  uint64_t addr = pc;
  cs_insn* insn = static_cast<cs_insn*>(insn_);
  if (!cs_disasm_iter(handle_, &code, &size, &addr, insn)) return false;
  mnemonic = insn->mnemonic;
  operands = insn->op_str;
  return true;
}

std::string CapstonePpc::text(uint32_t word, uint32_t pc) {
  std::string m, o;
  if (!disassemble(word, pc, m, o)) return {};
  return o.empty() ? m : m + " " + o;
}

}  // namespace pimnic::trace
