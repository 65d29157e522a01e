// Special-purpose registers, system calls, supervisor instructions.
#include "cpu/exec_common.h"

namespace pimnic {

Status exec_mfspr(Hart& h, uint32_t w) {
  switch (spr(w)) {
    case 1: h.gpr[rt(w)] = h.xer; return Status::Ok;
    case 8: h.gpr[rt(w)] = h.lr; return Status::Ok;
    case 9: h.gpr[rt(w)] = h.ctr; return Status::Ok;
    default: return h.raise_illegal();
  }
}

Status exec_mtspr(Hart& h, uint32_t w) {
  switch (spr(w)) {
    case 1: h.xer = h.gpr[rt(w)]; return Status::Ok;
    case 8: h.lr = h.gpr[rt(w)]; return Status::Ok;
    case 9: h.ctr = h.gpr[rt(w)]; return Status::Ok;
    default: return h.raise_illegal();
  }
}

Status exec_sc(Hart& h, uint32_t w) {
  return h.raise({Interrupt::SystemCall, h.pc + 4});
}

}  // namespace pimnic
