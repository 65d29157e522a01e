// Integer compares (into a CR field) and traps (a program interrupt when the TO condition holds).
#include "cpu/exec_common.h"

namespace pimnic {

namespace {

// TO bits: 0x10 signed <, 0x08 signed >, 0x04 equal, 0x02 unsigned <, 0x01 unsigned >.
inline bool trap_condition(uint32_t to, uint32_t a, uint32_t b) {
  int32_t sa = int32_t(a), sb = int32_t(b);
  uint32_t hit = (sa < sb ? 0x10u : 0u) | (sa > sb ? 0x08u : 0u) | (a == b ? 0x04u : 0u) |
                 (a < b ? 0x02u : 0u) | (a > b ? 0x01u : 0u);
  return to & hit;
}

inline Status trap(Hart& h, uint32_t w, uint32_t b) {
  if (trap_condition(rt(w), h.gpr[ra(w)], b)) [[unlikely]]
    return h.raise_program(SRR1_PROGRAM_TRAP);
  return Status::Ok;
}

}  // namespace

Status exec_cmpi(Hart& h, uint32_t w) {
  h.set_cr_field(crfd(w), cr_signed(int32_t(h.gpr[ra(w)]), simm(w), h.xer_so()));
  return Status::Ok;
}

Status exec_cmp(Hart& h, uint32_t w) {
  h.set_cr_field(crfd(w), cr_signed(int32_t(h.gpr[ra(w)]), int32_t(h.gpr[rb(w)]), h.xer_so()));
  return Status::Ok;
}

Status exec_cmpli(Hart& h, uint32_t w) {
  h.set_cr_field(crfd(w), cr_unsigned(h.gpr[ra(w)], uimm(w), h.xer_so()));
  return Status::Ok;
}

Status exec_cmpl(Hart& h, uint32_t w) {
  h.set_cr_field(crfd(w), cr_unsigned(h.gpr[ra(w)], h.gpr[rb(w)], h.xer_so()));
  return Status::Ok;
}

Status exec_twi(Hart& h, uint32_t w) { return trap(h, w, uint32_t(simm(w))); }
Status exec_tw(Hart& h, uint32_t w) { return trap(h, w, h.gpr[rb(w)]); }

}  // namespace pimnic
