// Shared machinery of the AltiVec executors (cpu/exec_altivec_*.cpp): the MSR[VEC] check, the width
// dispatch (16 or 32 bytes as a compile-time constant, so loops unroll and vectorise), element-wise
// maps with saturation tracking, and VSCR bits.
#pragma once
#include <cstdint>
#include <limits>
#include <type_traits>

#include "cpu/exec_common.h"
#include "cpu/vreg_access.h"

namespace pimnic::vec {

inline constexpr uint32_t VSCR_NJ = 1u << 16;  // non-Java mode: denormals flushed to zero
inline constexpr uint32_t VSCR_SAT = 1u;       // sticky saturation

// MSR[VEC] = 0: vector-unavailable interrupt at this instruction.
[[gnu::cold, gnu::noinline]] inline Status unavailable(Hart& h) {
  return h.raise({Interrupt::VecUnavailable, h.pc});
}
inline bool enabled(const Hart& h) { return h.msr & MSR_VEC; }

template <unsigned N> using Width = std::integral_constant<unsigned, N>;

// Calls f(Width<16>) or f(Width<32>) for the core's vector width.
template <class F> inline void by_width(const Hart& h, F&& f) {
  if (h.vec_bytes() == 32) f(Width<32>{});
  else f(Width<16>{});
}

inline void set_sat(Hart& h, bool sat) {
  if (sat) h.vscr |= VSCR_SAT;
}

// Clamp a wide value into T, noting whether it had to.
template <class T, class W> inline T saturate(W v, bool& sat) {
  constexpr W lo = W(std::numeric_limits<T>::min()), hi = W(std::numeric_limits<T>::max());
  W c = v < lo ? lo : v > hi ? hi : v;
  sat |= c != v;
  return T(c);
}

// vD[i] = op(vA[i], vB[i]). The result is built apart and written last, as vD may alias a source;
// on a 128-bit core the upper host bytes stay zero.
template <class T, class Op> inline Status map2(Hart& h, uint32_t w, Op op) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg r;
  by_width(h, [&](auto nb) {
    constexpr unsigned n = nb / sizeof(T);
    for (unsigned i = 0; i < n; ++i) lanes<T>(r)[i] = T(op(lanes<T>(a)[i], lanes<T>(b)[i]));
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}

// vD[i] = op(vA[i], vB[i], vC[i]).
template <class T, class Op> inline Status map3(Hart& h, uint32_t w, Op op) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)], &c = h.vr[rc(w)];
  VReg r;
  by_width(h, [&](auto nb) {
    constexpr unsigned n = nb / sizeof(T);
    for (unsigned i = 0; i < n; ++i)
      lanes<T>(r)[i] = T(op(lanes<T>(a)[i], lanes<T>(b)[i], lanes<T>(c)[i]));
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}

// Saturating form: op returns a wide exact value, clamped into T; VSCR[SAT] set if any lane clamped.
template <class T, class Op> inline Status map2_sat(Hart& h, uint32_t w, Op op) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg r;
  bool sat = false;
  by_width(h, [&](auto nb) {
    constexpr unsigned n = nb / sizeof(T);
    for (unsigned i = 0; i < n; ++i) lanes<T>(r)[i] = saturate<T>(op(lanes<T>(a)[i], lanes<T>(b)[i]), sat);
  });
  h.vr[rt(w)] = r;
  set_sat(h, sat);
  return Status::Ok;
}

// Saturating three-operand form.
template <class T, class Op> inline Status map3_sat(Hart& h, uint32_t w, Op op) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)], &c = h.vr[rc(w)];
  VReg r;
  bool sat = false;
  by_width(h, [&](auto nb) {
    constexpr unsigned n = nb / sizeof(T);
    for (unsigned i = 0; i < n; ++i)
      lanes<T>(r)[i] = saturate<T>(op(lanes<T>(a)[i], lanes<T>(b)[i], lanes<T>(c)[i]), sat);
  });
  h.vr[rt(w)] = r;
  set_sat(h, sat);
  return Status::Ok;
}

// The Rc bit of VC-form compares (bit 21).
inline bool vc_rc(uint32_t w) { return w & 0x400; }

// CR6 after a dotted compare: 0b1000 if every element is true, 0b0010 if none is.
template <class T, unsigned N> inline void set_cr6(Hart& h, const VReg& r) {
  T all = T(~T(0)), any = 0;
  for (unsigned i = 0; i < N / sizeof(T); ++i) all &= lanes<T>(r)[i], any |= lanes<T>(r)[i];
  h.set_cr_field(6, (all == T(~T(0)) ? 8u : 0u) | (any == 0 ? 2u : 0u));
}

// vD[i] = pred(vA[i], vB[i]) ? all ones : 0, and CR6 when Rc.
template <class T, class Pred> inline Status compare(Hart& h, uint32_t w, Pred pred) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  using U = std::make_unsigned_t<T>;
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg r;
  by_width(h, [&](auto nb) {
    constexpr unsigned n = nb / sizeof(T);
    for (unsigned i = 0; i < n; ++i)
      lanes<U>(r)[i] = pred(lanes<T>(a)[i], lanes<T>(b)[i]) ? U(~U(0)) : U(0);
    if (vc_rc(w)) set_cr6<uint64_t, nb>(h, r);
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}

}  // namespace pimnic::vec
