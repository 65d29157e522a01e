#include "gdb/registers.h"

#include <set>

#include "cpu/core.h"
#include "cpu/hart.h"
#include "cpu/spr_registers.h"
#include "util/bits.h"

namespace pimnic::gdb {

namespace {

constexpr unsigned kPcRegnum = 64, kFpscrRegnum = 70, kVr0Regnum = 71, kFirstSprRegnum = 105;

std::string be32(uint32_t v) {
  std::string s(4, '\0');
  store_be<uint32_t>(reinterpret_cast<uint8_t*>(s.data()), v);
  return s;
}

}  // namespace

RegisterLayout RegisterLayout::for_core(const CoreConfig& cfg) {
  RegisterLayout L;
  L.fpu = cfg.features & isa::FEAT_FPU;
  L.vec_bytes = cfg.vec_bytes;
  auto add = [&](std::string name, unsigned regnum, unsigned bits, RegKind k, unsigned idx = 0) {
    L.regs.push_back(RegDef{std::move(name), regnum, bits, k, idx, nullptr});
  };
  for (unsigned i = 0; i < 32; ++i) add("r" + std::to_string(i), i, 32, RegKind::Gpr, i);
  if (L.fpu)
    for (unsigned i = 0; i < 32; ++i) add("f" + std::to_string(i), 32 + i, 64, RegKind::Fpr, i);
  add("pc", kPcRegnum, 32, RegKind::Pc);
  add("msr", kPcRegnum + 1, 32, RegKind::Msr);
  add("cr", kPcRegnum + 2, 32, RegKind::Cr);
  add("lr", kPcRegnum + 3, 32, RegKind::Lr);
  add("ctr", kPcRegnum + 4, 32, RegKind::Ctr);
  add("xer", kPcRegnum + 5, 32, RegKind::Xer);
  if (L.fpu) add("fpscr", kFpscrRegnum, 32, RegKind::Fpscr);
  if (L.vec_bytes) {
    for (unsigned i = 0; i < 32; ++i) add("vr" + std::to_string(i), kVr0Regnum + i, 8 * L.vec_bytes, RegKind::Vr, i);
    add("vscr", kVr0Regnum + 32, 32, RegKind::Vscr);
    add("vrsave", kVr0Regnum + 33, 32, RegKind::Vrsave);
  }
  // Supervisor SPRs from the one SPR table, once per name, in SPR number order.
  std::set<std::string> seen = {"xer", "lr", "ctr", "vrsave"};
  unsigned regnum = kFirstSprRegnum;
  for (const SprDef& d : spr_table()) {
    if (!d.on(cfg.features) || d.reg == SprReg::TbWrite || d.reg == SprReg::TbuWrite) continue;
    if (!seen.insert(d.name).second) continue;
    L.regs.push_back(RegDef{d.name, regnum++, 32, RegKind::Spr, 0, &d});
  }
  return L;
}

const RegDef* RegisterLayout::find(unsigned regnum) const {
  for (const RegDef& r : regs)
    if (r.regnum == regnum) return &r;
  return nullptr;
}

size_t RegisterLayout::total_bytes() const {
  size_t n = 0;
  for (const RegDef& r : regs) n += r.bits / 8;
  return n;
}

std::string read_register(const Hart& h, const RegDef& r) {
  switch (r.kind) {
    case RegKind::Gpr: return be32(h.gpr[r.index]);
    case RegKind::Fpr: {
      std::string s(8, '\0');
      store_be<uint64_t>(reinterpret_cast<uint8_t*>(s.data()), h.fpr[r.index]);
      return s;
    }
    case RegKind::Pc: return be32(h.pc);
    case RegKind::Msr: return be32(h.msr);
    case RegKind::Cr: return be32(h.cr);
    case RegKind::Lr: return be32(h.lr);
    case RegKind::Ctr: return be32(h.ctr);
    case RegKind::Xer: return be32(h.xer);
    case RegKind::Fpscr: return be32(h.fpscr);
    case RegKind::Vr: {
      // VReg storage is reversed: big-endian byte i is host byte n-1-i.
      unsigned n = r.bits / 8;
      std::string s(n, '\0');
      for (unsigned i = 0; i < n; ++i) s[i] = char(h.vr[r.index].b[n - 1 - i]);
      return s;
    }
    case RegKind::Vscr: return be32(h.vscr);
    case RegKind::Vrsave: return be32(h.vrsave);
    case RegKind::Spr: return be32(spr_value(h, *r.spr));
  }
  return {};
}

bool write_register(Hart& h, const RegDef& r, const std::string& bytes) {
  if (bytes.size() != r.bits / 8) return false;
  const uint8_t* p = reinterpret_cast<const uint8_t*>(bytes.data());
  if (r.kind == RegKind::Vr) {
    unsigned n = r.bits / 8;
    for (unsigned i = 0; i < n; ++i) h.vr[r.index].b[n - 1 - i] = p[i];
    return true;
  }
  if (r.kind == RegKind::Fpr) {
    h.fpr[r.index] = load_be<uint64_t>(p);
    return true;
  }
  uint32_t v = load_be<uint32_t>(p);
  switch (r.kind) {
    case RegKind::Gpr: h.gpr[r.index] = v; break;
    case RegKind::Pc: h.pc = v & ~3u; break;
    case RegKind::Msr: h.msr = v; break;
    case RegKind::Cr: h.cr = v; break;
    case RegKind::Lr: h.lr = v; break;
    case RegKind::Ctr: h.ctr = v; break;
    case RegKind::Xer: h.xer = v & kXerBits; break;
    case RegKind::Fpscr: h.fpscr = v; break;
    case RegKind::Vscr: h.vscr = v; break;
    case RegKind::Vrsave: h.vrsave = v; break;
    case RegKind::Spr:
      if (spr_value(h, *r.spr) != v) write_spr(h, *r.spr, v);  // G rewrites DEC and TB unchanged
      break;
    default: break;
  }
  return true;
}

}  // namespace pimnic::gdb
