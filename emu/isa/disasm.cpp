#include "isa/disasm.h"

#include <fmt/format.h>

#include <cstring>

#include "isa/disasm_alias.h"
#include "isa/fields.h"
#include "isa/operand_fields.h"
#include "loader/elf_image.h"

namespace pimnic::isa {

namespace {

void append_operand(std::string& out, AliasKind kind, int64_t v, uint32_t word, uint32_t pc,
                    const DisasmOptions& opt) {
  switch (kind) {
    case AliasKind::Gpr: fmt::format_to(std::back_inserter(out), "r{}", v); return;
    case AliasKind::Gpr0:
      if (v == 0) out += '0';
      else fmt::format_to(std::back_inserter(out), "r{}", v);
      return;
    case AliasKind::Fpr: fmt::format_to(std::back_inserter(out), "f{}", v); return;
    case AliasKind::Vr: fmt::format_to(std::back_inserter(out), "v{}", v); return;
    case AliasKind::CrField: fmt::format_to(std::back_inserter(out), "cr{}", v); return;
    case AliasKind::Target: {
      uint32_t addr = uint32_t(v) + (aa_bit(word) ? 0 : pc);
      fmt::format_to(std::back_inserter(out), "0x{:x}", addr);
      if (opt.symbols) {
        std::string sym = opt.symbols->describe(addr);
        if (!sym.empty()) out += " <" + sym + ">";
      }
      return;
    }
    case AliasKind::CrBit: case AliasKind::Num: case AliasKind::None: break;
  }
  fmt::format_to(std::back_inserter(out), "{}", v);
}

// How a row operand prints. Immediates print as numbers even when they number CR fields or bits
// of the FPSCR (mcrfs, mtfsb0).
AliasKind row_operand_kind(const Operand& o) {
  if (o.field == Field::BD || o.field == Field::LI) return AliasKind::Target;
  if (o.role == Role::Imm) return AliasKind::Num;
  switch (operand_regfile(o.field)) {
    case RegFile::Gpr: return o.role == Role::ReadOr0 ? AliasKind::Gpr0 : AliasKind::Gpr;
    case RegFile::Fpr: return AliasKind::Fpr;
    case RegFile::Vr: return AliasKind::Vr;
    case RegFile::CrField: return AliasKind::CrField;
    case RegFile::CrBit: return AliasKind::CrBit;
    case RegFile::None: break;
  }
  return AliasKind::Num;
}

// The alias mnemonic with the row's variant suffixes, placed before a trailing +/- hint.
void append_alias_mnemonic(std::string& out, const InsnRow& r, const char* mnemonic, uint32_t w) {
  char buf[32];
  std::string_view suffix = full_mnemonic(r, w, buf).substr(std::strlen(r.mnemonic));
  std::string_view m = mnemonic;
  std::string_view hint;
  if (!m.empty() && (m.back() == '+' || m.back() == '-')) hint = m.substr(m.size() - 1), m.remove_suffix(1);
  out.append(m).append(suffix).append(hint);
}

std::string with_alias(const InsnRow& r, const AliasRule& a, uint32_t w, uint32_t pc, const DisasmOptions& opt) {
  std::string out;
  append_alias_mnemonic(out, r, a.mnemonic, w);
  const AliasContext c{w, opt.features};
  const char* sep = " ";
  for (const AliasOperand& o : a.ops) {
    if (o.kind == AliasKind::None) break;
    out += sep;
    append_operand(out, o.kind, o.value(c), w, pc, opt);
    sep = ", ";
  }
  return out;
}

}  // namespace

std::string disassemble_row(const InsnRow& r, uint32_t w, uint32_t pc, const DisasmOptions& opt) {
  if (opt.aliases)
    if (const AliasRule* a = find_alias(r, w, opt.features)) return with_alias(r, *a, w, pc, opt);
  char buf[32];
  std::string out(full_mnemonic(r, w, buf));
  const auto ops = r.operands();
  const char* sep = " ";
  for (size_t i = 0; i < ops.size(); ++i) {
    out += sep;
    sep = ", ";
    const Operand& o = ops[i];
    int64_t v = operand_value(o.field, w);
    if (o.field == Field::D && i + 1 < ops.size()) {  // d(rA)
      const Operand& base = ops[++i];
      fmt::format_to(std::back_inserter(out), "{}(", v);
      append_operand(out, row_operand_kind(base), operand_value(base.field, w), w, pc, opt);
      out += ')';
      continue;
    }
    append_operand(out, row_operand_kind(o), v, w, pc, opt);
  }
  return out;
}

std::string disassemble(const Decoder& dec, uint32_t w, uint32_t pc, const DisasmOptions& opt) {
  const InsnRow* r = dec.decode(w);
  if (!r) return fmt::format(".long 0x{:08x}", w);
  DisasmOptions o = opt;
  o.features = dec.features();
  return disassemble_row(*r, w, pc, o);
}

}  // namespace pimnic::isa
