// The predefined datatypes of mpi.h: size, extent and what reductions may do with them.
// Items of a type whose size differs from its extent (MPI_DOUBLE_INT, MPI_SHORT_INT: padding inside
// the struct) travel packed, so that counts agree with MPI_Type_size everywhere (MPI_Get_count of
// such a message in MPI_BYTE is count * size, as in MPICH).
#pragma once
#include <cstdint>

#include "mpi.h"

namespace pimnic::mpi {

// The reduction classes of the standard (MPI-1 section 4.9.2): which predefined ops apply.
enum class TypeClass : uint8_t {
  Character,  // MPI_CHAR, MPI_WCHAR: no predefined reduction
  Integer,    // "C integer" (plus MPI_AINT, MPI_OFFSET, MPI_COUNT)
  Floating,
  Logical,    // MPI_C_BOOL
  Byte,
  Pair,       // value-index pairs for MPI_MINLOC / MPI_MAXLOC
};

// The machine type an element (or a pair's value) is made of.
enum class Scalar : uint8_t { I8, U8, I16, U16, I32, U32, I64, U64, F32, F64, FLong, Bool };

struct TypeInfo {
  const char* name;  // "MPI_INT"
  TypeClass type_class;
  Scalar scalar;          // the element; for pairs the value's
  uint32_t size;          // MPI_Type_size: bytes of data per item
  uint32_t extent;        // bytes from one item to the next in memory
  uint32_t index_offset;  // pairs: where the int index sits in the item (the value is at 0)
  bool contiguous() const { return size == extent; }
};

// The predefined type of a handle, or null for anything else (MPI_DATATYPE_NULL included).
const TypeInfo* find_type(MPI_Datatype handle);

// Items <-> their packed bytes (count * size). Only for !contiguous() types; others are copied as
// they are.
void pack_items(const TypeInfo& type, const void* items, uint32_t count, void* packed);
void unpack_items(const TypeInfo& type, const void* packed, uint32_t count, void* items);

}  // namespace pimnic::mpi
