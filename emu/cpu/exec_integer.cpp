// Integer arithmetic, logical, rotate/shift and compare instructions.
#include "cpu/exec_common.h"

namespace pimnic {

Status exec_addi(Hart& h, uint32_t w) {
  h.gpr[rt(w)] = ra0(h, w) + uint32_t(simm(w));
  return Status::Ok;
}

Status exec_addis(Hart& h, uint32_t w) {
  h.gpr[rt(w)] = ra0(h, w) + (uint32_t(simm(w)) << 16);
  return Status::Ok;
}

Status exec_add(Hart& h, uint32_t w) {
  uint32_t a = h.gpr[ra(w)], b = h.gpr[rb(w)], r = a + b;
  if (oe_bit(w)) h.set_xer_ov(((a ^ r) & (b ^ r)) >> 31);
  h.gpr[rt(w)] = r;
  maybe_cr0(h, w, r);
  return Status::Ok;
}

Status exec_subf(Hart& h, uint32_t w) {
  uint32_t a = h.gpr[ra(w)], b = h.gpr[rb(w)], r = b - a;
  if (oe_bit(w)) h.set_xer_ov(((~a ^ r) & (b ^ r)) >> 31);
  h.gpr[rt(w)] = r;
  maybe_cr0(h, w, r);
  return Status::Ok;
}

Status exec_or_(Hart& h, uint32_t w) {
  uint32_t r = h.gpr[rt(w)] | h.gpr[rb(w)];
  h.gpr[ra(w)] = r;
  maybe_cr0(h, w, r);
  return Status::Ok;
}

Status exec_ori(Hart& h, uint32_t w) {
  h.gpr[ra(w)] = h.gpr[rt(w)] | uimm(w);
  return Status::Ok;
}

Status exec_oris(Hart& h, uint32_t w) {
  h.gpr[ra(w)] = h.gpr[rt(w)] | (uimm(w) << 16);
  return Status::Ok;
}

// MASK(mb, me) of the rotate instructions: ones from bit mb to bit me (IBM), wrapping.
static inline uint32_t rot_mask(uint32_t mb, uint32_t me) {
  uint32_t a = 0xFFFFFFFFu >> mb, b = 0xFFFFFFFFu << (31 - me);
  return mb <= me ? (a & b) : (a | b);
}

Status exec_rlwinm(Hart& h, uint32_t w) {
  uint32_t r = rotl32(h.gpr[rt(w)], rb(w)) & rot_mask(rc(w), me(w));
  h.gpr[ra(w)] = r;
  maybe_cr0(h, w, r);
  return Status::Ok;
}

Status exec_cmpi(Hart& h, uint32_t w) {
  h.set_cr_field(crfd(w), cr_signed(int32_t(h.gpr[ra(w)]), simm(w), h.xer_so()));
  return Status::Ok;
}

Status exec_cmp(Hart& h, uint32_t w) {
  h.set_cr_field(crfd(w), cr_signed(int32_t(h.gpr[ra(w)]), int32_t(h.gpr[rb(w)]), h.xer_so()));
  return Status::Ok;
}

}  // namespace pimnic
