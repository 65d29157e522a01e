// Specialised loads and stores: the access tries the hart's fast path (a TLB hit on a RAM page, no
// page crossing, FP alignment) and otherwise hands the instruction, untouched, to the row's
// general function, which runs it from scratch with exact pc and icount. The fast path cannot
// fault or reach a device, so it needs neither, and it makes no calls (no stack frame).
#include <type_traits>

#include "cpu/fpu_bits.h"
#include "cpu/threaded.h"
#include "cpu/vreg_access.h"
#include "isa/exec_decls.h"

namespace pimnic {

using namespace threaded;
using namespace isa;

namespace {

// How the effective address is formed: rA|0 + d, rA|0 + rB with rA = 0 known or not, and the
// update forms rA + d, rA + rB (valid forms only: rA != 0, and rA != rT for loads).
enum class Ea { D0, D, X0, X, DU, XU };

template <Ea A> inline uint32_t ea(const Hart& h, uint32_t w) {
  if constexpr (A == Ea::D0) return uint32_t(simm(w));
  else if constexpr (A == Ea::D || A == Ea::DU) return h.gpr[ra(w)] + uint32_t(simm(w));
  else if constexpr (A == Ea::X0) return h.gpr[rb(w)];
  else return h.gpr[ra(w)] + h.gpr[rb(w)];
}
template <Ea A> constexpr bool kUpdate = A == Ea::DU || A == Ea::XU;

// The functions of one row for its EA forms: [rA = 0, rA != 0].
struct Pair {
  ThreadedFn ra0, ra;
};

#define PIMNIC_SLOW_PATH(F) PIMNIC_TAIL_RETURN general<F>(h, e, key, rem)

// Integer loads: T is the memory type (int16_t for the algebraic lha forms).
template <ExecFn F, class T, Ea A>
Status load(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t w = e->word, a = ea<A>(h, w);
  const uint8_t* p;
  if (!h.fast_read_at(a, sizeof(T), p)) [[unlikely]] PIMNIC_SLOW_PATH(F);
  const T v = load_be<T>(p);
  h.gpr[rt(w)] = std::is_signed_v<T> ? uint32_t(int32_t(v)) : uint32_t(v);
  if (kUpdate<A>) h.gpr[ra(w)] = a;
  ++e;
  PIMNIC_NEXT(h, e, key, rem);
}

template <ExecFn F, class T, Ea A>
Status store(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t w = e->word, a = ea<A>(h, w);
  uint8_t* p;
  if (!h.fast_write_at(a, sizeof(T), p)) [[unlikely]] PIMNIC_SLOW_PATH(F);
  store_be<T>(p, T(h.gpr[rt(w)]));
  if (kUpdate<A>) h.gpr[ra(w)] = a;
  ++e;
  PIMNIC_NEXT(h, e, key, rem);
}

// FP loads and stores: MSR[FP] set and a word-aligned address, else the general path.
template <ExecFn F, bool Single, Ea A>
Status fp_load(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t w = e->word, a = ea<A>(h, w);
  const uint8_t* p;
  if (!h.fast_read_at(a, Single ? 4 : 8, p) || !(h.msr & MSR_FP) || (a & 3)) [[unlikely]]
    PIMNIC_SLOW_PATH(F);
  h.fpr[rt(w)] = Single ? fpu::single_to_double(load_be<uint32_t>(p)) : load_be<uint64_t>(p);
  if (kUpdate<A>) h.gpr[ra(w)] = a;
  ++e;
  PIMNIC_NEXT(h, e, key, rem);
}

template <ExecFn F, bool Single, Ea A>
Status fp_store(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t w = e->word, a = ea<A>(h, w);
  uint8_t* p;
  if (!h.fast_write_at(a, Single ? 4 : 8, p) || !(h.msr & MSR_FP) || (a & 3)) [[unlikely]]
    PIMNIC_SLOW_PATH(F);
  const uint64_t v = h.fpr[rt(w)];
  if (Single) store_be<uint32_t>(p, fpu::double_to_single_bits(v));
  else store_be<uint64_t>(p, v);
  if (kUpdate<A>) h.gpr[ra(w)] = a;
  ++e;
  PIMNIC_NEXT(h, e, key, rem);
}

// lvx/stvx (and the LRU-hint forms): N bytes (the core's width) at EA rounded down to N.
template <ExecFn F, unsigned N, Ea A>
Status vec_load(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t w = e->word, a = ea<A>(h, w) & ~(N - 1);
  const uint8_t* p;
  if (!h.fast_read_at(a, N, p) || !(h.msr & MSR_VEC) || h.vec_bytes() != N) [[unlikely]]
    PIMNIC_SLOW_PATH(F);
  vec::from_memory(h.vr[rt(w)], p, N);
  ++e;
  PIMNIC_NEXT(h, e, key, rem);
}

template <ExecFn F, unsigned N, Ea A>
Status vec_store(Hart& h, const Decoded* e, uint32_t key, int64_t rem) {
  const uint32_t w = e->word, a = ea<A>(h, w) & ~(N - 1);
  uint8_t* p;
  if (!h.fast_write_at(a, N, p) || !(h.msr & MSR_VEC) || h.vec_bytes() != N) [[unlikely]]
    PIMNIC_SLOW_PATH(F);
  vec::to_memory(p, h.vr[rt(w)], N);
  ++e;
  PIMNIC_NEXT(h, e, key, rem);
}

template <ExecFn F, unsigned N>
constexpr Pair vec_load_x() { return {&vec_load<F, N, Ea::X0>, &vec_load<F, N, Ea::X>}; }
template <ExecFn F, unsigned N>
constexpr Pair vec_store_x() { return {&vec_store<F, N, Ea::X0>, &vec_store<F, N, Ea::X>}; }

// Choosers per family. Update forms need a valid form (checked by the caller).
template <ExecFn F, class T> constexpr Pair int_load_d() { return {&load<F, T, Ea::D0>, &load<F, T, Ea::D>}; }
template <ExecFn F, class T> constexpr Pair int_load_x() { return {&load<F, T, Ea::X0>, &load<F, T, Ea::X>}; }
template <ExecFn F, class T> constexpr Pair int_store_d() { return {&store<F, T, Ea::D0>, &store<F, T, Ea::D>}; }
template <ExecFn F, class T> constexpr Pair int_store_x() { return {&store<F, T, Ea::X0>, &store<F, T, Ea::X>}; }

ThreadedFn pick(const Pair& p, uint32_t w) { return ra(w) ? p.ra : p.ra0; }
ThreadedFn vector_pick(const Pair& p16, const Pair& p32, uint32_t w, unsigned vec_bytes) {
  return vec_bytes == 16 ? pick(p16, w) : vec_bytes == 32 ? pick(p32, w) : nullptr;
}

}  // namespace

ThreadedFn memory_form(InsnId id, uint32_t w, unsigned vec_bytes) {
  const bool ra_ok = ra(w) != 0, load_ok = ra_ok && ra(w) != rt(w);  // valid update forms
  switch (id) {
    // integer loads
    case InsnId::lbz: return pick(int_load_d<&exec_lbz, uint8_t>(), w);
    case InsnId::lhz: return pick(int_load_d<&exec_lhz, uint16_t>(), w);
    case InsnId::lha: return pick(int_load_d<&exec_lha, int16_t>(), w);
    case InsnId::lwz: return pick(int_load_d<&exec_lwz, uint32_t>(), w);
    case InsnId::lbzx: return pick(int_load_x<&exec_lbzx, uint8_t>(), w);
    case InsnId::lhzx: return pick(int_load_x<&exec_lhzx, uint16_t>(), w);
    case InsnId::lhax: return pick(int_load_x<&exec_lhax, int16_t>(), w);
    case InsnId::lwzx: return pick(int_load_x<&exec_lwzx, uint32_t>(), w);
    case InsnId::lbzu: return load_ok ? &load<&exec_lbzu, uint8_t, Ea::DU> : nullptr;
    case InsnId::lhzu: return load_ok ? &load<&exec_lhzu, uint16_t, Ea::DU> : nullptr;
    case InsnId::lhau: return load_ok ? &load<&exec_lhau, int16_t, Ea::DU> : nullptr;
    case InsnId::lwzu: return load_ok ? &load<&exec_lwzu, uint32_t, Ea::DU> : nullptr;
    case InsnId::lbzux: return load_ok ? &load<&exec_lbzux, uint8_t, Ea::XU> : nullptr;
    case InsnId::lhzux: return load_ok ? &load<&exec_lhzux, uint16_t, Ea::XU> : nullptr;
    case InsnId::lwzux: return load_ok ? &load<&exec_lwzux, uint32_t, Ea::XU> : nullptr;
    // integer stores
    case InsnId::stb: return pick(int_store_d<&exec_stb, uint8_t>(), w);
    case InsnId::sth: return pick(int_store_d<&exec_sth, uint16_t>(), w);
    case InsnId::stw: return pick(int_store_d<&exec_stw, uint32_t>(), w);
    case InsnId::stbx: return pick(int_store_x<&exec_stbx, uint8_t>(), w);
    case InsnId::sthx: return pick(int_store_x<&exec_sthx, uint16_t>(), w);
    case InsnId::stwx: return pick(int_store_x<&exec_stwx, uint32_t>(), w);
    case InsnId::stbu: return ra_ok ? &store<&exec_stbu, uint8_t, Ea::DU> : nullptr;
    case InsnId::sthu: return ra_ok ? &store<&exec_sthu, uint16_t, Ea::DU> : nullptr;
    case InsnId::stwu: return ra_ok ? &store<&exec_stwu, uint32_t, Ea::DU> : nullptr;
    case InsnId::stbux: return ra_ok ? &store<&exec_stbux, uint8_t, Ea::XU> : nullptr;
    case InsnId::sthux: return ra_ok ? &store<&exec_sthux, uint16_t, Ea::XU> : nullptr;
    case InsnId::stwux: return ra_ok ? &store<&exec_stwux, uint32_t, Ea::XU> : nullptr;
    // floating point (update forms need only rA != 0)
    case InsnId::lfd: return ra_ok ? &fp_load<&exec_lfd, false, Ea::D> : &fp_load<&exec_lfd, false, Ea::D0>;
    case InsnId::lfs: return ra_ok ? &fp_load<&exec_lfs, true, Ea::D> : &fp_load<&exec_lfs, true, Ea::D0>;
    case InsnId::lfdx: return ra_ok ? &fp_load<&exec_lfdx, false, Ea::X> : &fp_load<&exec_lfdx, false, Ea::X0>;
    case InsnId::lfsx: return ra_ok ? &fp_load<&exec_lfsx, true, Ea::X> : &fp_load<&exec_lfsx, true, Ea::X0>;
    case InsnId::lfdu: return ra_ok ? &fp_load<&exec_lfdu, false, Ea::DU> : nullptr;
    case InsnId::lfsu: return ra_ok ? &fp_load<&exec_lfsu, true, Ea::DU> : nullptr;
    case InsnId::lfdux: return ra_ok ? &fp_load<&exec_lfdux, false, Ea::XU> : nullptr;
    case InsnId::lfsux: return ra_ok ? &fp_load<&exec_lfsux, true, Ea::XU> : nullptr;
    case InsnId::stfd: return ra_ok ? &fp_store<&exec_stfd, false, Ea::D> : &fp_store<&exec_stfd, false, Ea::D0>;
    case InsnId::stfs: return ra_ok ? &fp_store<&exec_stfs, true, Ea::D> : &fp_store<&exec_stfs, true, Ea::D0>;
    case InsnId::stfdx: return ra_ok ? &fp_store<&exec_stfdx, false, Ea::X> : &fp_store<&exec_stfdx, false, Ea::X0>;
    case InsnId::stfsx: return ra_ok ? &fp_store<&exec_stfsx, true, Ea::X> : &fp_store<&exec_stfsx, true, Ea::X0>;
    case InsnId::stfdu: return ra_ok ? &fp_store<&exec_stfdu, false, Ea::DU> : nullptr;
    case InsnId::stfsu: return ra_ok ? &fp_store<&exec_stfsu, true, Ea::DU> : nullptr;
    case InsnId::stfdux: return ra_ok ? &fp_store<&exec_stfdux, false, Ea::XU> : nullptr;
    case InsnId::stfsux: return ra_ok ? &fp_store<&exec_stfsux, true, Ea::XU> : nullptr;
    // vector
    case InsnId::lvx: return vector_pick(vec_load_x<&exec_lvx, 16>(), vec_load_x<&exec_lvx, 32>(), w, vec_bytes);
    case InsnId::lvxl: return vector_pick(vec_load_x<&exec_lvxl, 16>(), vec_load_x<&exec_lvxl, 32>(), w, vec_bytes);
    case InsnId::stvx: return vector_pick(vec_store_x<&exec_stvx, 16>(), vec_store_x<&exec_stvx, 32>(), w, vec_bytes);
    case InsnId::stvxl: return vector_pick(vec_store_x<&exec_stvxl, 16>(), vec_store_x<&exec_stvxl, 32>(), w, vec_bytes);
    default: return nullptr;
  }
}

}  // namespace pimnic
