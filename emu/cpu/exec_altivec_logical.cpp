// AltiVec logical operations, element rotates and shifts, and the whole-register shifts vsl, vsr
// (by bits) and vslo, vsro (by octets).
#include <bit>

#include "cpu/altivec_simd.h"

namespace pimnic {

using namespace vec;
#if defined(PIMNIC_ALTIVEC_SSE2)
using sse::V;
#endif

Status exec_vand(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_and_si128(a, b); }),
                  map2<uint64_t>(h, w, [](uint64_t a, uint64_t b) { return a & b; }));
}
Status exec_vandc(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_andnot_si128(b, a); }),
                  map2<uint64_t>(h, w, [](uint64_t a, uint64_t b) { return a & ~b; }));
}
Status exec_vor(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_or_si128(a, b); }),
                  map2<uint64_t>(h, w, [](uint64_t a, uint64_t b) { return a | b; }));
}
Status exec_vxor(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_xor_si128(a, b); }),
                  map2<uint64_t>(h, w, [](uint64_t a, uint64_t b) { return a ^ b; }));
}
Status exec_vnor(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map2(h, w, [](V a, V b) { return _mm_xor_si128(_mm_or_si128(a, b), sse::ones()); }),
                  map2<uint64_t>(h, w, [](uint64_t a, uint64_t b) { return ~(a | b); }));
}

// Bitwise select: bits of vB where vC is 1, of vA where it is 0.
Status exec_vsel(Hart& h, uint32_t w) {
  return VEC_PICK(sse::map3(h, w, [](V a, V b, V c) { return sse::select(c, b, a); }),
                  map3<uint64_t>(h, w, [](uint64_t a, uint64_t b, uint64_t c) { return (a & ~c) | (b & c); }));
}

// Element shifts use the low log2(bits) bits of the matching element of vB.
Status exec_vrlb(Hart& h, uint32_t w) {
  return map2<uint8_t>(h, w, [](unsigned a, unsigned b) { return (a << (b & 7)) | (a >> (8 - (b & 7))); });
}
Status exec_vrlh(Hart& h, uint32_t w) {
  return map2<uint16_t>(h, w, [](unsigned a, unsigned b) { return (a << (b & 15)) | (a >> (16 - (b & 15))); });
}
Status exec_vrlw(Hart& h, uint32_t w) {
  return map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return std::rotl(a, int(b & 31)); });
}
Status exec_vslb(Hart& h, uint32_t w) { return map2<uint8_t>(h, w, [](unsigned a, unsigned b) { return a << (b & 7); }); }
Status exec_vslh(Hart& h, uint32_t w) { return map2<uint16_t>(h, w, [](unsigned a, unsigned b) { return a << (b & 15); }); }
Status exec_vslw(Hart& h, uint32_t w) { return map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return a << (b & 31); }); }
Status exec_vsrb(Hart& h, uint32_t w) { return map2<uint8_t>(h, w, [](unsigned a, unsigned b) { return a >> (b & 7); }); }
Status exec_vsrh(Hart& h, uint32_t w) { return map2<uint16_t>(h, w, [](unsigned a, unsigned b) { return a >> (b & 15); }); }
Status exec_vsrw(Hart& h, uint32_t w) { return map2<uint32_t>(h, w, [](uint32_t a, uint32_t b) { return a >> (b & 31); }); }
Status exec_vsrab(Hart& h, uint32_t w) { return map2<int8_t>(h, w, [](int a, int b) { return a >> (b & 7); }); }
Status exec_vsrah(Hart& h, uint32_t w) { return map2<int16_t>(h, w, [](int a, int b) { return a >> (b & 15); }); }
Status exec_vsraw(Hart& h, uint32_t w) { return map2<int32_t>(h, w, [](int32_t a, int32_t b) { return a >> (b & 31); }); }

// The reversed storage makes the whole register a little-endian integer in d[] (d[0] least
// significant), so shifting the big-endian vector left is shifting that integer up.
// vsl/vsr: the count is the low 3 bits of vB's last byte (the architecture asks for the same count
// in every byte; like qemu, only the last one is read). Widths: see docs/isa/altivec256.md.
namespace {
template <unsigned N> void shift_bits(VReg& r, const VReg& a, unsigned sh, bool left) {
  constexpr unsigned m = N / 8;
  for (unsigned i = 0; i < m; ++i) {
    if (left) r.d[i] = a.d[i] << sh | (sh && i > 0 ? a.d[i - 1] >> (64 - sh) : 0);
    else r.d[i] = a.d[i] >> sh | (sh && i + 1 < m ? a.d[i + 1] << (64 - sh) : 0);
  }
}

Status shift_whole(Hart& h, uint32_t w, bool left, bool octets) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const VReg &a = h.vr[ra(w)], &b = h.vr[rb(w)];
  VReg r;
  by_width(h, [&](auto nb) {
    if (!octets) return shift_bits<nb>(r, a, b.b[0] & 7, left);
    // vslo/vsro: octet count from bits 1-4 of the last byte (0-15); at 256 bits bit 0 as well (0-31).
    unsigned s = (b.b[0] >> 3) & (nb - 1);
    for (unsigned k = 0; k < nb; ++k) {
      if (left) r.b[k] = k >= s ? a.b[k - s] : 0;
      else r.b[k] = k + s < nb ? a.b[k + s] : 0;
    }
  });
  h.vr[rt(w)] = r;
  return Status::Ok;
}
}  // namespace

Status exec_vsl(Hart& h, uint32_t w) { return shift_whole(h, w, true, false); }
Status exec_vsr(Hart& h, uint32_t w) { return shift_whole(h, w, false, false); }
Status exec_vslo(Hart& h, uint32_t w) { return shift_whole(h, w, true, true); }
Status exec_vsro(Hart& h, uint32_t w) { return shift_whole(h, w, false, true); }

}  // namespace pimnic
