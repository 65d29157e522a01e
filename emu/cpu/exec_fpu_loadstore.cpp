// Floating-point loads and stores. Single-precision values are converted by moving bits (no
// rounding, NaNs unchanged); stfiwx stores the low word of an FPR. The 7400 takes the alignment
// interrupt for an FP access that is not word-aligned (qemu-user performs it); update forms with
// rA = 0 are invalid and raise the illegal-instruction interrupt, as qemu -cpu 7400 does.
#include "cpu/fpu_exec.h"

namespace pimnic {

namespace {

using namespace fpu;

// EA of the D and X forms, with rA read as a register (update forms) or rA|0.
inline uint32_t ea_du(const Hart& h, uint32_t w) { return h.gpr[ra(w)] + uint32_t(simm(w)); }
inline uint32_t ea_xu(const Hart& h, uint32_t w) { return h.gpr[ra(w)] + h.gpr[rb(w)]; }

template <bool Single>
Status load(Hart& h, uint32_t w, uint32_t ea, bool update) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  if (update && ra(w) == 0) [[unlikely]] return h.raise_illegal();
  if (ea & 3) [[unlikely]] {
    h.alignment_fault(ea, false);
    return h.mem_status;
  }
  uint64_t v;
  if constexpr (Single) {
    uint32_t s;
    if (!h.read(ea, s)) return h.mem_status;
    v = single_to_double(s);
  } else {
    if (!h.read(ea, v)) return h.mem_status;
  }
  h.fpr[rt(w)] = v;
  if (update) h.gpr[ra(w)] = ea;
  return Status::Ok;
}

// Kind: 0 = double, 1 = single, 2 = integer word (stfiwx).
template <int Kind>
Status store(Hart& h, uint32_t w, uint32_t ea, bool update) {
  if (unavailable(h)) [[unlikely]] return raise_unavailable(h);
  if (update && ra(w) == 0) [[unlikely]] return h.raise_illegal();
  if (ea & 3) [[unlikely]] {
    h.alignment_fault(ea, true);
    return h.mem_status;
  }
  const uint64_t v = h.fpr[rt(w)];
  bool ok;
  if constexpr (Kind == 0) ok = h.write(ea, v);
  else if constexpr (Kind == 1) ok = h.write(ea, double_to_single_bits(v));
  else ok = h.write(ea, uint32_t(v));
  if (!ok) return h.mem_status;
  if (update) h.gpr[ra(w)] = ea;
  return Status::Ok;
}

}  // namespace

Status exec_lfs(Hart& h, uint32_t w) { return load<true>(h, w, ea_d(h, w), false); }
Status exec_lfsu(Hart& h, uint32_t w) { return load<true>(h, w, ea_du(h, w), true); }
Status exec_lfsx(Hart& h, uint32_t w) { return load<true>(h, w, ea_x(h, w), false); }
Status exec_lfsux(Hart& h, uint32_t w) { return load<true>(h, w, ea_xu(h, w), true); }
Status exec_lfd(Hart& h, uint32_t w) { return load<false>(h, w, ea_d(h, w), false); }
Status exec_lfdu(Hart& h, uint32_t w) { return load<false>(h, w, ea_du(h, w), true); }
Status exec_lfdx(Hart& h, uint32_t w) { return load<false>(h, w, ea_x(h, w), false); }
Status exec_lfdux(Hart& h, uint32_t w) { return load<false>(h, w, ea_xu(h, w), true); }

Status exec_stfs(Hart& h, uint32_t w) { return store<1>(h, w, ea_d(h, w), false); }
Status exec_stfsu(Hart& h, uint32_t w) { return store<1>(h, w, ea_du(h, w), true); }
Status exec_stfsx(Hart& h, uint32_t w) { return store<1>(h, w, ea_x(h, w), false); }
Status exec_stfsux(Hart& h, uint32_t w) { return store<1>(h, w, ea_xu(h, w), true); }
Status exec_stfd(Hart& h, uint32_t w) { return store<0>(h, w, ea_d(h, w), false); }
Status exec_stfdu(Hart& h, uint32_t w) { return store<0>(h, w, ea_du(h, w), true); }
Status exec_stfdx(Hart& h, uint32_t w) { return store<0>(h, w, ea_x(h, w), false); }
Status exec_stfdux(Hart& h, uint32_t w) { return store<0>(h, w, ea_xu(h, w), true); }
Status exec_stfiwx(Hart& h, uint32_t w) { return store<2>(h, w, ea_x(h, w), false); }

}  // namespace pimnic
