// Floating-point machinery of the AltiVec executors. The vector unit always rounds to nearest even,
// raises no exceptions, and in non-Java mode (VSCR[NJ]) reads denormal inputs as zero and flushes
// results that underflow to zero (keeping the sign). NaN results follow the PowerPC rules: the
// first NaN operand, quieted, else the default NaN 0x7FC00000. The host computes the ordinary
// cases; NaN lanes are rebuilt afterwards.
#pragma once
#include <cstdint>

#include "cpu/altivec_common.h"
#include "util/bits.h"

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace pimnic::vec {

inline constexpr uint32_t kSign = 0x80000000u, kExp = 0x7F800000u, kQuiet = 0x00400000u;
inline constexpr uint32_t kDefaultNan = 0x7FC00000u;
inline constexpr uint32_t kMinNormal = 0x00800000u;

inline bool is_nan(uint32_t x) { return (x & 0x7FFFFFFFu) > kExp; }
inline uint32_t quiet(uint32_t x) { return x | kQuiet; }
// A denormal becomes a zero of the same sign; everything else is unchanged.
inline uint32_t flush(uint32_t x) { return (x & kExp) ? x : x & kSign; }
inline uint32_t flush_if(uint32_t x, bool nj) { return nj ? flush(x) : x; }

inline uint32_t nan1(uint32_t x) { return is_nan(x) ? quiet(x) : kDefaultNan; }
inline uint32_t nan2(uint32_t x, uint32_t y) {
  return is_nan(x) ? quiet(x) : is_nan(y) ? quiet(y) : kDefaultNan;
}

// The host SSE unit in the vector unit's mode (round to nearest, denormals on, exceptions masked)
// for the scope of one instruction, whatever the scalar FPU emulation left in MXCSR. Only writes
// MXCSR when it differs.
class HostFpMode {
 public:
#if defined(__SSE__)
  HostFpMode() : saved_(_mm_getcsr()) {
    if ((saved_ & kControl) != kWanted) _mm_setcsr((saved_ & ~kControl) | kWanted);
  }
  ~HostFpMode() {
    if ((saved_ & kControl) != kWanted) _mm_setcsr(saved_);
  }

 private:
  static constexpr unsigned kControl = 0xFFC0, kWanted = 0x1F80;  // RC, FTZ, DAZ, masks
  unsigned saved_;
#endif
};

// Element-wise float operation over the core's width: inputs flushed under NJ, result from op on
// host floats, NaN lanes rebuilt with nan(x, y, z) from the (flushed) input bits, denormal results
// flushed under NJ. Operands x, y, z are the registers named by the caller (unused ones may repeat).
// Underflow is detected before rounding, as PowerPC does: a result the host rounded up to the
// smallest normal is flushed too when tiny(x, y, z) says the exact value was below it.
template <class Op, class Nan, class Tiny>
inline void float_map(Hart& h, VReg& r, const VReg& a, const VReg& b, const VReg& c, Op op, Nan nan,
                      Tiny tiny) {
  HostFpMode mode;
  const bool nj = h.vscr & VSCR_NJ;
  by_width(h, [&](auto nb) {
    constexpr unsigned n = nb / 4;
    uint32_t x[n], y[n], z[n];
    for (unsigned i = 0; i < n; ++i) {
      x[i] = flush_if(a.w[i], nj), y[i] = flush_if(b.w[i], nj), z[i] = flush_if(c.w[i], nj);
      r.f[i] = op(bits_f32(x[i]), bits_f32(y[i]), bits_f32(z[i]));
    }
    bool any_special = false;
    for (unsigned i = 0; i < n; ++i) {
      any_special |= is_nan(r.w[i]) | (nj & ((r.w[i] & ~kSign) == kMinNormal));
      r.w[i] = flush_if(r.w[i], nj);
    }
    if (any_special) [[unlikely]] {
      for (unsigned i = 0; i < n; ++i) {
        if (is_nan(r.w[i])) r.w[i] = nan(x[i], y[i], z[i]);
        else if (nj && (r.w[i] & ~kSign) == kMinNormal && tiny(x[i], y[i], z[i])) r.w[i] &= kSign;
      }
    }
  });
}

// For operations whose results that round to the smallest normal are never tiny (add, subtract,
// square roots): the exact result is then representable.
inline constexpr auto never_tiny = [](uint32_t, uint32_t, uint32_t) { return false; };

}  // namespace pimnic::vec
