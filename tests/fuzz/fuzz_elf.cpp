// libFuzzer target: the ELF loader. An input is a file: parsed (parse_elf), its symbols looked
// up as traces and disassembly do, qemu's symbol view built, and its segments loaded into a
// one-core machine's RAM. A LoadError is the expected answer to bad input; anything else that
// escapes, a crash or a sanitizer report is a failure.
#include <cstddef>
#include <cstdint>

#include "loader/elf_image.h"
#include "mem/address_space.h"
#include "trace/qemu_symbols.h"

using namespace pimnic;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static AddressSpace* ram = [] {
    auto* as = new AddressSpace("fuzz");
    as->add_ram("ram", 0, 64u << 20);  // as `pimnic run` on the host profile
    return as;
  }();
  try {
    ElfImage img = parse_elf(std::vector<uint8_t>(data, data + size), "fuzz.elf");
    for (const ElfSegment& s : img.segments) {
      img.symbols.describe(s.vaddr);
      img.symbols.describe(s.vaddr + s.memsz / 2);
      if (const ElfSymbol* sym = img.symbols.at(s.vaddr)) img.symbols.address_of(std::string(sym->name));
    }
    trace::QemuSymbols q(img);
    q.lookup(img.entry);
    load_elf(img, *ram);
  } catch (const LoadError&) {
  }
  return 0;
}
