// Integer logical, sign-extension, count-leading-zeros, rotate and shift instructions.
#include <array>
#include <bit>

#include "cpu/exec_common.h"

namespace pimnic {

namespace {

// Result to rA, then CR0 for the dotted variant.
inline Status put_ra(Hart& h, uint32_t w, uint32_t r) {
  h.gpr[ra(w)] = r;
  maybe_cr0(h, w, r);
  return Status::Ok;
}

// MASK(mb, me) of the rotate instructions: ones from bit mb to bit me (IBM), wrapping when mb > me.
constexpr uint32_t make_rot_mask(uint32_t mb, uint32_t me) {
  uint32_t a = 0xFFFFFFFFu >> mb, b = 0xFFFFFFFFu << (31 - me);
  return mb <= me ? (a & b) : (a | b);
}
// All 1024 masks, indexed by mb << 5 | me: one load instead of shifts and a select (rlwinm is
// among the commonest instructions).
constexpr auto kRotMasks = [] {
  std::array<uint32_t, 1024> t{};
  for (uint32_t i = 0; i < 1024; ++i) t[i] = make_rot_mask(i >> 5, i & 31);
  return t;
}();
inline uint32_t rot_mask(uint32_t mb, uint32_t me) { return kRotMasks[(mb << 5) | me]; }

// Arithmetic right shift by n (0..63) with XER[CA]: set when the source is negative and any 1 bit
// was shifted out.
inline uint32_t sra_ca(Hart& h, uint32_t s, uint32_t n) {
  uint32_t r = uint32_t(int64_t(int32_t(s)) >> n);
  uint64_t lost = uint64_t(s) & ((uint64_t(1) << n) - 1);
  h.xer = (h.xer & ~XER_CA) | (uint32_t((s >> 31) & (lost != 0)) << 29);
  return r;
}

}  // namespace

// ---- immediates (andi./andis. always record) -------------------------------------------------

Status exec_andi_(Hart& h, uint32_t w) {
  uint32_t r = h.gpr[rt(w)] & uimm(w);
  h.gpr[ra(w)] = r;
  set_cr0(h, r);
  return Status::Ok;
}
Status exec_andis_(Hart& h, uint32_t w) {
  uint32_t r = h.gpr[rt(w)] & (uimm(w) << 16);
  h.gpr[ra(w)] = r;
  set_cr0(h, r);
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
Status exec_xori(Hart& h, uint32_t w) {
  h.gpr[ra(w)] = h.gpr[rt(w)] ^ uimm(w);
  return Status::Ok;
}
Status exec_xoris(Hart& h, uint32_t w) {
  h.gpr[ra(w)] = h.gpr[rt(w)] ^ (uimm(w) << 16);
  return Status::Ok;
}

// ---- register forms: rA = rS op rB ------------------------------------------------------------

Status exec_and_(Hart& h, uint32_t w) { return put_ra(h, w, h.gpr[rt(w)] & h.gpr[rb(w)]); }
Status exec_andc(Hart& h, uint32_t w) { return put_ra(h, w, h.gpr[rt(w)] & ~h.gpr[rb(w)]); }
Status exec_or_(Hart& h, uint32_t w) { return put_ra(h, w, h.gpr[rt(w)] | h.gpr[rb(w)]); }
Status exec_orc(Hart& h, uint32_t w) { return put_ra(h, w, h.gpr[rt(w)] | ~h.gpr[rb(w)]); }
Status exec_xor_(Hart& h, uint32_t w) { return put_ra(h, w, h.gpr[rt(w)] ^ h.gpr[rb(w)]); }
Status exec_nand(Hart& h, uint32_t w) { return put_ra(h, w, ~(h.gpr[rt(w)] & h.gpr[rb(w)])); }
Status exec_nor(Hart& h, uint32_t w) { return put_ra(h, w, ~(h.gpr[rt(w)] | h.gpr[rb(w)])); }
Status exec_eqv(Hart& h, uint32_t w) { return put_ra(h, w, ~(h.gpr[rt(w)] ^ h.gpr[rb(w)])); }

Status exec_extsb(Hart& h, uint32_t w) { return put_ra(h, w, uint32_t(int8_t(h.gpr[rt(w)]))); }
Status exec_extsh(Hart& h, uint32_t w) { return put_ra(h, w, uint32_t(int16_t(h.gpr[rt(w)]))); }
Status exec_cntlzw(Hart& h, uint32_t w) { return put_ra(h, w, uint32_t(std::countl_zero(h.gpr[rt(w)]))); }

// ---- rotates --------------------------------------------------------------------------------

Status exec_rlwinm(Hart& h, uint32_t w) {
  return put_ra(h, w, rotl32(h.gpr[rt(w)], rb(w)) & rot_mask(rc(w), me(w)));
}

Status exec_rlwnm(Hart& h, uint32_t w) {
  return put_ra(h, w, rotl32(h.gpr[rt(w)], h.gpr[rb(w)]) & rot_mask(rc(w), me(w)));
}

Status exec_rlwimi(Hart& h, uint32_t w) {
  uint32_t m = rot_mask(rc(w), me(w));
  return put_ra(h, w, (rotl32(h.gpr[rt(w)], rb(w)) & m) | (h.gpr[ra(w)] & ~m));
}

// ---- shifts: the amount is the low 6 bits of rB; 32..63 shift everything out ---------------

Status exec_slw(Hart& h, uint32_t w) {
  return put_ra(h, w, uint32_t(uint64_t(h.gpr[rt(w)]) << (h.gpr[rb(w)] & 63)));
}

Status exec_srw(Hart& h, uint32_t w) {
  return put_ra(h, w, uint32_t(uint64_t(h.gpr[rt(w)]) >> (h.gpr[rb(w)] & 63)));
}

Status exec_sraw(Hart& h, uint32_t w) {
  return put_ra(h, w, sra_ca(h, h.gpr[rt(w)], h.gpr[rb(w)] & 63));
}

Status exec_srawi(Hart& h, uint32_t w) {
  return put_ra(h, w, sra_ca(h, h.gpr[rt(w)], rb(w)));
}

}  // namespace pimnic
