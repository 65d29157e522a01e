#include "reduction_arith.h"

#include <pimnic/mpi_wire.h>
#include <softfloat.h>

#include <type_traits>

namespace nic {
namespace {

template <class T>
T load(const uint8_t* p) {
  T v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
template <class T>
void store(uint8_t* p, T v) {
  __builtin_memcpy(p, &v, sizeof v);
}

// Integers (and the one-byte bool): native arithmetic, wrapping in the unsigned type.
// (U: T's unsigned twin; the freestanding library has no make_unsigned)
template <class T, class U>
T int_op(uint8_t op, T a, T b) {
  using W = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;
  switch (op) {
    case MPIW_RED_MAX: return a > b ? a : b;
    case MPIW_RED_MIN: return a < b ? a : b;
    case MPIW_RED_SUM: return T(U(U(a) + U(b)));
    case MPIW_RED_PROD: return T(U(W(U(a)) * W(U(b))));
    case MPIW_RED_LAND: return T(a != 0 && b != 0);
    case MPIW_RED_LOR: return T(a != 0 || b != 0);
    case MPIW_RED_LXOR: return T((a != 0) != (b != 0));
    case MPIW_RED_BAND: return T(a & b);
    case MPIW_RED_BOR: return T(a | b);
    default: return T(a ^ b);  // MPIW_RED_BXOR
  }
}

// Floats as raw bits through SoftFloat; F is float32 or float64's operations. MAX and MIN compare
// quietly, as the host's C comparisons do (a NaN compares false either way).
struct F32 {
  using Bits = uint32_t;
  static Bits add(Bits a, Bits b) { return sf32_add(a, b); }
  static Bits mul(Bits a, Bits b) { return sf32_mul(a, b); }
  static bool lt(Bits a, Bits b) { return sf32_lt_quiet(a, b); }
};
struct F64 {
  using Bits = uint64_t;
  static Bits add(Bits a, Bits b) { return sf64_add(a, b); }
  static Bits mul(Bits a, Bits b) { return sf64_mul(a, b); }
  static bool lt(Bits a, Bits b) { return sf64_lt_quiet(a, b); }
};

template <class F>
typename F::Bits float_op(uint8_t op, typename F::Bits a, typename F::Bits b) {
  switch (op) {
    case MPIW_RED_MAX: return F::lt(b, a) ? a : b;  // a > b
    case MPIW_RED_MIN: return F::lt(a, b) ? a : b;
    case MPIW_RED_SUM: return F::add(a, b);
    default: return F::mul(a, b);  // MPIW_RED_PROD (MPI allows nothing else on floats)
  }
}

template <class T, class U>
void fold_ints(uint8_t op, uint32_t count, uint8_t* acc, const uint8_t* in) {
  for (uint32_t i = 0; i < count; ++i, acc += sizeof(T), in += sizeof(T))
    store<T>(acc, int_op<T, U>(op, load<T>(acc), load<T>(in)));
}

template <class F>
void fold_floats(uint8_t op, uint32_t count, uint8_t* acc, const uint8_t* in) {
  using B = typename F::Bits;
  for (uint32_t i = 0; i < count; ++i, acc += sizeof(B), in += sizeof(B))
    store<B>(acc, float_op<F>(op, load<B>(acc), load<B>(in)));
}

}  // namespace

void reduce_fold(uint8_t op, uint8_t element, uint32_t count, uint8_t* acc, const uint8_t* in) {
  switch (element) {
    case MPIW_REL_I8: return fold_ints<int8_t, uint8_t>(op, count, acc, in);
    case MPIW_REL_U8: case MPIW_REL_BOOL: return fold_ints<uint8_t, uint8_t>(op, count, acc, in);
    case MPIW_REL_I16: return fold_ints<int16_t, uint16_t>(op, count, acc, in);
    case MPIW_REL_U16: return fold_ints<uint16_t, uint16_t>(op, count, acc, in);
    case MPIW_REL_I32: return fold_ints<int32_t, uint32_t>(op, count, acc, in);
    case MPIW_REL_U32: return fold_ints<uint32_t, uint32_t>(op, count, acc, in);
    case MPIW_REL_I64: return fold_ints<int64_t, uint64_t>(op, count, acc, in);
    case MPIW_REL_U64: return fold_ints<uint64_t, uint64_t>(op, count, acc, in);
    case MPIW_REL_F32: return fold_floats<F32>(op, count, acc, in);
    case MPIW_REL_F64: return fold_floats<F64>(op, count, acc, in);
    default: return;
  }
}

}  // namespace nic
