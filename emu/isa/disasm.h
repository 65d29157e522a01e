// Disassembler driven by the instruction table (and its extended-mnemonic aliases).
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
  const SymbolTable* symbols = nullptr; // name branch targets
};

// "add r3, r4, r5"; ".long 0x..." for words the decoder rejects.
std::string disassemble(const Decoder& dec, uint32_t word, uint32_t pc, const DisasmOptions& opt = {});
std::string disassemble_row(const InsnRow& row, uint32_t word, uint32_t pc, const DisasmOptions& opt = {});

}  // namespace pimnic::isa
