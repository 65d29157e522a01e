// Condition-register logical instructions and the moves between CR, XER and GPRs.
#include "cpu/exec_common.h"

namespace pimnic {

namespace {

// CR bit n (IBM numbering) as 0/1.
inline uint32_t crb(const Hart& h, uint32_t n) { return (h.cr >> (31 - n)) & 1; }

// BT = f(BA, BB), with f applied to 0/1 values and its result's low bit kept.
template <typename F> inline Status cr_op(Hart& h, uint32_t w, F f) {
  uint32_t sh = 31 - rt(w);
  uint32_t v = f(crb(h, ra(w)), crb(h, rb(w))) & 1;
  h.cr = (h.cr & ~(1u << sh)) | (v << sh);
  return Status::Ok;
}

}  // namespace

Status exec_crand(Hart& h, uint32_t w) { return cr_op(h, w, [](uint32_t a, uint32_t b) { return a & b; }); }
Status exec_cror(Hart& h, uint32_t w) { return cr_op(h, w, [](uint32_t a, uint32_t b) { return a | b; }); }
Status exec_crxor(Hart& h, uint32_t w) { return cr_op(h, w, [](uint32_t a, uint32_t b) { return a ^ b; }); }
Status exec_crnand(Hart& h, uint32_t w) { return cr_op(h, w, [](uint32_t a, uint32_t b) { return ~(a & b); }); }
Status exec_crnor(Hart& h, uint32_t w) { return cr_op(h, w, [](uint32_t a, uint32_t b) { return ~(a | b); }); }
Status exec_creqv(Hart& h, uint32_t w) { return cr_op(h, w, [](uint32_t a, uint32_t b) { return ~(a ^ b); }); }
Status exec_crandc(Hart& h, uint32_t w) { return cr_op(h, w, [](uint32_t a, uint32_t b) { return a & ~b; }); }
Status exec_crorc(Hart& h, uint32_t w) { return cr_op(h, w, [](uint32_t a, uint32_t b) { return a | ~b; }); }

Status exec_mcrf(Hart& h, uint32_t w) {
  h.set_cr_field(crfd(w), h.cr_field(crfs(w)));
  return Status::Ok;
}

// CR field BF = XER[SO, OV, CA, 0]; those XER bits are then cleared.
Status exec_mcrxr(Hart& h, uint32_t w) {
  h.set_cr_field(crfd(w), (h.xer >> 28) & 0xE);
  h.xer &= ~(XER_SO | XER_OV | XER_CA);
  return Status::Ok;
}

// Bit 11 (mfocrf/mtocrf on later processors) is reserved on the 7400 and ignored.
Status exec_mfcr(Hart& h, uint32_t w) {
  h.gpr[rt(w)] = h.cr;
  return Status::Ok;
}

Status exec_mtcrf(Hart& h, uint32_t w) {
  uint32_t m = 0, fxm = crm(w);
  for (unsigned i = 0; i < 8; ++i)
    if (fxm & (0x80u >> i)) m |= 0xF0000000u >> (4 * i);
  h.cr = (h.cr & ~m) | (h.gpr[rt(w)] & m);
  return Status::Ok;
}

}  // namespace pimnic
