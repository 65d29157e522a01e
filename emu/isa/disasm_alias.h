// Extended mnemonics (li, mr, blr, slwi, mflr, ...) as presentation rules over table rows: each
// rule names a row (InsnId), a predicate on the word and the operands to print. The rules live in
// isa/aliases.inc; they add no instructions, so the table stays the one source of encodings.
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "isa/insn_table.h"

namespace pimnic::isa {

// What a rule's predicate and operands see.
struct AliasContext {
  uint32_t word;
  uint8_t features;  // the core's, for SPR names (isa/spr_table.h)
};

// How an alias operand prints.
enum class AliasKind : uint8_t {
  None,
  Gpr,     // r5
  Gpr0,    // rA-or-0: "0" for register 0
  Fpr,     // f5
  Vr,      // v5
  CrField, // cr5
  CrBit,   // a CR bit number
  Num,     // a decimal number
  Target,  // a branch displacement: printed as the target address (absolute when AA is set)
};

struct AliasOperand {
  AliasKind kind = AliasKind::None;
  int64_t (*value)(const AliasContext&) = nullptr;
};

struct AliasRule {
  InsnId row;
  // Printed with the row's variant suffixes (o, l, a, .), which go before a trailing branch
  // prediction hint: "bdnz+" with LK prints "bdnzl+".
  const char* mnemonic;
  bool (*applies)(const AliasContext&);
  std::array<AliasOperand, 4> ops;
};

std::span<const AliasRule> alias_rules();
// The first rule for this row that applies to the word, or null.
const AliasRule* find_alias(const InsnRow& row, uint32_t word, uint8_t features);

}  // namespace pimnic::isa
