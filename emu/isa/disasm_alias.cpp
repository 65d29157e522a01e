#include "isa/disasm_alias.h"

#include <string_view>
#include <vector>

#include "isa/fields.h"
#include "isa/spr_table.h"

namespace pimnic::isa {

namespace {

// Helpers the rules call (see aliases.inc).

// The core has SPR `num` under `name`, with this access (mfspr reads, mtspr writes).
bool spr_is(const AliasContext& c, int num, std::string_view name, uint8_t access) {
  const SprDef* d = find_spr(uint32_t(num), c.features);
  return d && d->name == name && (d->access & access) == access;
}
// The SPRG number when SPR `num` is an SPRG on this core with this access, else -1.
int sprg_index(const AliasContext& c, int num, uint8_t access) {
  const SprDef* d = find_spr(uint32_t(num), c.features);
  return d && d->reg == SprReg::Sprg && (d->access & access) == access ? d->index : -1;
}

// Every field a rule may name, decoded from the word. Names follow the manuals; fields that share
// bits (RT, RS, BO, TO, BT) are the same value under several names.
#define PIMNIC_ALIAS_FIELDS                                                                     \
  [[maybe_unused]] const uint32_t w = c.word;                                                   \
  [[maybe_unused]] const int RT = int(field(w, 6, 10)), RS = RT, BO = RT, TO = RT, BT = RT;     \
  [[maybe_unused]] const int RA = int(field(w, 11, 15)), BI = RA, BA = RA;                      \
  [[maybe_unused]] const int RB = int(field(w, 16, 20)), BB = RB, SH = RB;                      \
  [[maybe_unused]] const int MB = int(field(w, 21, 25)), CRB = MB, ME = int(field(w, 26, 30));  \
  [[maybe_unused]] const int BF = int(crfd(w)), BFA = int(crfs(w));                             \
  [[maybe_unused]] const int SI = simm(w), UI = int(uimm(w)), BD = bd(w), LI = li(w);           \
  [[maybe_unused]] const int SPR = int(spr(w)), TBR = SPR, DCR = SPR, CRM = int(crm(w));        \
  [[maybe_unused]] const bool LK = lk_bit(w), AA = aa_bit(w), OE = oe_bit(w), RC = rc_bit(w);

#define PIMNIC_ALIAS_OPERAND(kind, e) \
  AliasOperand{AliasKind::kind, [](const AliasContext& c) -> int64_t { PIMNIC_ALIAS_FIELDS return int64_t(e); }}
#define G(e) PIMNIC_ALIAS_OPERAND(Gpr, e)
#define G0(e) PIMNIC_ALIAS_OPERAND(Gpr0, e)
#define FR(e) PIMNIC_ALIAS_OPERAND(Fpr, e)
#define VR(e) PIMNIC_ALIAS_OPERAND(Vr, e)
#define CRF(e) PIMNIC_ALIAS_OPERAND(CrField, e)
#define CRBIT(e) PIMNIC_ALIAS_OPERAND(CrBit, e)
#define N(e) PIMNIC_ALIAS_OPERAND(Num, e)
#define TARGET(e) PIMNIC_ALIAS_OPERAND(Target, e)
#define ALIAS(row_, mnemonic_, pred, ...)                                                  \
  AliasRule{InsnId::row_, mnemonic_,                                                       \
            [](const AliasContext& c) -> bool { PIMNIC_ALIAS_FIELDS return bool(pred); }, \
            {__VA_ARGS__}},

const AliasRule kRules[] = {
#include "isa/aliases.inc"
};

#undef ALIAS
#undef TARGET
#undef N
#undef CRBIT
#undef CRF
#undef VR
#undef FR
#undef G0
#undef G
#undef PIMNIC_ALIAS_OPERAND
#undef PIMNIC_ALIAS_FIELDS

// Rules per row, in file order.
const std::vector<std::vector<const AliasRule*>>& rules_by_row() {
  static const auto index = [] {
    std::vector<std::vector<const AliasRule*>> v(static_cast<size_t>(InsnId::Count));
    for (const AliasRule& r : kRules) v[size_t(r.row)].push_back(&r);
    return v;
  }();
  return index;
}

}  // namespace

std::span<const AliasRule> alias_rules() { return kRules; }

const AliasRule* find_alias(const InsnRow& row, uint32_t word, uint8_t features) {
  if (size_t(row.id) >= size_t(InsnId::Count)) return nullptr;  // a row outside the table
  const AliasContext c{word, features};
  for (const AliasRule* r : rules_by_row()[size_t(row.id)])
    if (r->applies(c)) return r;
  return nullptr;
}

}  // namespace pimnic::isa
