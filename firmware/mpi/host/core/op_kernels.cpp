// The arithmetic of the predefined ops. Signed integers wrap (computed in the unsigned type) so
// that overflow is defined and matches what MPICH's plain C arithmetic gives on the same machine.
#include <cstdint>
#include <type_traits>

#include "core/op.h"
#include "core/pair_types.h"

namespace pimnic::mpi {
namespace {

// (bool never reaches the arithmetic ops: MPI_C_BOOL is logical only.)
template <class T>
T wrap_add(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) {
    return a || b;
  } else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return T(U(U(a) + U(b)));
  } else {
    return a + b;
  }
}

template <class T>
T wrap_mul(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) {
    return a && b;
  } else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    // Promote to at least unsigned int so that narrow types do not multiply as signed int.
    using W = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;
    return T(U(W(U(a)) * W(U(b))));
  } else {
    return a * b;
  }
}

// One elementwise op over n items. Every op reads in[i] and io[i] and writes io[i].
template <class T>
void elementwise(OpCode op, const T* in, T* io, uint32_t n) {
  switch (op) {
    case OpCode::Max:
      for (uint32_t i = 0; i < n; ++i) io[i] = io[i] > in[i] ? io[i] : in[i];
      return;
    case OpCode::Min:
      for (uint32_t i = 0; i < n; ++i) io[i] = io[i] < in[i] ? io[i] : in[i];
      return;
    case OpCode::Sum:
      for (uint32_t i = 0; i < n; ++i) io[i] = wrap_add(io[i], in[i]);
      return;
    case OpCode::Prod:
      for (uint32_t i = 0; i < n; ++i) io[i] = wrap_mul(io[i], in[i]);
      return;
    case OpCode::Land:
      for (uint32_t i = 0; i < n; ++i) io[i] = T((io[i] != T(0)) && (in[i] != T(0)));
      return;
    case OpCode::Lor:
      for (uint32_t i = 0; i < n; ++i) io[i] = T((io[i] != T(0)) || (in[i] != T(0)));
      return;
    case OpCode::Lxor:
      for (uint32_t i = 0; i < n; ++i) io[i] = T((io[i] != T(0)) != (in[i] != T(0)));
      return;
    default: break;
  }
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    switch (op) {
      case OpCode::Band:
        for (uint32_t i = 0; i < n; ++i) io[i] = T(io[i] & in[i]);
        return;
      case OpCode::Bor:
        for (uint32_t i = 0; i < n; ++i) io[i] = T(io[i] | in[i]);
        return;
      case OpCode::Bxor:
        for (uint32_t i = 0; i < n; ++i) io[i] = T(io[i] ^ in[i]);
        return;
      default: break;
    }
  }
}

// MPI_MINLOC / MPI_MAXLOC: the smaller (larger) value wins; on a tie, the smaller index.
template <class V>
void location(OpCode op, const Pair<V>* in, Pair<V>* io, uint32_t n) {
  const bool want_min = op == OpCode::Minloc;
  for (uint32_t i = 0; i < n; ++i) {
    const bool better = want_min ? in[i].value < io[i].value : in[i].value > io[i].value;
    if (better) {
      io[i] = in[i];
    } else if (in[i].value == io[i].value && in[i].index < io[i].index) {
      io[i].index = in[i].index;
    }
  }
}

template <template <class> class Kernel>
void dispatch(Scalar scalar, OpCode op, const void* in, void* io, uint32_t n) {
  switch (scalar) {
    case Scalar::I8: return Kernel<int8_t>::run(op, in, io, n);
    case Scalar::U8: return Kernel<uint8_t>::run(op, in, io, n);
    case Scalar::I16: return Kernel<int16_t>::run(op, in, io, n);
    case Scalar::U16: return Kernel<uint16_t>::run(op, in, io, n);
    case Scalar::I32: return Kernel<int32_t>::run(op, in, io, n);
    case Scalar::U32: return Kernel<uint32_t>::run(op, in, io, n);
    case Scalar::I64: return Kernel<int64_t>::run(op, in, io, n);
    case Scalar::U64: return Kernel<uint64_t>::run(op, in, io, n);
    case Scalar::F32: return Kernel<float>::run(op, in, io, n);
    case Scalar::F64: return Kernel<double>::run(op, in, io, n);
    case Scalar::FLong: return Kernel<long double>::run(op, in, io, n);
    case Scalar::Bool: return Kernel<bool>::run(op, in, io, n);
  }
}

template <class T>
struct ElementwiseKernel {
  static void run(OpCode op, const void* in, void* io, uint32_t n) {
    elementwise(op, static_cast<const T*>(in), static_cast<T*>(io), n);
  }
};

template <class V>
struct LocationKernel {
  static void run(OpCode op, const void* in, void* io, uint32_t n) {
    if constexpr (!std::is_same_v<V, bool>) {
      location(op, static_cast<const Pair<V>*>(in), static_cast<Pair<V>*>(io), n);
    }
  }
};

// Complex products, (a + bi)(c + di); sums are elementwise over the parts.
template <class T>
struct ComplexProductKernel {
  static void run(OpCode, const void* in, void* io, uint32_t n) {
    if constexpr (std::is_floating_point_v<T>) {
      const T* a = static_cast<const T*>(in);
      T* b = static_cast<T*>(io);
      for (uint32_t i = 0; i < n; ++i, a += 2, b += 2) {
        const T re = a[0] * b[0] - a[1] * b[1];
        b[1] = a[0] * b[1] + a[1] * b[0];
        b[0] = re;
      }
    }
  }
};

}  // namespace

void predefined_reduce(OpCode op, const void* in, void* inout, uint32_t count, const TypeInfo& type) {
  if (type.type_class == TypeClass::Complex) {
    if (op == OpCode::Prod) return dispatch<ComplexProductKernel>(type.scalar, op, in, inout, count);
    return dispatch<ElementwiseKernel>(type.scalar, op, in, inout, 2 * count);
  }
  if (type.type_class == TypeClass::Pair) {
    dispatch<LocationKernel>(type.scalar, op, in, inout, count);
  } else {
    dispatch<ElementwiseKernel>(type.scalar, op, in, inout, count);
  }
}

}  // namespace pimnic::mpi
