// Datatypes: the predefined ones of mpi.h and the derived ones programs build from them
// (datatype_derived.cpp). A derived type is flattened into a typemap of segments, runs of one
// predefined type, so that packing, counting and reducing never recurse.
//
// Items whose bytes in memory are exactly their data (dense: MPI_INT, a contiguous type of
// MPI_DOUBLE) move as they are; other items (MPI_DOUBLE_INT has padding inside its struct, a vector
// has holes) travel packed, their data bytes in typemap order, so that counts agree with
// MPI_Type_size everywhere (MPI_Get_count of such a message in MPI_BYTE is count * size, as in
// MPICH) and a sender's and a receiver's types need only agree in their signatures.
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
  Complex,    // C99 complex: MPI_SUM and MPI_PROD
  Derived,    // a derived type (no predefined op applies)
};

// The machine type an element (or a pair's value) is made of.
enum class Scalar : uint8_t { I8, U8, I16, U16, I32, U32, I64, U64, F32, F64, FLong, Bool };

struct TypeInfo;

// A run of a derived type's typemap: `count` items of a predefined type, the first `offset` bytes
// from the start of the derived item (offsets may be negative).
struct Segment {
  int64_t offset;
  const TypeInfo* type;
  uint32_t count;
};

struct TypeInfo {
  const char* name;  // "MPI_INT", "derived"
  TypeClass type_class;
  Scalar scalar;          // predefined: the element; for pairs the value's
  uint32_t size;          // MPI_Type_size: bytes of data per item
  int64_t extent;         // bytes from one item to the next in memory (negative: items run backwards,
                          // as MPI_Type_create_resized or MPI_UB below MPI_LB may make them)
  uint32_t index_offset;  // pairs: where the int index sits in the item (the value is at 0)
  uint32_t align;         // the alignment the C type needs (a struct type's extent is padded to it)
  bool dense;             // memory bytes == packed bytes (moved as they are)
  // Derived types only (null, 0 or false for the predefined ones):
  const Segment* segments;
  uint32_t segment_count;
  uint32_t elements;        // basic elements per item (MPI_Get_elements; a pair counts 2)
  int64_t lb;               // lower bound (MPI_Type_get_extent); items start at buf + i * extent
  int64_t true_lb;          // where its data begins and how far it spans (MPI_Type_get_true_extent)
  int64_t true_extent;
  bool committed;
  int refs;  // the handle and every request using the type

  bool contiguous() const { return dense; }
  bool derived() const { return type_class == TypeClass::Derived; }
  // Basic elements per item: 1, 2 for a pair, a derived type's count.
  uint32_t basic_elements() const { return derived() ? elements : type_class == TypeClass::Pair ? 2 : 1; }
};

// The type of a handle (predefined or derived, committed or not), or null for anything else
// (MPI_DATATYPE_NULL included).
const TypeInfo* find_type(MPI_Datatype handle);

// Items <-> their packed bytes (count * size). Dense types are copied as they are.
void pack_items(const TypeInfo& type, const void* items, uint32_t count, void* packed);
void unpack_items(const TypeInfo& type, const void* packed, uint32_t count, void* items);
// The first `bytes` packed bytes of items (a message may end inside an item: its whole elements).
void unpack_bytes(const TypeInfo& type, const void* packed, uint32_t bytes, void* items);

// How many basic elements the first `bytes` packed bytes of items of `type` hold, or -1 when they
// end inside an element (MPI_Get_elements).
int64_t elements_in(const TypeInfo& type, uint32_t bytes);

// A request or a collective using a derived type keeps it alive past MPI_Type_free.
void type_ref(const TypeInfo* type);
void type_unref(const TypeInfo* type);

}  // namespace pimnic::mpi
