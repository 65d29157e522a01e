// Helpers shared by the instruction executors (cpu/exec_*.cpp).
#pragma once
#include <cstdint>

#include "cpu/hart.h"
#include "isa/exec_decls.h"
#include "isa/fields.h"

namespace pimnic {

using isa::Status;
using namespace isa;  // field extractors: rt(w), ra(w), simm(w), ...

// rA, or 0 when the field is 0 ("rA|0").
inline uint32_t ra0(const Hart& h, uint32_t w) { return ra(w) ? h.gpr[ra(w)] : 0; }
// Effective addresses of D-form and X-form accesses.
inline uint32_t ea_d(const Hart& h, uint32_t w) { return ra0(h, w) + uint32_t(simm(w)); }
inline uint32_t ea_x(const Hart& h, uint32_t w) { return ra0(h, w) + h.gpr[rb(w)]; }

// CR field value for a signed comparison of a result with zero, plus XER[SO].
inline uint32_t cr_signed(int32_t a, int32_t b, bool so) {
  return (a < b ? 8u : a > b ? 4u : 2u) | (so ? 1u : 0u);
}
inline uint32_t cr_unsigned(uint32_t a, uint32_t b, bool so) {
  return (a < b ? 8u : a > b ? 4u : 2u) | (so ? 1u : 0u);
}
// Record form: CR0 from the result.
inline void set_cr0(Hart& h, uint32_t result) {
  h.cr = (h.cr & 0x0FFFFFFFu) | (cr_signed(int32_t(result), 0, h.xer_so()) << 28);
}
inline void maybe_cr0(Hart& h, uint32_t w, uint32_t result) {
  if (rc_bit(w)) set_cr0(h, result);
}

// Branch condition from BO/BI, decrementing CTR when BO says so.
inline bool branch_condition(Hart& h, uint32_t w) {
  uint32_t bo = rt(w);
  if (!(bo & 0x04)) --h.ctr;
  bool ctr_ok = (bo & 0x04) || ((h.ctr != 0) != bool(bo & 0x02));
  bool cond_ok = (bo & 0x10) || (h.cr_bit(ra(w)) == bool(bo & 0x08));
  return ctr_ok && cond_ok;
}

// Jump to target (low two bits ignored, as branch targets always are).
inline Status jump(Hart& h, uint32_t target) {
  h.pc = target & ~3u;
  return Status::Jump;
}

}  // namespace pimnic
