// AltiVec loads and stores, and the alignment vectors lvsl/lvsr. Whole-register accesses move the
// core's vector width at EA rounded down to it; element accesses address the element of that
// block that EA falls in and leave the other elements of vD unchanged (as qemu does; the
// architecture leaves them undefined).
#include "cpu/altivec_simd.h"

namespace pimnic {

using namespace vec;

namespace {

// Slow paths (device, unmapped, watched or recorded pages) out of line, so the fast path needs no
// stack frame.
[[gnu::noinline]] Status load_vector_slow(Hart& h, uint32_t w, uint32_t ea) {
  const unsigned n = h.vec_bytes();
  uint8_t buf[32];
  if (!h.read_block(ea, buf, n)) return h.mem_status;
  from_memory(h.vr[rt(w)], buf, n);
  return Status::Ok;
}

[[gnu::noinline]] Status store_vector_slow(Hart& h, uint32_t w, uint32_t ea) {
  const unsigned n = h.vec_bytes();
  uint8_t buf[32];
  to_memory(buf, h.vr[rt(w)], n);
  return h.write_block(ea, buf, n) ? Status::Ok : h.mem_status;
}

// The whole-register block never crosses a page, so one fast-path lookup covers it. Only the first
// n host bytes of vD are written: on a 128-bit core the rest stays zero.
[[gnu::always_inline]] inline Status load_vector(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const unsigned n = h.vec_bytes();
  const uint32_t ea = ea_x(h, w) & ~(n - 1);
  const uint8_t* p = h.fast_read_ptr(ea);
  if (!p) [[unlikely]] {
    p = h.rec_read_ptr(ea);
    if (!p) return load_vector_slow(h, w, ea);
    h.record_block(ea, n, false, p);
  }
  if (n == 16) VEC_PICK(sse::load_reversed(h.vr[rt(w)], p, 16), from_memory(h.vr[rt(w)], p, 16));
  else VEC_PICK(sse::load_reversed(h.vr[rt(w)], p, 32), from_memory(h.vr[rt(w)], p, 32));
  return Status::Ok;
}

[[gnu::always_inline]] inline Status store_vector(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const unsigned n = h.vec_bytes();
  const uint32_t ea = ea_x(h, w) & ~(n - 1);
  uint8_t* p = h.fast_write_ptr(ea);
  const bool recording = !p;
  if (recording) [[unlikely]] {
    p = h.rec_write_ptr(ea);
    if (!p) return store_vector_slow(h, w, ea);
  }
  if (n == 16) VEC_PICK(sse::store_reversed(p, h.vr[rt(w)], 16), to_memory(p, h.vr[rt(w)], 16));
  else VEC_PICK(sse::store_reversed(p, h.vr[rt(w)], 32), to_memory(p, h.vr[rt(w)], 32));
  if (recording) [[unlikely]] h.record_block(ea, n, true, p);
  return Status::Ok;
}

template <class T> Status load_element(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const unsigned n = h.vec_bytes();
  uint32_t ea = ea_x(h, w) & ~uint32_t(sizeof(T) - 1);
  T v;
  if (!h.read(ea, v)) return h.mem_status;
  be<T>(h.vr[rt(w)], (ea & (n - 1)) / sizeof(T), n) = v;
  return Status::Ok;
}

template <class T> Status store_element(Hart& h, uint32_t w) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const unsigned n = h.vec_bytes();
  uint32_t ea = ea_x(h, w) & ~uint32_t(sizeof(T) - 1);
  return h.write(ea, be<T>(h.vr[rt(w)], (ea & (n - 1)) / sizeof(T), n)) ? Status::Ok : h.mem_status;
}

// Byte i of the result is sh + i (lvsl) or N - sh + i (lvsr), sh = EA mod N: the vperm control
// that extracts an unaligned vector from two aligned loads.
Status shift_vector(Hart& h, uint32_t w, bool left) {
  if (!enabled(h)) [[unlikely]] return unavailable(h);
  const unsigned n = h.vec_bytes(), sh = ea_x(h, w) & (n - 1);
  VReg r;
  for (unsigned i = 0; i < n; ++i) be<uint8_t>(r, i, n) = uint8_t((left ? sh : n - sh) + i);
  h.vr[rt(w)] = r;
  return Status::Ok;
}

}  // namespace

Status exec_lvx(Hart& h, uint32_t w) { return load_vector(h, w); }
Status exec_lvxl(Hart& h, uint32_t w) { return load_vector(h, w); }  // LRU hint only
Status exec_stvx(Hart& h, uint32_t w) { return store_vector(h, w); }
Status exec_stvxl(Hart& h, uint32_t w) { return store_vector(h, w); }
Status exec_lvebx(Hart& h, uint32_t w) { return load_element<uint8_t>(h, w); }
Status exec_lvehx(Hart& h, uint32_t w) { return load_element<uint16_t>(h, w); }
Status exec_lvewx(Hart& h, uint32_t w) { return load_element<uint32_t>(h, w); }
Status exec_stvebx(Hart& h, uint32_t w) { return store_element<uint8_t>(h, w); }
Status exec_stvehx(Hart& h, uint32_t w) { return store_element<uint16_t>(h, w); }
Status exec_stvewx(Hart& h, uint32_t w) { return store_element<uint32_t>(h, w); }
Status exec_lvsl(Hart& h, uint32_t w) { return shift_vector(h, w, true); }
Status exec_lvsr(Hart& h, uint32_t w) { return shift_vector(h, w, false); }

}  // namespace pimnic
