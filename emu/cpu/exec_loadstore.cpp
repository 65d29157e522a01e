// Integer loads and stores.
#include "cpu/exec_common.h"

namespace pimnic {

Status exec_lwz(Hart& h, uint32_t w) {
  uint32_t v;
  if (!h.read(ea_d(h, w), v)) return h.mem_status;
  h.gpr[rt(w)] = v;
  return Status::Ok;
}

Status exec_lwzu(Hart& h, uint32_t w) {
  uint32_t ea = h.gpr[ra(w)] + uint32_t(simm(w)), v;
  if (!h.read(ea, v)) return h.mem_status;
  h.gpr[rt(w)] = v;
  h.gpr[ra(w)] = ea;
  return Status::Ok;
}

Status exec_lbz(Hart& h, uint32_t w) {
  uint8_t v;
  if (!h.read(ea_d(h, w), v)) return h.mem_status;
  h.gpr[rt(w)] = v;
  return Status::Ok;
}

Status exec_stw(Hart& h, uint32_t w) {
  return h.write(ea_d(h, w), h.gpr[rt(w)]) ? Status::Ok : h.mem_status;
}

Status exec_stwu(Hart& h, uint32_t w) {
  uint32_t ea = h.gpr[ra(w)] + uint32_t(simm(w));
  if (!h.write(ea, h.gpr[rt(w)])) return h.mem_status;
  h.gpr[ra(w)] = ea;
  return Status::Ok;
}

Status exec_stb(Hart& h, uint32_t w) {
  return h.write(ea_d(h, w), uint8_t(h.gpr[rt(w)])) ? Status::Ok : h.mem_status;
}

}  // namespace pimnic
