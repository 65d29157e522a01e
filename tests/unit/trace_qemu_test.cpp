// The qemu-format trace: symbol names as qemu-user 7.2 looks them up (the ctest
// trace.qemu_diff.* checks the whole format against a live qemu).
#if PIMNIC_WITH_TRACE
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "loader/elf_image.h"
#include "trace/qemu_symbols.h"
#include "util/bits.h"

using namespace pimnic;
using namespace pimnic::trace;

namespace {

struct Sym {
  const char* name;
  uint32_t value, size;
  uint8_t type;  // 1 OBJECT, 2 FUNC
  uint16_t shndx;
};

// A big-endian ELF32 with a section table of three entries: null, .symtab, .strtab.
ElfImage image_with(const std::vector<Sym>& syms) {
  std::vector<uint8_t> strtab{0};
  std::vector<uint8_t> symtab(16, 0);  // entry 0: the null symbol
  for (const Sym& s : syms) {
    uint8_t e[16] = {};
    store_be<uint32_t>(e, uint32_t(strtab.size()));
    store_be<uint32_t>(e + 4, s.value);
    store_be<uint32_t>(e + 8, s.size);
    e[12] = uint8_t(0x10 | s.type);  // GLOBAL
    store_be<uint16_t>(e + 14, s.shndx);
    symtab.insert(symtab.end(), e, e + 16);
    strtab.insert(strtab.end(), s.name, s.name + std::strlen(s.name) + 1);
  }
  std::vector<uint8_t> b(52, 0);
  const uint32_t sym_off = 52, str_off = sym_off + uint32_t(symtab.size());
  b.insert(b.end(), symtab.begin(), symtab.end());
  b.insert(b.end(), strtab.begin(), strtab.end());
  const uint32_t shoff = uint32_t(b.size());
  b.resize(shoff + 3 * 40, 0);
  store_be<uint32_t>(&b[32], shoff);
  store_be<uint16_t>(&b[46], 40);
  store_be<uint16_t>(&b[48], 3);
  uint8_t* sh = &b[shoff + 40];
  store_be<uint32_t>(sh + 4, 2);  // SHT_SYMTAB
  store_be<uint32_t>(sh + 16, sym_off);
  store_be<uint32_t>(sh + 20, uint32_t(symtab.size()));
  store_be<uint32_t>(sh + 24, 2);  // link: .strtab
  store_be<uint32_t>(sh + 36, 16);
  sh += 40;
  store_be<uint32_t>(sh + 4, 3);  // SHT_STRTAB
  store_be<uint32_t>(sh + 16, str_off);
  store_be<uint32_t>(sh + 20, uint32_t(strtab.size()));
  ElfImage img;
  img.bytes = std::move(b);
  return img;
}

}  // namespace

TEST_CASE("qemu trace: symbol lookup as qemu-user") {
  QemuSymbols q(image_with({{"main", 0x1000, 0x40, 2, 1},
                            {"table", 0x1040, 0x40, 1, 2},     // an object: never named
                            {"label", 0x2000, 0, 2, 1},        // no size: never matches
                            {"undef", 0x3000, 0x10, 2, 0},     // undefined: dropped
                            {"abs", 0x4000, 0x10, 2, 0xfff1},  // SHN_ABS: dropped
                            {"alias_b", 0x5000, 0x20, 2, 1},
                            {"alias_a", 0x5000, 0x20, 2, 1}}));
  CHECK(q.lookup(0x1000) == "main");
  CHECK(q.lookup(0x103c) == "main");
  CHECK(q.lookup(0x1040) == "");
  CHECK(q.lookup(0x2000) == "");
  CHECK(q.lookup(0x3000) == "");
  CHECK(q.lookup(0x4004) == "");
  CHECK(q.lookup(0xfff) == "");
  // Filtering moves the last entry into each dropped slot: the null symbol's place goes to
  // alias_a, table's to alias_b, giving [alias_a, main, alias_b, label]; the stable sort gives
  // [main, label, alias_a, alias_b], and glibc's bsearch probes index 2 first.
  CHECK(q.lookup(0x5010) == "alias_a");
  CHECK(QemuSymbols().lookup(0x1000) == "");
}
#endif
