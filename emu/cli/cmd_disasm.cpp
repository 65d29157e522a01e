// `pimnic disasm`: disassemble an ELF's executable segments, or hex words, with pimnic's decoder
// and the table's extended mnemonics (docs/isa/disassembly.md).
#include <fmt/format.h>

#include <cstdio>

#include "cli/commands.h"
#include "cpu/core.h"
#include "isa/disasm.h"
#include "loader/elf_image.h"
#include "util/bits.h"

namespace pimnic::cli {

namespace {
struct DisasmOptions {
  std::string input;
  std::vector<std::string> words;
  std::string address = "0";
  std::string core;  // empty: the image's profile (.pimnic.profile), else host
  bool raw = false;
};

// A hex number ("7c0802a6", "0x7c0802a6") that fits in 32 bits.
bool parse_hex32(const std::string& s, uint32_t& out) {
  size_t used = 0;
  unsigned long long v = 0;
  try {
    v = std::stoull(s, &used, 16);
  } catch (...) {
    return false;
  }
  if (used != s.size() || v > 0xFFFFFFFFull || s.empty() || s[0] == '-' || s[0] == '+') return false;
  out = uint32_t(v);
  return true;
}

void print_line(const isa::Decoder& dec, uint32_t pc, uint32_t w, const isa::DisasmOptions& o) {
  std::string text = isa::disassemble(dec, w, pc, o);
  std::printf("%8x:\t%02x %02x %02x %02x\t%s\n", pc, w >> 24, (w >> 16) & 0xFF, (w >> 8) & 0xFF,
              w & 0xFF, text.c_str());
}

void disasm_words(const DisasmOptions& o) {
  uint32_t pc = 0;
  if (!parse_hex32(o.address, pc) || (pc & 3)) return fail("--address: not a word-aligned 32-bit hex address: '" + o.address + "'");
  std::vector<uint32_t> words;
  for (const std::string& s : o.words) {
    uint32_t w = 0;
    if (!parse_hex32(s, w)) return fail("not a 32-bit hex word: '" + s + "'");
    words.push_back(w);
  }
  isa::Decoder dec(core_profile(o.core.empty() ? "host" : o.core).features);
  isa::DisasmOptions dopt;
  dopt.aliases = !o.raw;
  for (uint32_t w : words) print_line(dec, pc, w, dopt), pc += 4;
}

void disasm_elf(const DisasmOptions& o) {
  ElfImage img = read_elf(o.input);
  const std::string core = !o.core.empty() ? o.core : !img.profile.empty() ? img.profile : "host";
  isa::Decoder dec(core_profile(core).features);
  isa::DisasmOptions dopt;
  dopt.aliases = !o.raw;
  dopt.symbols = &img.symbols;
  bool any = false;
  for (const ElfSegment& s : img.segments) {
    if (!s.executable()) continue;
    any = true;
    for (uint32_t off = 0; off + 4 <= s.filesz; off += 4) {
      uint32_t pc = s.vaddr + off;
      if (const ElfSymbol* sym = img.symbols.at(pc)) std::printf("\n%08x <%.*s>:\n", pc, int(sym->name.size()), sym->name.data());
      print_line(dec, pc, load_be<uint32_t>(&img.bytes[s.offset + off]), dopt);
    }
  }
  if (!any) fail(o.input + ": no executable segment to disassemble");
}
}  // namespace

void add_disasm_command(CLI::App& app) {
  auto o = std::make_shared<DisasmOptions>();
  CLI::App* c = app.add_subcommand("disasm", "Disassemble an ELF image's executable segments or hex instruction words");
  c->add_option("input", o->input, "ELF image (symbols label functions and branch targets)");
  c->add_option("--words,-w", o->words, "Hex instruction words instead of an image");
  c->add_option("--address", o->address, "Address of the first --words word, in hex (default 0)");
  c->add_option("--core", o->core,
                "Core profile whose instructions to decode: host, nic or pim (default: the image's "
                "profile, else host)");
  c->add_flag("--raw", o->raw, "Table mnemonics only: no extended mnemonics (li, mr, blr, ...)");
  c->callback([o] {
    try {
      if (!o->core.empty() && o->core != "host" && o->core != "nic" && o->core != "pim")
        return fail("--core: expected host, nic or pim, not '" + o->core + "'");
      if (o->input.empty() == o->words.empty())
        return fail(o->input.empty() ? "disasm needs an ELF image or --words"
                                     : "disasm takes an ELF image or --words, not both");
      if (o->words.empty()) disasm_elf(*o);
      else disasm_words(*o);
    } catch (const LoadError& e) {
      fail(e.what());
    } catch (const std::invalid_argument& e) {  // an image with an unknown profile
      fail(e.what());
    }
  });
}

}  // namespace pimnic::cli
