// Where each operand field sits in the instruction word, and how to read it.
#pragma once
#include <cstdint>

#include "isa/fields.h"
#include "isa/insn_table.h"

namespace pimnic::isa {

// Bits of the word an operand occupies.
uint32_t operand_field_mask(Field f);
// Raw value of the field (sign-extended for signed immediates; SPR/DCR/TBR unswapped; branch
// displacements in bytes).
int64_t operand_value(Field f, uint32_t word);
// The register file an operand names, if it is a register.
enum class RegFile : uint8_t { None, Gpr, Fpr, Vr, CrField, CrBit };
RegFile operand_regfile(Field f);

}  // namespace pimnic::isa
