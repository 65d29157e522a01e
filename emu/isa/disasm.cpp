#include "isa/disasm.h"

#include <fmt/format.h>

#include "isa/operand_fields.h"
#include "loader/elf_image.h"

namespace pimnic::isa {

namespace {

std::string reg_name(RegFile file, int64_t n) {
  switch (file) {
    case RegFile::Gpr: return fmt::format("r{}", n);
    case RegFile::Fpr: return fmt::format("f{}", n);
    case RegFile::Vr: return fmt::format("v{}", n);
    case RegFile::CrField: return fmt::format("cr{}", n);
    case RegFile::CrBit: return fmt::format("{}", n);
    case RegFile::None: break;
  }
  return fmt::format("{}", n);
}

std::string target(uint32_t addr, const DisasmOptions& opt) {
  std::string s = fmt::format("0x{:x}", addr);
  if (opt.symbols) {
    std::string sym = opt.symbols->describe(addr);
    if (!sym.empty()) s += " <" + sym + ">";
  }
  return s;
}

}  // namespace

std::string disassemble_row(const InsnRow& r, uint32_t w, uint32_t pc, const DisasmOptions& opt) {
  char buf[32];
  std::string out(full_mnemonic(r, w, buf));
  const auto ops = r.operands();
  bool first = true;
  for (size_t i = 0; i < ops.size(); ++i) {
    const Operand& o = ops[i];
    std::string text;
    int64_t v = operand_value(o.field, w);
    if (o.field == Field::D && i + 1 < ops.size()) {
      // d(rA)
      text = fmt::format("{}(r{})", v, operand_value(ops[i + 1].field, w));
      ++i;
    } else if (o.field == Field::BD || o.field == Field::LI) {
      text = target(uint32_t(v) + (aa_bit(w) ? 0 : pc), opt);
    } else if (RegFile f = operand_regfile(o.field); f != RegFile::None) {
      text = reg_name(f, v);
    } else {
      text = fmt::format("{}", v);
    }
    out += first ? " " : ", ";
    out += text;
    first = false;
  }
  return out;
}

std::string disassemble(const Decoder& dec, uint32_t w, uint32_t pc, const DisasmOptions& opt) {
  const InsnRow* r = dec.decode(w);
  if (!r) return fmt::format(".long 0x{:08x}", w);
  return disassemble_row(*r, w, pc, opt);
}

}  // namespace pimnic::isa
