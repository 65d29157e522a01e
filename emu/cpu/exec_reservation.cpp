// Load and reserve / store conditional. The reservation granule is the 32-byte block; stores by
// other harts or DMA into it cancel the reservation (see Hart::reserved_page_written).
// Both need a word-aligned address: the alignment interrupt otherwise (qemu-user lets a
// misaligned stwcx. fail quietly; the 7400 takes the interrupt, and so does pimnic).
#include "cpu/exec_common.h"

namespace pimnic {

Status exec_lwarx(Hart& h, uint32_t w) {
  uint32_t ea = ea_x(h, w), v;
  if (ea & 3) {
    h.alignment_fault(ea, false);
    return h.mem_status;
  }
  if (!h.read(ea, v)) return h.mem_status;
  h.set_reservation(ea);
  h.gpr[rt(w)] = v;
  return Status::Ok;
}

// CR0 = 0b0010 (EQ) if the store was performed, 0 otherwise, plus XER[SO].
Status exec_stwcx_(Hart& h, uint32_t w) {
  uint32_t ea = ea_x(h, w);
  if (ea & 3) {
    h.alignment_fault(ea, true);
    return h.mem_status;
  }
  bool ok = h.take_reservation(ea);
  if (ok && !h.write(ea, h.gpr[rt(w)])) return h.mem_status;
  h.set_cr_field(0, (ok ? 2u : 0u) | (h.xer_so() ? 1u : 0u));
  return Status::Ok;
}

}  // namespace pimnic
