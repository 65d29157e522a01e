// Register dependencies of one instruction, derived from its row (operands, roles, implicit-register
// flags) and its word. Timing models rename and schedule on these ids; nothing else is needed.
//
// Sticky status bits (FPSCR exception bits, VSCR[SAT]) accumulate at commit and are not listed as
// destinations of ordinary arithmetic: only the instructions that read the status explicitly
// (mffs, mcrfs, mfvscr — all serializing) observe them. Rounding/NJ mode reads are sources and
// depend on the status-writing instructions (mtfsf, mtvscr, ...).
#pragma once
#include <cstdint>

#include "isa/insn_table.h"

namespace pimnic::isa {

enum RegId : uint8_t {
  REG_GPR0 = 0,
  REG_FPR0 = 32,
  REG_VR0 = 64,
  REG_CR0 = 96,      // 8 CR fields: REG_CR0 + field
  REG_LR = 104,
  REG_CTR,
  REG_XER_CA,
  REG_XER_SO,        // SO and OV
  REG_XER_BC,        // string byte count
  REG_FPSCR,
  REG_VSCR,
  REG_MSR,
  REG_SPR,           // every other special-purpose register, as one resource
  REG_COUNT
};

const char* reg_id_name(RegId r, char (&buf)[8]);

struct RegDeps {
  static constexpr unsigned kMax = 40;
  uint8_t nsrc = 0, ndst = 0;
  RegId src[kMax];
  RegId dst[kMax];
  void add_src(RegId r);
  void add_dst(RegId r);
  bool reads(RegId r) const;
  bool writes(RegId r) const;
};

RegDeps register_deps(const InsnRow& row, uint32_t word);

}  // namespace pimnic::isa
