// VSCR moves and the data-stream hints.
#include "cpu/altivec_common.h"

namespace pimnic {

using namespace vec;

// VSCR goes to the last word of vD (the rest is zero) and comes from the last word of vB, at both
// widths. All 32 bits are kept, reserved ones included, as qemu does (the 7400 may read them back
// as written).
Status exec_mfvscr(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  VReg r;
  r.w[0] = h.vscr;
  h.vr[rt(w)] = r;
  return Status::Ok;
}

Status exec_mtvscr(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  h.vscr = h.vr[rb(w)].w[0];
  return Status::Ok;
}

// Stream touches and stops are performance hints with no architectural effect; like other cache
// hints they do not raise the vector-unavailable interrupt.
Status exec_dst(Hart&, uint32_t) { return Status::Ok; }
Status exec_dstt(Hart&, uint32_t) { return Status::Ok; }
Status exec_dstst(Hart&, uint32_t) { return Status::Ok; }
Status exec_dststt(Hart&, uint32_t) { return Status::Ok; }
Status exec_dss(Hart&, uint32_t) { return Status::Ok; }
Status exec_dssall(Hart&, uint32_t) { return Status::Ok; }

}  // namespace pimnic
