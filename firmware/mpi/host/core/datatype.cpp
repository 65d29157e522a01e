#include "core/datatype.h"

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "core/handles.h"
#include "core/datatype_derived.h"
#include "core/pair_types.h"

namespace pimnic::mpi {
namespace {

template <class T>
constexpr Scalar scalar_of() {
  if constexpr (std::is_same_v<T, bool>) return Scalar::Bool;
  else if constexpr (std::is_same_v<T, float>) return Scalar::F32;
  else if constexpr (std::is_same_v<T, double>) return Scalar::F64;
  else if constexpr (std::is_same_v<T, long double>) return Scalar::FLong;
  else if constexpr (T(-1) < T(0)) {
    return sizeof(T) == 1 ? Scalar::I8 : sizeof(T) == 2 ? Scalar::I16 : sizeof(T) == 4 ? Scalar::I32 : Scalar::I64;
  } else {
    return sizeof(T) == 1 ? Scalar::U8 : sizeof(T) == 2 ? Scalar::U16 : sizeof(T) == 4 ? Scalar::U32 : Scalar::U64;
  }
}

template <class T>
constexpr TypeInfo plain(const char* name, TypeClass type_class) {
  return {name,    type_class, scalar_of<T>(), uint32_t(sizeof(T)), uint32_t(sizeof(T)), 0, uint32_t(alignof(T)),
          true,    nullptr,    0,              0,                   0,                   0, 0,
          true,    1};
}

template <class V>
constexpr TypeInfo pair(const char* name) {
  constexpr uint32_t size = uint32_t(sizeof(V) + sizeof(int));
  return {name,
          TypeClass::Pair,
          scalar_of<V>(),
          size,
          uint32_t(sizeof(Pair<V>)),
          uint32_t(offsetof(Pair<V>, index)),
          uint32_t(alignof(Pair<V>)),
          size == sizeof(Pair<V>),
          nullptr,
          0,
          0,
          0,
          0,
          0,
          true,
          1};
}

// A C99 complex of T: two T, real then imaginary.
template <class T>
constexpr TypeInfo complex(const char* name) {
  return {name, TypeClass::Complex, scalar_of<T>(), uint32_t(2 * sizeof(T)), uint32_t(2 * sizeof(T)), 0,
          uint32_t(alignof(T)), true, nullptr, 0, 0, 0, 0, 0, true, 1};
}

// Indexed by the handle's index (mpi.h); entry 0 is MPI_DATATYPE_NULL.
const TypeInfo kTypes[] = {
    {"MPI_DATATYPE_NULL", TypeClass::Byte, Scalar::U8, 0, 0, 0, 1, true, nullptr, 0, 0, 0, 0, 0, false, 1},
    plain<char>("MPI_CHAR", TypeClass::Character),
    plain<signed char>("MPI_SIGNED_CHAR", TypeClass::Integer),
    plain<unsigned char>("MPI_UNSIGNED_CHAR", TypeClass::Integer),
    plain<unsigned char>("MPI_BYTE", TypeClass::Byte),
    plain<short>("MPI_SHORT", TypeClass::Integer),
    plain<unsigned short>("MPI_UNSIGNED_SHORT", TypeClass::Integer),
    plain<int>("MPI_INT", TypeClass::Integer),
    plain<unsigned>("MPI_UNSIGNED", TypeClass::Integer),
    plain<long>("MPI_LONG", TypeClass::Integer),
    plain<unsigned long>("MPI_UNSIGNED_LONG", TypeClass::Integer),
    plain<long long>("MPI_LONG_LONG_INT", TypeClass::Integer),
    plain<unsigned long long>("MPI_UNSIGNED_LONG_LONG", TypeClass::Integer),
    plain<float>("MPI_FLOAT", TypeClass::Floating),
    plain<double>("MPI_DOUBLE", TypeClass::Floating),
    plain<long double>("MPI_LONG_DOUBLE", TypeClass::Floating),
    plain<wchar_t>("MPI_WCHAR", TypeClass::Character),
    plain<bool>("MPI_C_BOOL", TypeClass::Logical),
    plain<int8_t>("MPI_INT8_T", TypeClass::Integer),
    plain<int16_t>("MPI_INT16_T", TypeClass::Integer),
    plain<int32_t>("MPI_INT32_T", TypeClass::Integer),
    plain<int64_t>("MPI_INT64_T", TypeClass::Integer),
    plain<uint8_t>("MPI_UINT8_T", TypeClass::Integer),
    plain<uint16_t>("MPI_UINT16_T", TypeClass::Integer),
    plain<uint32_t>("MPI_UINT32_T", TypeClass::Integer),
    plain<uint64_t>("MPI_UINT64_T", TypeClass::Integer),
    plain<MPI_Aint>("MPI_AINT", TypeClass::Integer),
    plain<MPI_Offset>("MPI_OFFSET", TypeClass::Integer),
    plain<MPI_Count>("MPI_COUNT", TypeClass::Integer),
    pair<float>("MPI_FLOAT_INT"),
    pair<double>("MPI_DOUBLE_INT"),
    pair<long>("MPI_LONG_INT"),
    pair<int>("MPI_2INT"),
    pair<short>("MPI_SHORT_INT"),
    pair<long double>("MPI_LONG_DOUBLE_INT"),
    plain<unsigned char>("MPI_PACKED", TypeClass::Byte),
    complex<float>("MPI_C_COMPLEX"),  // MPI_C_FLOAT_COMPLEX is its synonym; MPICH names it so
    complex<double>("MPI_C_DOUBLE_COMPLEX"),
    complex<long double>("MPI_C_LONG_DOUBLE_COMPLEX"),
    {"MPI_LB", TypeClass::Byte, Scalar::U8, 0, 0, 0, 1, true, nullptr, 0, 0, 0, 0, 0, true, 1},
    {"MPI_UB", TypeClass::Byte, Scalar::U8, 0, 0, 0, 1, true, nullptr, 0, 0, 0, 0, 0, true, 1},
    plain<int8_t>("MPI_INTEGER1", TypeClass::Integer),
    plain<int16_t>("MPI_INTEGER2", TypeClass::Integer),
    plain<int32_t>("MPI_INTEGER4", TypeClass::Integer),
    plain<int64_t>("MPI_INTEGER8", TypeClass::Integer),
    plain<float>("MPI_REAL4", TypeClass::Floating),
    plain<double>("MPI_REAL8", TypeClass::Floating),
    complex<float>("MPI_COMPLEX8"),
    complex<double>("MPI_COMPLEX16"),
    plain<bool>("MPI_CXX_BOOL", TypeClass::Logical),
    complex<float>("MPI_CXX_FLOAT_COMPLEX"),
    complex<double>("MPI_CXX_DOUBLE_COMPLEX"),
    complex<long double>("MPI_CXX_LONG_DOUBLE_COMPLEX"),
    plain<int32_t>("MPI_INTEGER", TypeClass::Integer),
    plain<float>("MPI_REAL", TypeClass::Floating),
    plain<double>("MPI_DOUBLE_PRECISION", TypeClass::Floating),
    complex<float>("MPI_COMPLEX"),
    complex<double>("MPI_DOUBLE_COMPLEX"),
};
constexpr uint32_t kTypeCount = sizeof kTypes / sizeof kTypes[0];
static_assert(handle_index(MPI_DOUBLE_COMPLEX) == kTypeCount - 1, "kTypes follows mpi.h's handle order");

}  // namespace

const TypeInfo* find_type(MPI_Datatype handle) {
  if (!handle_is(handle, HandleKind::Datatype)) return nullptr;
  const uint32_t index = handle_index(handle);
  if (index == 0) return nullptr;
  return index < kTypeCount ? &kTypes[index] : find_derived(index - kTypeCount);
}

uint32_t predefined_type_count() { return kTypeCount; }

void pack_items(const TypeInfo& type, const void* items, uint32_t count, void* packed) {
  if (type.dense) {
    memcpy(packed, items, size_t(count) * type.size);
    return;
  }
  const char* in = static_cast<const char*>(items);
  char* out = static_cast<char*>(packed);
  if (type.derived()) {
    for (uint32_t i = 0; i < count; ++i, in += type.extent) {
      for (uint32_t s = 0; s < type.segment_count; ++s) {
        const Segment& seg = type.segments[s];
        pack_items(*seg.type, in + seg.offset, seg.count, out);
        out += size_t(seg.count) * seg.type->size;
      }
    }
    return;
  }
  const uint32_t value_bytes = type.size - uint32_t(sizeof(int));  // a pair with padding
  for (uint32_t i = 0; i < count; ++i, in += type.extent, out += type.size) {
    memcpy(out, in, value_bytes);
    memcpy(out + value_bytes, in + type.index_offset, sizeof(int));
  }
}

void unpack_items(const TypeInfo& type, const void* packed, uint32_t count, void* items) {
  if (type.dense) {
    memcpy(items, packed, size_t(count) * type.size);
    return;
  }
  const char* in = static_cast<const char*>(packed);
  char* out = static_cast<char*>(items);
  if (type.derived()) {
    for (uint32_t i = 0; i < count; ++i, out += type.extent) {
      for (uint32_t s = 0; s < type.segment_count; ++s) {
        const Segment& seg = type.segments[s];
        unpack_items(*seg.type, in, seg.count, out + seg.offset);
        in += size_t(seg.count) * seg.type->size;
      }
    }
    return;
  }
  const uint32_t value_bytes = type.size - uint32_t(sizeof(int));
  for (uint32_t i = 0; i < count; ++i, in += type.size, out += type.extent) {
    memcpy(out, in, value_bytes);
    memcpy(out + type.index_offset, in + value_bytes, sizeof(int));
  }
}

void unpack_bytes(const TypeInfo& type, const void* packed, uint32_t bytes, void* items) {
  const uint32_t whole = type.size ? bytes / type.size : 0;
  unpack_items(type, packed, whole, items);
  uint32_t rest = bytes - whole * type.size;
  if (!rest || !type.derived()) return;
  const char* in = static_cast<const char*>(packed) + size_t(whole) * type.size;
  char* out = static_cast<char*>(items) + int64_t(whole) * type.extent;
  for (uint32_t s = 0; s < type.segment_count && rest; ++s) {  // the partial item: whole elements only
    const Segment& seg = type.segments[s];
    const uint32_t n = rest / seg.type->size < seg.count ? rest / seg.type->size : seg.count;
    unpack_items(*seg.type, in, n, out + seg.offset);
    in += size_t(n) * seg.type->size;
    rest -= n * seg.type->size;
    if (n < seg.count) break;
  }
}

namespace {

// Elements in the first `bytes` (less than one item's size) of a packed item.
int64_t elements_in_part(const TypeInfo& type, uint32_t bytes) {
  if (bytes == 0) return 0;
  if (!type.derived()) {  // only a pair's value can stand alone
    return type.type_class == TypeClass::Pair && bytes == type.size - uint32_t(sizeof(int)) ? 1 : -1;
  }
  int64_t elements = 0;
  for (uint32_t s = 0; s < type.segment_count; ++s) {
    const Segment& seg = type.segments[s];
    const uint64_t seg_bytes = uint64_t(seg.count) * seg.type->size;
    if (bytes >= seg_bytes) {
      elements += int64_t(seg.count) * seg.type->basic_elements();
      bytes -= uint32_t(seg_bytes);
      continue;
    }
    const int64_t part = elements_in_part(*seg.type, bytes % seg.type->size);
    return part < 0 ? -1 : elements + int64_t(bytes / seg.type->size) * seg.type->basic_elements() + part;
  }
  return elements;
}

}  // namespace

int64_t elements_in(const TypeInfo& type, uint32_t bytes) {
  if (type.size == 0) return bytes ? -1 : 0;
  const int64_t part = elements_in_part(type, bytes % type.size);
  return part < 0 ? -1 : int64_t(bytes / type.size) * type.basic_elements() + part;
}

}  // namespace pimnic::mpi
