#include "cpu/spr_registers.h"

#include "cpu/hart.h"

namespace pimnic {

uint32_t spr_value(const Hart& h, const SprDef& d) {
  switch (d.reg) {
    case SprReg::Xer: return h.xer;
    case SprReg::Lr: return h.lr;
    case SprReg::Ctr: return h.ctr;
    case SprReg::Dsisr: return h.dsisr;
    case SprReg::Dar: return h.dar;
    case SprReg::Dec: return h.decrementer();
    case SprReg::Srr0: return h.srr0;
    case SprReg::Srr1: return h.srr1;
    case SprReg::Sprg: return h.sprg[d.index & 7];
    case SprReg::Vrsave: return h.vrsave;
    case SprReg::Usprg0: return h.usprg0;
    case SprReg::TbRead: case SprReg::TbWrite: return uint32_t(h.timebase());
    case SprReg::TbuRead: case SprReg::TbuWrite: return uint32_t(h.timebase() >> 32);
    case SprReg::Pvr: return h.pvr;
    case SprReg::Pir: return h.pir;
    case SprReg::Hid0: return h.hid0;
    case SprReg::Hid1: return h.hid1;
    case SprReg::Iabr: return h.iabr;
    case SprReg::Dabr: return h.dabr;
    case SprReg::Ear: return h.ear;
    case SprReg::Esr: return h.esr;
  }
  return 0;
}

bool write_spr(Hart& h, const SprDef& d, uint32_t v) {
  switch (d.reg) {
    case SprReg::Xer: h.xer = v & kXerBits; break;
    case SprReg::Lr: h.lr = v; break;
    case SprReg::Ctr: h.ctr = v; break;
    case SprReg::Dsisr: h.dsisr = v; break;
    case SprReg::Dar: h.dar = v; break;
    case SprReg::Dec: h.write_decrementer(v); return true;
    case SprReg::Srr0: h.srr0 = v; break;
    case SprReg::Srr1: h.srr1 = v; break;
    case SprReg::Sprg: h.sprg[d.index & 7] = v; break;
    case SprReg::Vrsave: h.vrsave = v; break;
    case SprReg::Usprg0: h.usprg0 = v; break;
    case SprReg::TbRead: case SprReg::TbWrite: h.write_timebase((h.timebase() & ~0xFFFFFFFFull) | v); break;
    case SprReg::TbuRead: case SprReg::TbuWrite: h.write_timebase(uint64_t(v) << 32 | uint32_t(h.timebase())); break;
    case SprReg::Hid0: h.hid0 = v; break;
    case SprReg::Hid1: h.hid1 = v; break;
    case SprReg::Iabr: h.iabr = v; break;
    case SprReg::Dabr: h.dabr = v; break;
    case SprReg::Ear: h.ear = v; break;
    case SprReg::Esr: h.esr = v; break;
    case SprReg::Pvr: case SprReg::Pir: break;
  }
  return false;
}

}  // namespace pimnic
