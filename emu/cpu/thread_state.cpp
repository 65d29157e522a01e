#include "cpu/thread_state.h"

#include <algorithm>

#include "cpu/hart.h"
#include "sim/parcel_port.h"
#include "util/bits.h"

namespace pimnic {

void save_thread_state(const Hart& h, uint8_t* p) {
  for (unsigned i = 0; i < 32; ++i) store_be<uint32_t>(p + 4 * i, h.gpr[i]);
  const uint32_t extra[8] = {h.pc, h.cr, h.lr, h.ctr, h.xer, h.msr, h.vrsave, h.vscr};
  for (unsigned i = 0; i < 8; ++i) store_be<uint32_t>(p + 128 + 4 * i, extra[i]);
  for (unsigned i = 0; i < 32; ++i) std::copy(h.vr[i].b, h.vr[i].b + 32, p + kThreadStateWords * 4 + 32 * i);
}

void load_thread_state(Hart& h, const uint8_t* p) {
  for (unsigned i = 0; i < 32; ++i) h.gpr[i] = load_be<uint32_t>(p + 4 * i);
  uint32_t* extra[8] = {&h.pc, &h.cr, &h.lr, &h.ctr, &h.xer, &h.msr, &h.vrsave, &h.vscr};
  for (unsigned i = 0; i < 8; ++i) *extra[i] = load_be<uint32_t>(p + 128 + 4 * i);
  for (unsigned i = 0; i < 32; ++i)
    std::copy(p + kThreadStateWords * 4 + 32 * i, p + kThreadStateWords * 4 + 32 * (i + 1), h.vr[i].b);
}

}  // namespace pimnic
