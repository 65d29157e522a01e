// disasm_sweep_dump: the sweep's encodings for one core profile, each with pimnic's disassembly.
//   disasm_sweep_dump --core host|nic|pim [--full | --sample N] [--seed N] [--raw] [--capstone]
//                     [--base ADDR] [--words FILE]
// Prints one line per word: "<hex address>\t<hex word>\t<row mnemonic>\t<row features>\t<text>",
// and with --capstone "\t<Capstone's text>". Word i sits at base + 4 * i (the default base,
// 0x10000000, keeps every relative branch target between 0 and 2^31); --words FILE takes one hex
// word a line, or "ADDR WORD" lines. --words disassembles the hex words in FILE (one per line) instead of generating them.
#include <fmt/format.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "cpu/core.h"
#include "isa/disasm.h"
#include "capstone_text.h"
#include "sweep_encodings.h"

using namespace pimnic;

int main(int argc, char** argv) {
  std::string core = "host", words_file;
  disasm_sweep::SweepConfig cfg;
  unsigned seed = 1;
  uint32_t base = 0x10000000;
  bool raw = false, capstone = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "disasm_sweep_dump: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--core") core = value();
    else if (a == "--seed") seed = unsigned(std::stoul(value()));
    else if (a == "--full") cfg.sample_limit = 0, cfg.randoms_per_variant = 256;
    else if (a == "--sample") cfg.sample_limit = std::stoul(value());
    else if (a == "--raw") raw = true;
    else if (a == "--capstone") capstone = true;
    else if (a == "--words") words_file = value();
    else if (a == "--base") base = uint32_t(std::stoul(value(), nullptr, 0));
    else {
      std::fprintf(stderr, "disasm_sweep_dump: unknown argument '%s'\n", a.c_str());
      return 2;
    }
  }
  isa::Decoder dec(core_profile(core).features);
  isa::DisasmOptions opt;
  opt.aliases = !raw;

  std::vector<uint32_t> words, addrs;  // addrs: given per word by --words "ADDR WORD" lines
  if (!words_file.empty()) {
    std::ifstream in(words_file);
    std::string line;
    while (std::getline(in, line)) {
      std::istringstream fields(line);
      std::string a, b;
      if (!(fields >> a)) continue;
      if (fields >> b) addrs.push_back(uint32_t(std::stoul(a, nullptr, 16)));
      words.push_back(uint32_t(std::stoul(b.empty() ? a : b, nullptr, 16)));
    }
    if (!addrs.empty() && addrs.size() != words.size()) {
      std::fprintf(stderr, "disasm_sweep_dump: %s: give an address on every line or on none\n", words_file.c_str());
      return 2;
    }
  } else {
    std::mt19937 rng(seed);
    for (const isa::InsnRow* r : dec.rows()) {
      auto w = disasm_sweep::sweep_row(*r, cfg, rng);
      words.insert(words.end(), w.begin(), w.end());
    }
  }
  disasm_sweep::CapstoneText cs;
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    const isa::InsnRow* r = dec.decode(words[i]);
    const uint32_t pc = addrs.empty() ? base + uint32_t(4 * i) : addrs[i];
    out += fmt::format("{:08x}\t{:08x}\t{}\t{}\t{}", pc, words[i], r ? r->mnemonic : "-", r ? r->features : 0,
                       isa::disassemble(dec, words[i], pc, opt));
    out += capstone ? "\t" + cs.text(words[i], pc) + "\n" : "\n";
    if (out.size() > (1 << 20)) std::fputs(out.c_str(), stdout), out.clear();
  }
  std::fputs(out.c_str(), stdout);
  return 0;
}
