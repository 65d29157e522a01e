// Builds the instruction table from the rows and checks it.
#include <bit>
#include <string>

#include "isa/exec_decls.h"
#include "isa/insn_table.h"
#include "isa/operand_fields.h"
#include "isa/row_patterns.h"

namespace pimnic::isa {

namespace {

using namespace rowdef;

// Bits the variant flags leave free (the Rc bit of VC-form compares is bit 21).
constexpr uint32_t variant_bits(Form form, uint32_t flags) {
  uint32_t m = 0;
  if (flags & F_RC) m |= form == Form::VC ? 0x400u : 1u;
  if (flags & F_OE) m |= 0x400u;
  if (flags & F_LK) m |= 1u;
  if (flags & F_AA) m |= 2u;
  return m;
}

constexpr InsnRow make_row(InsnId id, const char* mnem, Pat p, Form form, OpClass cls, uint8_t feat,
                           uint32_t flags, uint8_t msize, ExecFn fn,
                           std::initializer_list<Operand> ops) {
  InsnRow r{};
  r.id = id;
  r.mnemonic = mnem;
  uint32_t free_bits = variant_bits(form, flags);
  r.mask = p.mask & ~free_bits;
  r.match = p.match & ~free_bits;
  r.form = form;
  r.cls = cls;
  r.features = feat;
  r.flags = flags;
  r.msize = msize;
  r.exec = fn;
  r.nops = 0;
  for (const Operand& o : ops) r.ops[r.nops++] = o;
  return r;
}

#define INSN(ident, mnem, pat, form, cls, feat, flags, msize, ...)                               \
  make_row(InsnId::ident, mnem, pat, Form::form, OpClass::cls, feat, flags, msize,             \
           &pimnic::exec_##ident, {__VA_ARGS__}),
const InsnRow kRows[] = {
#include "isa/rows.inc"
};
#undef INSN

static_assert(std::size(kRows) == size_t(InsnId::Count));

}  // namespace

std::span<const InsnRow> table() { return kRows; }

const char* op_class_name(OpClass c) {
  static const char* const names[] = {
      "IntAlu", "IntMul", "IntDiv", "IntMac", "CrLogic", "Branch", "Trap", "Load", "Store",
      "LoadMulti", "StoreMulti", "LoadReserve", "StoreCond", "Sync", "Spr", "System", "Cache",
      "FpMove", "FpAdd", "FpMul", "FpMadd", "FpDiv", "FpSqrt", "FpEstimate", "FpConvert",
      "FpCompare", "FpStatus", "FpLoad", "FpStore", "VecSimple", "VecComplex", "VecFloat",
      "VecPerm", "VecLoad", "VecStore", "VecStatus", "Pim", "PimMemory"};
  static_assert(std::size(names) == size_t(OpClass::Count));
  return names[size_t(c)];
}

std::string_view full_mnemonic(const InsnRow& r, uint32_t w, char (&buf)[32]) {
  size_t n = 0;
  for (const char* p = r.mnemonic; *p && n < 27; ++p) buf[n++] = *p;
  if (r.has(F_OE) && oe_bit(w)) buf[n++] = 'o';
  if (r.has(F_LK) && lk_bit(w)) buf[n++] = 'l';
  if (r.has(F_AA) && aa_bit(w)) buf[n++] = 'a';
  if (r.has(F_RC) && (r.form == Form::VC ? (w & 0x400) : rc_bit(w))) buf[n++] = '.';
  return {buf, n};
}

std::string check_table() {
  std::string problems;
  auto complain = [&](const InsnRow& r, const std::string& what) {
    problems += std::string(r.mnemonic) + ": " + what + "\n";
  };
  const auto rows = table();
  for (const InsnRow& r : rows) {
    if (r.match & ~r.mask) complain(r, "match has bits outside the mask");
    if ((r.mask >> 26) != 0x3F) complain(r, "mask does not cover the primary opcode");
    if (!r.exec) complain(r, "no executor");
    uint32_t seen = 0;
    for (const Operand& o : r.operands()) {
      uint32_t m = operand_field_mask(o.field);
      if (o.field == Field::None) complain(r, "empty operand");
      if (m & r.mask) complain(r, "operand field overlaps the opcode bits");
      if (m & seen) complain(r, "two operands share bits");
      seen |= m;
    }
    if (seen & variant_bits(r.form, r.flags)) complain(r, "operand overlaps a variant bit");
  }
  // Two rows overlap if some word matches both and some core has both.
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t j = i + 1; j < rows.size(); ++j) {
      const InsnRow &a = rows[i], &b = rows[j];
      if ((a.match ^ b.match) & a.mask & b.mask) continue;
      bool exclusive = ((a.features | b.features) & FEAT_PIM) && ((a.features | b.features) & FEAT_440);
      exclusive |= ((a.features | b.features) & FEAT_ALTIVEC) && ((a.features | b.features) & FEAT_440);
      if (exclusive) continue;  // opcode 4 means AltiVec or the 440 MAC family, never both
      complain(a, std::string("overlaps ") + b.mnemonic);
    }
  return problems;
}

}  // namespace pimnic::isa
