#include "trace/insn_info.h"

#include <cstdio>

#include "isa/deps.h"
#include "isa/disasm.h"
#include "isa/fields.h"
#include "loader/elf_image.h"

namespace pimnic::trace {

namespace {

bool has_operand(const isa::InsnRow& row, isa::Field f) {
  for (const isa::Operand& o : row.operands())
    if (o.field == f) return true;
  return false;
}

RegKey spr_key(uint32_t n) {
  switch (n) {
    case 1: return KEY_XER;
    case 8: return KEY_LR;
    case 9: return KEY_CTR;
    case 18: return KEY_DSISR;
    case 19: return KEY_DAR;
    case 26: return KEY_SRR0;
    case 27: return KEY_SRR1;
    case 256: return KEY_VRSAVE;
    default: return RegKey(KEY_SPR0 + n);
  }
}

void add(RegKey* out, unsigned& n, RegKey k) {
  for (unsigned i = 0; i < n; ++i)
    if (out[i] == k) return;
  if (n < InsnInfo::kMaxDst) out[n++] = k;
}

}  // namespace

unsigned written_keys(const isa::InsnRow& row, uint32_t word, RegKey* out) {
  const isa::RegDeps d = isa::register_deps(row, word);
  unsigned n = 0;
  for (unsigned i = 0; i < d.ndst; ++i) {
    const isa::RegId r = d.dst[i];
    if (r < isa::REG_CR0) {
      add(out, n, RegKey(r));  // GPR, FPR and VR keys equal the RegIds
      continue;
    }
    if (r < isa::REG_LR) {
      add(out, n, RegKey(KEY_CR0 + (r - isa::REG_CR0)));
      continue;
    }
    switch (r) {
      case isa::REG_LR: add(out, n, KEY_LR); break;
      case isa::REG_CTR: add(out, n, KEY_CTR); break;
      case isa::REG_XER_CA: case isa::REG_XER_SO: case isa::REG_XER_BC: add(out, n, KEY_XER); break;
      case isa::REG_FPSCR: add(out, n, KEY_FPSCR); break;
      case isa::REG_VSCR: add(out, n, KEY_VSCR); break;
      // deps counts mfmsr as touching MSR (it only reads it).
      case isa::REG_MSR: if (row.id != isa::InsnId::mfmsr) add(out, n, KEY_MSR); break;
      case isa::REG_SPR:
        if (has_operand(row, isa::Field::SPR)) add(out, n, spr_key(isa::spr(word)));
        break;
      default: break;
    }
  }
  if (row.flags & isa::F_W_FPSCR) add(out, n, KEY_FPSCR);
  if (row.flags & isa::F_W_VSCR) add(out, n, KEY_VSCR);
  return n;
}

std::string static_text(const isa::Decoder& decoder, const SymbolTable* symbols, uint32_t pc, uint32_t word) {
  std::string s;
  std::string sym = symbols ? symbols->describe(pc) : std::string();
  if (sym.empty()) s = "-";
  else s.append("<").append(sym).append(">");
  char w[12];
  std::snprintf(w, sizeof w, " %08x ", word);
  s += w;
  isa::DisasmOptions opt;
  opt.symbols = symbols;
  s += isa::disassemble(decoder, word, pc, opt);
  return s;
}

InsnInfoCache::InsnInfoCache(const isa::Decoder& decoder, const SymbolTable* symbols)
    : decoder_(decoder), symbols_(symbols), slots_(new InsnInfo[kSlots]) {}

void InsnInfoCache::fill(InsnInfo& e, uint32_t pc, uint32_t word, isa::InsnId id) {
  e.pc = pc;
  e.word = word;
  e.id = id;
  e.ndst = id == isa::InsnId::Invalid ? 0 : uint8_t(written_keys(isa::row(id), word, e.dst));
  e.has_text = false;
  e.described = 0;
}

const std::string& InsnInfoCache::text(const InsnInfo& info) {
  InsnInfo& e = const_cast<InsnInfo&>(info);  // the slot is ours; text is a lazily filled part of it
  if (!e.has_text) {
    e.text = static_text(decoder_, symbols_, e.pc, e.word);
    e.text.reserve((e.text.size() + 16) & ~size_t(15));  // see put_text
    e.has_text = true;
  }
  return e.text;
}

}  // namespace pimnic::trace
