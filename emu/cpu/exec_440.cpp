// 440-class additions (nic profile): isel, the multiply-accumulate family, dlmzb, DCR access,
// wrtee/wrteei. Semantics from the PPC440x5 CPU core user's manual.
#include "cpu/core.h"
#include "cpu/exec_common.h"

namespace pimnic {

namespace {

// Which halfwords a MAC-family instruction multiplies: "cross" is the low half of rA times the
// high half of rB, "high" both high halves, "low" both low halves.
enum class Halves { Cross, High, Low };

template <Halves H> constexpr uint32_t half_a(uint32_t a) { return H == Halves::High ? a >> 16 : a & 0xFFFF; }
template <Halves H> constexpr uint32_t half_b(uint32_t b) { return H == Halves::Low ? b & 0xFFFF : b >> 16; }

template <Halves H, bool Signed>
constexpr int64_t product(uint32_t a, uint32_t b) {
  if constexpr (Signed) return int64_t(int16_t(half_a<H>(a))) * int16_t(half_b<H>(b));
  else return int64_t(half_a<H>(a) * half_b<H>(b));
}

// rT <- rT (+ or -) product: the sum is formed exactly (the manual's 33-bit temp), overflow is
// "does not fit in 32 bits" (signed or unsigned as the instruction is), and saturating forms
// clamp to the nearest representable value. OE records the overflow in XER[OV,SO].
template <Halves H, bool Signed, bool Saturate, bool Negate>
Status mac(Hart& h, uint32_t w) {
  uint32_t& t = h.gpr[rt(w)];
  int64_t p = product<H, Signed>(h.gpr[ra(w)], h.gpr[rb(w)]);
  int64_t sum = (Signed ? int64_t(int32_t(t)) : int64_t(t)) + (Negate ? -p : p);
  const int64_t lo = Signed ? INT32_MIN : 0, hi = Signed ? INT32_MAX : UINT32_MAX;
  bool ov = sum < lo || sum > hi;
  if (Saturate && ov) sum = sum < lo ? lo : hi;
  t = uint32_t(sum);
  if (oe_bit(w)) h.set_xer_ov(ov);
  maybe_cr0(h, w, t);
  return Status::Ok;
}

template <Halves H, bool Signed>
Status mul(Hart& h, uint32_t w) {
  uint32_t r = uint32_t(product<H, Signed>(h.gpr[ra(w)], h.gpr[rb(w)]));
  h.gpr[rt(w)] = r;
  maybe_cr0(h, w, r);
  return Status::Ok;
}

constexpr Halves C = Halves::Cross, HH = Halves::High, L = Halves::Low;

// After MSR[EE] or a device changed: end the run slice with this instruction, so that interrupts
// are re-evaluated before the next one (see exec_system.cpp).
Status reevaluate(Hart& h) {
  if (h.icount_limit > h.icount + 1) h.icount_limit = h.icount + 1;
  h.pc += 4;
  return Status::Jump;
}

}  // namespace

// isel rT, rA|0, rB, BC: rT <- CR[BC] ? (rA|0) : rB.
Status exec_isel(Hart& h, uint32_t w) {
  h.gpr[rt(w)] = h.cr_bit(rc(w)) ? ra0(h, w) : h.gpr[rb(w)];
  return Status::Ok;
}

Status exec_macchw(Hart& h, uint32_t w) { return mac<C, true, false, false>(h, w); }
Status exec_macchws(Hart& h, uint32_t w) { return mac<C, true, true, false>(h, w); }
Status exec_macchwsu(Hart& h, uint32_t w) { return mac<C, false, true, false>(h, w); }
Status exec_macchwu(Hart& h, uint32_t w) { return mac<C, false, false, false>(h, w); }
Status exec_machhw(Hart& h, uint32_t w) { return mac<HH, true, false, false>(h, w); }
Status exec_machhws(Hart& h, uint32_t w) { return mac<HH, true, true, false>(h, w); }
Status exec_machhwsu(Hart& h, uint32_t w) { return mac<HH, false, true, false>(h, w); }
Status exec_machhwu(Hart& h, uint32_t w) { return mac<HH, false, false, false>(h, w); }
Status exec_maclhw(Hart& h, uint32_t w) { return mac<L, true, false, false>(h, w); }
Status exec_maclhws(Hart& h, uint32_t w) { return mac<L, true, true, false>(h, w); }
Status exec_maclhwsu(Hart& h, uint32_t w) { return mac<L, false, true, false>(h, w); }
Status exec_maclhwu(Hart& h, uint32_t w) { return mac<L, false, false, false>(h, w); }
Status exec_nmacchw(Hart& h, uint32_t w) { return mac<C, true, false, true>(h, w); }
Status exec_nmacchws(Hart& h, uint32_t w) { return mac<C, true, true, true>(h, w); }
Status exec_nmachhw(Hart& h, uint32_t w) { return mac<HH, true, false, true>(h, w); }
Status exec_nmachhws(Hart& h, uint32_t w) { return mac<HH, true, true, true>(h, w); }
Status exec_nmaclhw(Hart& h, uint32_t w) { return mac<L, true, false, true>(h, w); }
Status exec_nmaclhws(Hart& h, uint32_t w) { return mac<L, true, true, true>(h, w); }
Status exec_mulchw(Hart& h, uint32_t w) { return mul<C, true>(h, w); }
Status exec_mulchwu(Hart& h, uint32_t w) { return mul<C, false>(h, w); }
Status exec_mulhhw(Hart& h, uint32_t w) { return mul<HH, true>(h, w); }
Status exec_mulhhwu(Hart& h, uint32_t w) { return mul<HH, false>(h, w); }
Status exec_mullhw(Hart& h, uint32_t w) { return mul<L, true>(h, w); }
Status exec_mullhwu(Hart& h, uint32_t w) { return mul<L, false>(h, w); }

// dlmzb rA, rS, rB: the 1-based position of the leftmost zero byte of rS||rB (8 if none) goes to
// rA and XER's byte count; dlmzb. sets CR0 to GT (zero byte in rS), LT (in rB) or EQ (none).
Status exec_dlmzb(Hart& h, uint32_t w) {
  uint64_t d = uint64_t(h.gpr[rt(w)]) << 32 | h.gpr[rb(w)];
  uint32_t n = 1;
  bool found = false;
  for (; n <= 8; ++n)
    if (!((d >> (64 - 8 * n)) & 0xFF)) {
      found = true;
      break;
    }
  if (!found) n = 8;
  h.gpr[ra(w)] = n;
  h.xer = (h.xer & ~XER_BC_MASK) | n;
  if (rc_bit(w)) h.set_cr_field(0, (!found ? 2u : n <= 4 ? 4u : 8u) | (h.xer_so() ? 1u : 0u));
  return Status::Ok;
}

// DCRs live on the core's DCR bus; a number no device claims is an illegal instruction.
Status exec_mfdcr(Hart& h, uint32_t w) {
  if (h.msr & MSR_PR) return h.raise_privileged();
  DcrDevice* dev = h.core().dcr().device(spr(w));
  if (!dev) return h.raise_illegal();
  h.gpr[rt(w)] = dev->dcr_read(spr(w));
  return Status::Ok;
}

Status exec_mtdcr(Hart& h, uint32_t w) {
  if (h.msr & MSR_PR) return h.raise_privileged();
  DcrDevice* dev = h.core().dcr().device(spr(w));
  if (!dev) return h.raise_illegal();
  dev->dcr_write(spr(w), h.gpr[rt(w)]);
  return reevaluate(h);  // a device may have changed its interrupt output
}

// wrtee rS: MSR[EE] <- rS[16]; wrteei E: MSR[EE] <- E. Both end the run slice so that an
// interrupt enabled here is taken before the next instruction.
Status exec_wrtee(Hart& h, uint32_t w) {
  if (h.msr & MSR_PR) return h.raise_privileged();
  h.msr = (h.msr & ~MSR_EE) | (h.gpr[rt(w)] & MSR_EE);
  return reevaluate(h);
}

Status exec_wrteei(Hart& h, uint32_t w) {
  if (h.msr & MSR_PR) return h.raise_privileged();
  h.msr = (h.msr & ~MSR_EE) | (w & MSR_EE);  // the E field (bit 16) sits where MSR[EE] does
  return reevaluate(h);
}

}  // namespace pimnic
