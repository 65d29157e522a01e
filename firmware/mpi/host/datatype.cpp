#include "datatype.h"

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "handles.h"
#include "pair_types.h"

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
  return {name, type_class, scalar_of<T>(), uint32_t(sizeof(T)), uint32_t(sizeof(T)), 0};
}

template <class V>
constexpr TypeInfo pair(const char* name) {
  return {name, TypeClass::Pair, scalar_of<V>(), uint32_t(sizeof(V) + sizeof(int)), uint32_t(sizeof(Pair<V>)),
          uint32_t(offsetof(Pair<V>, index))};
}

// Indexed by the handle's index (mpi.h); entry 0 is MPI_DATATYPE_NULL.
const TypeInfo kTypes[] = {
    {"MPI_DATATYPE_NULL", TypeClass::Byte, Scalar::U8, 0, 0, 0},
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
};
constexpr uint32_t kTypeCount = sizeof kTypes / sizeof kTypes[0];
static_assert(handle_index(MPI_LONG_DOUBLE_INT) == kTypeCount - 1, "kTypes follows mpi.h's handle order");

}  // namespace

const TypeInfo* find_type(MPI_Datatype handle) {
  if (!handle_is(handle, HandleKind::Datatype)) return nullptr;
  uint32_t index = handle_index(handle);
  if (index == 0 || index >= kTypeCount) return nullptr;
  return &kTypes[index];
}

void pack_items(const TypeInfo& type, const void* items, uint32_t count, void* packed) {
  const uint32_t value_bytes = type.size - uint32_t(sizeof(int));
  const char* in = static_cast<const char*>(items);
  char* out = static_cast<char*>(packed);
  for (uint32_t i = 0; i < count; ++i, in += type.extent, out += type.size) {
    memcpy(out, in, value_bytes);
    memcpy(out + value_bytes, in + type.index_offset, sizeof(int));
  }
}

void unpack_items(const TypeInfo& type, const void* packed, uint32_t count, void* items) {
  const uint32_t value_bytes = type.size - uint32_t(sizeof(int));
  const char* in = static_cast<const char*>(packed);
  char* out = static_cast<char*>(items);
  for (uint32_t i = 0; i < count; ++i, in += type.size, out += type.extent) {
    memcpy(out, in, value_bytes);
    memcpy(out + type.index_offset, in + value_bytes, sizeof(int));
  }
}

}  // namespace pimnic::mpi
