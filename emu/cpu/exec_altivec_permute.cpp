// AltiVec cross-lane operations: vperm, vsldoi, merges, splats, packs and unpacks.
// 256-bit behaviour follows docs/isa/altivec256.md. Loops are written in host order where the
// mapping is simple (comments give the big-endian meaning).
#include <cstring>

#include "cpu/altivec_common.h"

namespace pimnic {

using namespace vec;

namespace {

// vA||vB in host order: u[0..N) = vB, u[N..2N) = vA. Big-endian byte i of the concatenation is
// u[2N-1-i].
template <unsigned N> struct Concat {
  uint8_t u[2 * N];
  Concat(const VReg& a, const VReg& b) {
    std::memcpy(u, b.b, N);
    std::memcpy(u + N, a.b, N);
  }
};

}  // namespace

// Each control byte picks big-endian byte (c & (2N-1)) of vA||vB.
Status exec_vperm(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &c = h.vr[rc(w)];
  VReg r;
  by_width(h, [&](auto nb) {
    Concat<nb> cat(h.vr[ra(w)], h.vr[rb(w)]);
    for (unsigned k = 0; k < nb; ++k) r.b[k] = cat.u[~c.b[k] & (2 * nb - 1)];
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}

// Bytes SH..SH+N-1 of vA||vB (SH is 0-15 at both widths).
Status exec_vsldoi(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  VReg r;
  by_width(h, [&](auto nb) {
    Concat<nb> cat(h.vr[ra(w)], h.vr[rb(w)]);
    std::memcpy(r.b, cat.u + nb - vsh(w), nb);
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}

// Merges interleave the elements of the first (high) or last (low) half of vA and vB.
namespace {
template <class T> Status merge(Hart& h, uint32_t w, bool high) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg r;
  by_width(h, [&](auto nb) {
    constexpr unsigned half = nb / sizeof(T) / 2;
    unsigned from = high ? 0 : half;
    for (unsigned i = 0; i < half; ++i) {
      be<T>(r, 2 * i, nb) = be<T>(a, from + i, nb);
      be<T>(r, 2 * i + 1, nb) = be<T>(b, from + i, nb);
    }
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}
}  // namespace

Status exec_vmrghb(Hart& h, uint32_t w) { return merge<uint8_t>(h, w, true); }
Status exec_vmrghh(Hart& h, uint32_t w) { return merge<uint16_t>(h, w, true); }
Status exec_vmrghw(Hart& h, uint32_t w) { return merge<uint32_t>(h, w, true); }
Status exec_vmrglb(Hart& h, uint32_t w) { return merge<uint8_t>(h, w, false); }
Status exec_vmrglh(Hart& h, uint32_t w) { return merge<uint16_t>(h, w, false); }
Status exec_vmrglw(Hart& h, uint32_t w) { return merge<uint32_t>(h, w, false); }

// Splats: element UIMM of vB (modulo the element count) into every element.
namespace {
template <class T> Status splat(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  VReg r;
  by_width(h, [&](auto nb) {
    constexpr unsigned n = nb / sizeof(T);
    T v = be<T>(h.vr[rb(w)], ra(w) & (n - 1), nb);
    for (unsigned i = 0; i < n; ++i) lanes<T>(r)[i] = v;
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}
template <class T> Status splat_imm(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  VReg r;
  by_width(h, [&](auto nb) {
    for (unsigned i = 0; i < nb / sizeof(T); ++i) lanes<T>(r)[i] = T(vsimm(w));
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}
}  // namespace

Status exec_vspltb(Hart& h, uint32_t w) { return splat<uint8_t>(h, w); }
Status exec_vsplth(Hart& h, uint32_t w) { return splat<uint16_t>(h, w); }
Status exec_vspltw(Hart& h, uint32_t w) { return splat<uint32_t>(h, w); }
Status exec_vspltisb(Hart& h, uint32_t w) { return splat_imm<uint8_t>(h, w); }
Status exec_vspltish(Hart& h, uint32_t w) { return splat_imm<uint16_t>(h, w); }
Status exec_vspltisw(Hart& h, uint32_t w) { return splat_imm<uint32_t>(h, w); }

// Packs narrow every element of vA, then every element of vB. In host order vB's results fill the
// lower half and vA's the upper half.
namespace {
template <class TN, class TW, class Conv> Status pack(Hart& h, uint32_t w, Conv conv) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg r;
  bool sat = false;
  by_width(h, [&](auto nb) {
    constexpr unsigned m = nb / sizeof(TW);
    for (unsigned j = 0; j < m; ++j) {
      lanes<TN>(r)[j] = conv(lanes<TW>(b)[j], sat);
      lanes<TN>(r)[m + j] = conv(lanes<TW>(a)[j], sat);
    }
  });
  h.vr[rt(w)] = r;
  set_sat(h, sat);
  return Status::Ok;
}
template <class TN> struct Sat {
  template <class T> TN operator()(T v, bool& sat) const { return saturate<TN>(int64_t(v), sat); }
};
// 32-bit pixel to 1:5:5:5: bit 7, then the top five bits of each of the other three bytes.
inline uint16_t to_pixel(uint32_t v, bool&) {
  return uint16_t((v >> 24 & 1) << 15 | (v >> 19 & 0x1F) << 10 | (v >> 11 & 0x1F) << 5 | (v >> 3 & 0x1F));
}
}  // namespace

Status exec_vpkuhum(Hart& h, uint32_t w) { return pack<uint8_t, uint16_t>(h, w, [](uint16_t v, bool&) { return uint8_t(v); }); }
Status exec_vpkuwum(Hart& h, uint32_t w) { return pack<uint16_t, uint32_t>(h, w, [](uint32_t v, bool&) { return uint16_t(v); }); }
Status exec_vpkuhus(Hart& h, uint32_t w) { return pack<uint8_t, uint16_t>(h, w, Sat<uint8_t>{}); }
Status exec_vpkuwus(Hart& h, uint32_t w) { return pack<uint16_t, uint32_t>(h, w, Sat<uint16_t>{}); }
Status exec_vpkshus(Hart& h, uint32_t w) { return pack<uint8_t, int16_t>(h, w, Sat<uint8_t>{}); }
Status exec_vpkswus(Hart& h, uint32_t w) { return pack<uint16_t, int32_t>(h, w, Sat<uint16_t>{}); }
Status exec_vpkshss(Hart& h, uint32_t w) { return pack<int8_t, int16_t>(h, w, Sat<int8_t>{}); }
Status exec_vpkswss(Hart& h, uint32_t w) { return pack<int16_t, int32_t>(h, w, Sat<int16_t>{}); }
Status exec_vpkpx(Hart& h, uint32_t w) { return pack<uint16_t, uint32_t>(h, w, to_pixel); }

// Unpacks widen the elements of the first (high) or last (low) half of vB. In host order the
// first half is the upper half.
namespace {
template <class TW, class TN, class Conv> Status unpack(Hart& h, uint32_t w, bool high, Conv conv) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg& b = h.vr[rb(w)];
  VReg r;
  by_width(h, [&](auto nb) {
    constexpr unsigned m = nb / sizeof(TW);
    const unsigned from = high ? m : 0;
    for (unsigned j = 0; j < m; ++j) lanes<TW>(r)[j] = conv(lanes<TN>(b)[from + j]);
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}
struct Widen {
  template <class T> int32_t operator()(T v) const { return v; }
};
// 1:5:5:5 pixel to 32 bits: the first bit sign-extended into a byte, each field zero-extended.
inline uint32_t from_pixel(uint16_t p) {
  return (p & 0x8000 ? 0xFF000000u : 0u) | uint32_t(p >> 10 & 0x1F) << 16 | uint32_t(p >> 5 & 0x1F) << 8 | (p & 0x1F);
}
}  // namespace

Status exec_vupkhsb(Hart& h, uint32_t w) { return unpack<int16_t, int8_t>(h, w, true, Widen{}); }
Status exec_vupklsb(Hart& h, uint32_t w) { return unpack<int16_t, int8_t>(h, w, false, Widen{}); }
Status exec_vupkhsh(Hart& h, uint32_t w) { return unpack<int32_t, int16_t>(h, w, true, Widen{}); }
Status exec_vupklsh(Hart& h, uint32_t w) { return unpack<int32_t, int16_t>(h, w, false, Widen{}); }
Status exec_vupkhpx(Hart& h, uint32_t w) { return unpack<uint32_t, uint16_t>(h, w, true, from_pixel); }
Status exec_vupklpx(Hart& h, uint32_t w) { return unpack<uint32_t, uint16_t>(h, w, false, from_pixel); }

}  // namespace pimnic
