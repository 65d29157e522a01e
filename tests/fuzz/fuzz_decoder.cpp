// libFuzzer target: the decoder and the disassembler. Each 4-byte word of the input is decoded
// for every core profile and disassembled with and without extended mnemonics and symbols, and
// its operand dependencies (what timing models read) are derived. Nothing may throw or crash.
#include <cstddef>
#include <cstdint>

#include "cpu/core.h"
#include "isa/decoder.h"
#include "isa/deps.h"
#include "isa/disasm.h"
#include "loader/elf_image.h"
#include "util/bits.h"

using namespace pimnic;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const isa::Decoder* decoders[] = {new isa::Decoder(core_profile("host").features),
                                           new isa::Decoder(core_profile("nic").features),
                                           new isa::Decoder(core_profile("pim").features)};
  static const SymbolTable* symbols = [] {
    auto* t = new SymbolTable;
    t->add("fuzz_target", 0x1000, 0x100, true);
    return t;
  }();
  for (size_t i = 0; i + 4 <= size; i += 4) {
    const uint32_t word = load_be<uint32_t>(data + i), pc = uint32_t(0x1000 + i);
    for (const isa::Decoder* d : decoders) {
      isa::DisasmOptions plain, named;
      plain.aliases = false;
      named.symbols = symbols;
      isa::disassemble(*d, word, pc, plain);
      isa::disassemble(*d, word, pc, named);
      if (const isa::InsnRow* row = d->decode(word)) isa::register_deps(*row, word);
    }
  }
  return 0;
}
