// `pimnic disasm`: disassemble an ELF's executable segments, or hex words, with pimnic's decoder.
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
  std::string core = "host";
  bool raw = false;
};

void print_line(const isa::Decoder& dec, uint32_t pc, uint32_t w, const isa::DisasmOptions& o) {
  std::string text = isa::disassemble(dec, w, pc, o);
  std::printf("%8x:\t%02x %02x %02x %02x\t%s\n", pc, w >> 24, (w >> 16) & 0xFF, (w >> 8) & 0xFF,
              w & 0xFF, text.c_str());
}

void disasm_command(const DisasmOptions& o) {
  CoreConfig cfg = core_profile(o.core);
  isa::Decoder dec(cfg.features);
  isa::DisasmOptions dopt;
  dopt.aliases = !o.raw;
  if (!o.words.empty()) {
    uint32_t pc = 0;
    for (const std::string& s : o.words) {
      size_t used = 0;
      unsigned long v = 0;
      try {
        v = std::stoul(s, &used, 16);
      } catch (...) {
        used = 0;
      }
      if (used != s.size() || v > 0xFFFFFFFFul) return fail("not a 32-bit hex word: '" + s + "'");
      print_line(dec, pc, uint32_t(v), dopt);
      pc += 4;
    }
    return;
  }
  ElfImage img = read_elf(o.input);
  dopt.symbols = &img.symbols;
  for (const ElfSegment& s : img.segments) {
    if (!s.executable()) continue;
    for (uint32_t off = 0; off + 4 <= s.filesz; off += 4) {
      uint32_t pc = s.vaddr + off;
      if (const ElfSymbol* sym = img.symbols.at(pc); sym && sym->function)
        std::printf("\n%08x <%s>:\n", pc, sym->name.c_str());
      print_line(dec, pc, load_be<uint32_t>(&img.bytes[s.offset + off]), dopt);
    }
  }
}
}  // namespace

void add_disasm_command(CLI::App& app) {
  auto o = std::make_shared<DisasmOptions>();
  CLI::App* c = app.add_subcommand("disasm", "Disassemble an ELF image or hex instruction words");
  c->add_option("input", o->input, "ELF image");
  c->add_option("--words,-w", o->words, "Hex instruction words instead of an image");
  c->add_option("--core", o->core, "Core profile whose instructions to decode")
      ->check(CLI::IsMember({"host", "nic", "pim"}));
  c->add_flag("--raw", o->raw, "No extended mnemonics");
  c->callback([o] {
    try {
      if (o->input.empty() && o->words.empty()) return fail("disasm needs an ELF image or --words");
      disasm_command(*o);
    } catch (const LoadError& e) {
      fail(e.what());
    }
  });
}

}  // namespace pimnic::cli
