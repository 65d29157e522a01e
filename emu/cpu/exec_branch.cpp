// Branches.
#include "cpu/exec_common.h"

namespace pimnic {

Status exec_b(Hart& h, uint32_t w) {
  uint32_t target = uint32_t(li(w)) + (aa_bit(w) ? 0 : h.pc);
  if (lk_bit(w)) h.lr = h.pc + 4;
  return jump(h, target);
}

Status exec_bc(Hart& h, uint32_t w) {
  bool taken = branch_condition(h, w);
  if (lk_bit(w)) h.lr = h.pc + 4;
  if (!taken) return Status::Ok;
  return jump(h, uint32_t(bd(w)) + (aa_bit(w) ? 0 : h.pc));
}

Status exec_bclr(Hart& h, uint32_t w) {
  uint32_t target = h.lr;  // read before LK overwrites it
  bool taken = branch_condition(h, w);
  if (lk_bit(w)) h.lr = h.pc + 4;
  return taken ? jump(h, target) : Status::Ok;
}

Status exec_bcctr(Hart& h, uint32_t w) {
  // BO[2] = 0 ("decrement CTR") is an invalid form of bcctr; qemu -cpu 7400 raises the illegal
  // instruction interrupt for it, and so does pimnic.
  uint32_t bo = rt(w);
  if (!(bo & 0x04)) [[unlikely]] return h.raise_illegal();
  bool taken = (bo & 0x10) || (h.cr_bit(ra(w)) == bool(bo & 0x08));
  if (lk_bit(w)) h.lr = h.pc + 4;
  return taken ? jump(h, h.ctr) : Status::Ok;
}

}  // namespace pimnic
