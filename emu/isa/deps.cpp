#include "isa/deps.h"

#include <cstdio>

#include "isa/fields.h"
#include "isa/operand_fields.h"

namespace pimnic::isa {

namespace {

RegId reg_of(RegFile f, uint32_t n) {
  switch (f) {
    case RegFile::Gpr: return RegId(REG_GPR0 + n);
    case RegFile::Fpr: return RegId(REG_FPR0 + n);
    case RegFile::Vr: return RegId(REG_VR0 + n);
    case RegFile::CrField: return RegId(REG_CR0 + n);
    case RegFile::CrBit: return RegId(REG_CR0 + n / 4);
    case RegFile::None: break;
  }
  return REG_COUNT;
}

// Registers touched by a run starting at `first` (lmw/stmw: first..31; lswi/stswi: enough
// registers for NB bytes, wrapping after r31).
void add_run(RegDeps& d, const InsnRow& r, uint32_t w, uint32_t first, bool write) {
  unsigned count;
  if (r.id == InsnId::Invalid) return;
  if (r.msize == MS_MULTI && r.form == Form::X) {
    // String: NB field (lswi/stswi) or XER byte count (lswx/stswx, up to 128 bytes).
    bool indexed = r.has(F_R_XER);
    unsigned bytes = indexed ? 128 : (rb(w) ? rb(w) : 32);
    count = (bytes + 3) / 4;
    if (count > 32) count = 32;
  } else {
    count = 32 - first;
  }
  for (unsigned i = 0; i < count; ++i) {
    RegId id = RegId(REG_GPR0 + (first + i) % 32);
    write ? d.add_dst(id) : d.add_src(id);
  }
}

// SPR number -> the register id timing cares about.
RegId spr_reg(uint32_t n) {
  switch (n) {
    case 1: return REG_XER_SO;  // plus CA and BC, added by the caller
    case 8: return REG_LR;
    case 9: return REG_CTR;
    default: return REG_SPR;
  }
}

}  // namespace

void RegDeps::add_src(RegId r) {
  if (r == REG_COUNT || reads(r) || nsrc == kMax) return;
  src[nsrc++] = r;
}
void RegDeps::add_dst(RegId r) {
  if (r == REG_COUNT || writes(r) || ndst == kMax) return;
  dst[ndst++] = r;
}
bool RegDeps::reads(RegId r) const {
  for (unsigned i = 0; i < nsrc; ++i)
    if (src[i] == r) return true;
  return false;
}
bool RegDeps::writes(RegId r) const {
  for (unsigned i = 0; i < ndst; ++i)
    if (dst[i] == r) return true;
  return false;
}

const char* reg_id_name(RegId r, char (&buf)[8]) {
  if (r < REG_FPR0) std::snprintf(buf, sizeof buf, "r%u", r - REG_GPR0);
  else if (r < REG_VR0) std::snprintf(buf, sizeof buf, "f%u", r - REG_FPR0);
  else if (r < REG_CR0) std::snprintf(buf, sizeof buf, "v%u", r - REG_VR0);
  else if (r < REG_LR) std::snprintf(buf, sizeof buf, "cr%u", r - REG_CR0);
  else {
    static const char* const names[] = {"lr", "ctr", "ca", "so", "bc", "fpscr", "vscr", "msr", "spr"};
    return r < REG_COUNT ? names[r - REG_LR] : "?";
  }
  return buf;
}

RegDeps register_deps(const InsnRow& r, uint32_t w) {
  RegDeps d;
  const auto ops = r.operands();
  for (const Operand& o : ops) {
    RegFile file = operand_regfile(o.field);
    if (file == RegFile::None) {
      if (o.field == Field::SPR || o.field == Field::TBR) {
        RegId s = spr_reg(spr(w));
        // mtspr moves a GPR it reads into the SPR; mfspr/mftb move the SPR into a GPR it writes.
        bool to_spr = false;
        for (const Operand& g : ops) to_spr |= operand_regfile(g.field) == RegFile::Gpr && g.role == Role::Read;
        to_spr ? d.add_dst(s) : d.add_src(s);
        if (spr(w) == 1) {
          to_spr ? d.add_dst(REG_XER_CA) : d.add_src(REG_XER_CA);
          to_spr ? d.add_dst(REG_XER_BC) : d.add_src(REG_XER_BC);
        }
      }
      continue;
    }
    uint32_t n = uint32_t(operand_value(o.field, w));
    RegId id = reg_of(file, n);
    if (o.field == Field::BI && (rt(w) & 0x10)) continue;  // BO says: ignore the condition
    switch (o.role) {
      case Role::Read: d.add_src(id); break;
      case Role::Write:
        // Writing one CR bit is a read-modify-write of its field.
        if (file == RegFile::CrBit) d.add_src(id);
        d.add_dst(id);
        break;
      case Role::ReadWrite: d.add_src(id); d.add_dst(id); break;
      case Role::ReadOr0: if (n != 0) d.add_src(id); break;
      case Role::WriteMulti: add_run(d, r, w, n, true); break;
      case Role::ReadMulti: add_run(d, r, w, n, false); break;
      case Role::Imm: break;
    }
  }
  const uint32_t f = r.flags;
  const bool rc = (f & F_RC) && (r.form == Form::VC ? (w & 0x400) : rc_bit(w));
  if (rc) {
    if (f & F_W_CR6) d.add_dst(RegId(REG_CR0 + 6));
    else if (f & F_W_CR1) d.add_dst(RegId(REG_CR0 + 1));
    else {
      d.add_dst(REG_CR0);
      d.add_src(REG_XER_SO);
    }
  }
  if (f & F_W_CR0) {
    d.add_dst(REG_CR0);
    d.add_src(REG_XER_SO);
  }
  if ((f & F_OE) && oe_bit(w)) {
    d.add_src(REG_XER_SO);  // SO is sticky: the new value depends on the old one
    d.add_dst(REG_XER_SO);
  }
  if (f & F_R_SO) d.add_src(REG_XER_SO);
  if (f & F_R_CA) d.add_src(REG_XER_CA);
  if (f & F_W_CA) d.add_dst(REG_XER_CA);
  if (f & F_R_LR) d.add_src(REG_LR);
  if (f & F_W_LR) d.add_dst(REG_LR);
  if ((f & F_LK) && lk_bit(w)) d.add_dst(REG_LR);
  if (f & F_R_CTR) d.add_src(REG_CTR);
  if (f & F_W_CTR) d.add_dst(REG_CTR);
  if ((f & F_CTR_BO) && !(rt(w) & 0x04)) {
    d.add_src(REG_CTR);
    d.add_dst(REG_CTR);
  }
  if (f & F_R_XER) { d.add_src(REG_XER_SO); d.add_src(REG_XER_CA); d.add_src(REG_XER_BC); }
  if (f & F_W_XER) { d.add_dst(REG_XER_SO); d.add_dst(REG_XER_CA); d.add_dst(REG_XER_BC); }
  if (f & F_R_CR)
    for (unsigned i = 0; i < 8; ++i) d.add_src(RegId(REG_CR0 + i));
  if (f & F_W_CR) {
    // mtcrf writes the fields its CRM selects; others (mcrxr, mcrfs) name their field as BF.
    bool has_crm = false;
    for (const Operand& o : ops) has_crm |= o.field == Field::CRM;
    if (has_crm) {
      for (unsigned i = 0; i < 8; ++i)
        if (crm(w) & (0x80u >> i)) d.add_dst(RegId(REG_CR0 + i));
    }
  }
  if (f & F_R_FPSCR) d.add_src(REG_FPSCR);
  if ((f & F_W_FPSCR) && (r.cls == OpClass::FpStatus)) d.add_dst(REG_FPSCR);
  if (f & F_R_VSCR) d.add_src(REG_VSCR);
  if ((f & F_W_VSCR) && (r.cls == OpClass::VecStatus)) d.add_dst(REG_VSCR);
  if (f & F_MSR) {
    d.add_src(REG_MSR);
    d.add_dst(REG_MSR);
  }
  return d;
}

}  // namespace pimnic::isa
