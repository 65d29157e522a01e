// Integer arithmetic: add/subtract (with carries), multiply, divide.
#include "cpu/exec_common.h"

namespace pimnic {

namespace {

// Result to rT, then CR0 for the dotted variant (after XER, since CR0 copies SO).
inline Status put(Hart& h, uint32_t w, uint32_t r) {
  h.gpr[rt(w)] = r;
  maybe_cr0(h, w, r);
  return Status::Ok;
}

// a + b + cin with XER[CA] from the 33rd bit and, for the o variants, XER[OV] (signed overflow:
// a and b have the same sign and the result does not).
inline uint32_t add_ca(Hart& h, uint32_t w, uint32_t a, uint32_t b, uint32_t cin) {
  uint64_t s = uint64_t(a) + b + cin;
  uint32_t r = uint32_t(s);
  h.xer = (h.xer & ~XER_CA) | (uint32_t(s >> 32) << 29);
  if (oe_bit(w)) h.set_xer_ov(((a ^ r) & (b ^ r)) >> 31);
  return r;
}

inline uint32_t ca(const Hart& h) { return (h.xer >> 29) & 1; }

}  // namespace

// ---- immediates -----------------------------------------------------------------------------

Status exec_addi(Hart& h, uint32_t w) {
  h.gpr[rt(w)] = ra0(h, w) + uint32_t(simm(w));
  return Status::Ok;
}

Status exec_addis(Hart& h, uint32_t w) {
  h.gpr[rt(w)] = ra0(h, w) + (uint32_t(simm(w)) << 16);
  return Status::Ok;
}

Status exec_addic(Hart& h, uint32_t w) {
  uint64_t s = uint64_t(h.gpr[ra(w)]) + uint32_t(simm(w));
  h.xer = (h.xer & ~XER_CA) | (uint32_t(s >> 32) << 29);
  h.gpr[rt(w)] = uint32_t(s);
  return Status::Ok;
}

Status exec_addic_(Hart& h, uint32_t w) {
  uint64_t s = uint64_t(h.gpr[ra(w)]) + uint32_t(simm(w));
  h.xer = (h.xer & ~XER_CA) | (uint32_t(s >> 32) << 29);
  h.gpr[rt(w)] = uint32_t(s);
  set_cr0(h, uint32_t(s));
  return Status::Ok;
}

Status exec_subfic(Hart& h, uint32_t w) {
  uint64_t s = uint64_t(~h.gpr[ra(w)]) + uint32_t(simm(w)) + 1;
  h.xer = (h.xer & ~XER_CA) | (uint32_t(s >> 32) << 29);
  h.gpr[rt(w)] = uint32_t(s);
  return Status::Ok;
}

Status exec_mulli(Hart& h, uint32_t w) {
  h.gpr[rt(w)] = uint32_t(int32_t(h.gpr[ra(w)]) * int64_t(simm(w)));
  return Status::Ok;
}

// ---- add / subtract -------------------------------------------------------------------------

Status exec_add(Hart& h, uint32_t w) {
  uint32_t a = h.gpr[ra(w)], b = h.gpr[rb(w)], r = a + b;
  if (oe_bit(w)) h.set_xer_ov(((a ^ r) & (b ^ r)) >> 31);
  return put(h, w, r);
}

Status exec_subf(Hart& h, uint32_t w) {
  uint32_t a = ~h.gpr[ra(w)], b = h.gpr[rb(w)], r = a + b + 1;  // rB - rA = ~rA + rB + 1
  if (oe_bit(w)) h.set_xer_ov(((a ^ r) & (b ^ r)) >> 31);
  return put(h, w, r);
}

Status exec_addc(Hart& h, uint32_t w) {
  return put(h, w, add_ca(h, w, h.gpr[ra(w)], h.gpr[rb(w)], 0));
}
Status exec_adde(Hart& h, uint32_t w) {
  return put(h, w, add_ca(h, w, h.gpr[ra(w)], h.gpr[rb(w)], ca(h)));
}
Status exec_addme(Hart& h, uint32_t w) {
  return put(h, w, add_ca(h, w, h.gpr[ra(w)], 0xFFFFFFFFu, ca(h)));
}
Status exec_addze(Hart& h, uint32_t w) {
  return put(h, w, add_ca(h, w, h.gpr[ra(w)], 0, ca(h)));
}
Status exec_subfc(Hart& h, uint32_t w) {
  return put(h, w, add_ca(h, w, ~h.gpr[ra(w)], h.gpr[rb(w)], 1));
}
Status exec_subfe(Hart& h, uint32_t w) {
  return put(h, w, add_ca(h, w, ~h.gpr[ra(w)], h.gpr[rb(w)], ca(h)));
}
Status exec_subfme(Hart& h, uint32_t w) {
  return put(h, w, add_ca(h, w, ~h.gpr[ra(w)], 0xFFFFFFFFu, ca(h)));
}
Status exec_subfze(Hart& h, uint32_t w) {
  return put(h, w, add_ca(h, w, ~h.gpr[ra(w)], 0, ca(h)));
}

Status exec_neg(Hart& h, uint32_t w) {
  uint32_t a = h.gpr[ra(w)];
  if (oe_bit(w)) h.set_xer_ov(a == 0x80000000u);
  return put(h, w, 0u - a);
}

// ---- multiply / divide ----------------------------------------------------------------------

Status exec_mullw(Hart& h, uint32_t w) {
  int64_t p = int64_t(int32_t(h.gpr[ra(w)])) * int32_t(h.gpr[rb(w)]);
  if (oe_bit(w)) h.set_xer_ov(p != int64_t(int32_t(p)));
  return put(h, w, uint32_t(p));
}

Status exec_mulhw(Hart& h, uint32_t w) {
  int64_t p = int64_t(int32_t(h.gpr[ra(w)])) * int32_t(h.gpr[rb(w)]);
  return put(h, w, uint32_t(uint64_t(p) >> 32));
}

Status exec_mulhwu(Hart& h, uint32_t w) {
  uint64_t p = uint64_t(h.gpr[ra(w)]) * h.gpr[rb(w)];
  return put(h, w, uint32_t(p >> 32));
}

// Division by zero and 0x80000000 / -1 leave rT undefined in the architecture; like qemu
// (-cpu 7400) pimnic divides by 1 instead, so rT gets the dividend, and the o forms set OV.
Status exec_divw(Hart& h, uint32_t w) {
  int32_t a = int32_t(h.gpr[ra(w)]), b = int32_t(h.gpr[rb(w)]);
  bool bad = b == 0 || (a == INT32_MIN && b == -1);
  if (oe_bit(w)) h.set_xer_ov(bad);
  return put(h, w, uint32_t(bad ? a : a / b));
}

Status exec_divwu(Hart& h, uint32_t w) {
  uint32_t a = h.gpr[ra(w)], b = h.gpr[rb(w)];
  if (oe_bit(w)) h.set_xer_ov(b == 0);
  return put(h, w, b == 0 ? a : a / b);
}

}  // namespace pimnic
