// Specialised vector float arithmetic (vaddfp, vsubfp, vmaddfp, vnmsubfp, vrefp, vrsqrtefp): the
// host computes every lane; when no input is a denormal and every result is a finite normal number
// above the smallest one, that is the answer in both NJ modes (nothing to flush, no NaN to
// rebuild, no tininess to decide), so it is written directly. Otherwise the row's general
// function runs the instruction from scratch. As the scalar FPU fast path, this relies on MXCSR
// being in its default mode (round to nearest, no FTZ/DAZ), which no host code here changes.
#include "cpu/threaded.h"

#if defined(__SSE2__) && !defined(PIMNIC_ALTIVEC_PORTABLE)
#include <immintrin.h>

#include "cpu/fpu_fast.h"  // fpu::host_fma

namespace pimnic {

using namespace threaded;
using namespace isa;

namespace {

using F = __m128;
using V = __m128i;

// Lanes holding a denormal (nonzero with a zero exponent).
inline V denormal(V x) {
  const V mag = _mm_and_si128(x, _mm_set1_epi32(0x7FFFFFFF));
  return _mm_and_si128(_mm_cmpgt_epi32(_mm_set1_epi32(0x00800000), mag), _mm_cmpgt_epi32(mag, _mm_setzero_si128()));
}
// Lanes that are not a finite normal number above the smallest one (in magnitude).
inline V not_plain(V r) {
  const V mag = _mm_and_si128(r, _mm_set1_epi32(0x7FFFFFFF));
  return _mm_xor_si128(_mm_and_si128(_mm_cmpgt_epi32(mag, _mm_set1_epi32(0x00800000)),
                                     _mm_cmpgt_epi32(_mm_set1_epi32(0x7F800000), mag)),
                       _mm_set1_epi32(-1));
}

inline V ld(const VReg& r, unsigned k) { return _mm_load_si128(reinterpret_cast<const V*>(r.b) + k); }
inline void st(VReg& r, unsigned k, V v) { _mm_store_si128(reinterpret_cast<V*>(r.b) + k, v); }

// The operations, with their operands as the executors pass them (x, y, z) and how many are read.
struct Add {
  static constexpr int kInputs = 2;
  static F run(F x, F y, F) { return _mm_add_ps(x, y); }
};
struct Sub {
  static constexpr int kInputs = 2;
  static F run(F x, F y, F) { return _mm_sub_ps(x, y); }
};
struct Recip {
  static constexpr int kInputs = 1;
  static F run(F x, F, F) { return _mm_div_ps(_mm_set1_ps(1.0f), x); }
};
struct RecipSqrt {
  static constexpr int kInputs = 1;
  static F run(F x, F, F) { return _mm_div_ps(_mm_set1_ps(1.0f), _mm_sqrt_ps(x)); }
};
// vA*vC + vB and -(vA*vC - vB), x = vA, y = vC, z = vB.
struct MulAdd {
  static constexpr int kInputs = 3;
  PIMNIC_FPU_FAST_INLINE static F run(F x, F y, F z) { return _mm_fmadd_ps(x, y, z); }
};
struct NegMulSub {
  static constexpr int kInputs = 3;
  PIMNIC_FPU_FAST_INLINE static F run(F x, F y, F z) {
    const F sign = _mm_castsi128_ps(_mm_set1_epi32(int(0x80000000u)));
    return _mm_xor_ps(_mm_fmadd_ps(x, y, _mm_xor_ps(z, sign)), sign);
  }
};

// All lanes of vD into out; false when some lane is not plain (see above). x, y, z are the
// registers the executor reads: vA, vB, vB for add; vA, vC, vB for the fused forms; vB for the
// estimates. Defined twice: the fused forms need a caller compiled for FMA.
#define PIMNIC_VFLOAT_COMPUTE                                                                  \
  const VReg& a = Op::kInputs == 1 ? h.vr[rb(w)] : h.vr[ra(w)];                                \
  const VReg& b = Op::kInputs == 3 ? h.vr[rc(w)] : h.vr[rb(w)];                                \
  const VReg& c = h.vr[rb(w)];                                                                 \
  V bad = _mm_setzero_si128();                                                                 \
  for (unsigned k = 0; k < chunks; ++k) {                                                      \
    const V x = ld(a, k), y = ld(b, k), z = ld(c, k);                                          \
    bad = _mm_or_si128(bad, denormal(x));                                                      \
    if (Op::kInputs > 1) bad = _mm_or_si128(bad, denormal(y));                                 \
    if (Op::kInputs > 2) bad = _mm_or_si128(bad, denormal(z));                                 \
    out[k] = _mm_castps_si128(Op::run(_mm_castsi128_ps(x), _mm_castsi128_ps(y), _mm_castsi128_ps(z))); \
    bad = _mm_or_si128(bad, not_plain(out[k]));                                                \
  }                                                                                            \
  return _mm_movemask_epi8(bad) == 0;

template <class Op> inline bool compute(Hart& h, uint32_t w, unsigned chunks, V* out) {
  PIMNIC_VFLOAT_COMPUTE
}
template <class Op> PIMNIC_FPU_FAST_INLINE bool compute_fma(Hart& h, uint32_t w, unsigned chunks, V* out) {
  PIMNIC_VFLOAT_COMPUTE
}

#define PIMNIC_VFLOAT_BODY(compute)                                                            \
  if (!(h.msr & MSR_VEC) || h.vec_bytes() != W) [[unlikely]]                                   \
    PIMNIC_TAIL_RETURN general<Exec>(h, e, key, rem);                                          \
  const uint32_t w = e->word;                                                                  \
  V r[W / 16];                                                                                 \
  if (!compute<Op>(h, w, W / 16, r)) [[unlikely]] PIMNIC_TAIL_RETURN general<Exec>(h, e, key, rem); \
  for (unsigned k = 0; k < W / 16; ++k) st(h.vr[rt(w)], k, r[k]);                              \
  ++e;                                                                                         \
  PIMNIC_NEXT(h, e, key, rem);

template <ExecFn Exec, class Op, unsigned W>
Status vfloat(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  PIMNIC_VFLOAT_BODY(compute)
}

// The fused forms need the host's FMA (chosen only when it has one).
template <ExecFn Exec, class Op, unsigned W>
__attribute__((target("fma"))) Status vfloat_fma(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  PIMNIC_VFLOAT_BODY(compute_fma)
}

template <ExecFn Exec, class Op>
ThreadedFn by_width(unsigned vec_bytes) {
  return vec_bytes == 16 ? &vfloat<Exec, Op, 16> : vec_bytes == 32 ? &vfloat<Exec, Op, 32> : nullptr;
}
template <ExecFn Exec, class Op>
ThreadedFn by_width_fma(unsigned vec_bytes) {
  if (!fpu::host_fma) return nullptr;
  return vec_bytes == 16 ? &vfloat_fma<Exec, Op, 16> : vec_bytes == 32 ? &vfloat_fma<Exec, Op, 32> : nullptr;
}

}  // namespace

ThreadedFn vector_form(InsnId id, uint32_t, unsigned vec_bytes) {
  switch (id) {
    case InsnId::vaddfp: return by_width<&exec_vaddfp, Add>(vec_bytes);
    case InsnId::vsubfp: return by_width<&exec_vsubfp, Sub>(vec_bytes);
    case InsnId::vrefp: return by_width<&exec_vrefp, Recip>(vec_bytes);
    case InsnId::vrsqrtefp: return by_width<&exec_vrsqrtefp, RecipSqrt>(vec_bytes);
    case InsnId::vmaddfp: return by_width_fma<&exec_vmaddfp, MulAdd>(vec_bytes);
    case InsnId::vnmsubfp: return by_width_fma<&exec_vnmsubfp, NegMulSub>(vec_bytes);
    default: return nullptr;
  }
}

}  // namespace pimnic

#else
namespace pimnic {
ThreadedFn vector_form(isa::InsnId, uint32_t, unsigned) { return nullptr; }
}  // namespace pimnic
#endif
