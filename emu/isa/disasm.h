// Disassembler driven by the instruction table (rows for encodings and operands, isa/aliases.inc
// for extended mnemonics). Text follows llvm-mc's choices with named registers: "li r3, -1",
// "lwz r3, 8(r1)", "bt 2, 0x1c <loop+0x4>"; rA-or-0 operands print register 0 as "0".
#pragma once
#include <cstdint>
#include <string>

#include "isa/decoder.h"

namespace pimnic {
class SymbolTable;
}

namespace pimnic::isa {

struct DisasmOptions {
  bool aliases = true;                  // extended mnemonics (li, mr, blr, ...)
  const SymbolTable* symbols = nullptr; // name branch targets: "0x1c <loop+0x4>"
  uint8_t features = FEAT_BASE;         // the core's (SPR names); disassemble() takes the decoder's
};

// "add r3, r4, r5"; ".long 0x..." for words the decoder rejects.
std::string disassemble(const Decoder& dec, uint32_t word, uint32_t pc, const DisasmOptions& opt = {});
std::string disassemble_row(const InsnRow& row, uint32_t word, uint32_t pc, const DisasmOptions& opt = {});

}  // namespace pimnic::isa
