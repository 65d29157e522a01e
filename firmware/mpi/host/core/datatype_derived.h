// Derived datatypes: built from placements of existing types (MPI_Type_vector and friends,
// api_type_create.cpp), flattened into typemaps of predefined segments, registered under handles
// after the predefined ones.
#pragma once
#include <cstdint>

#include "core/datatype.h"

namespace pimnic::mpi {

// `count` consecutive items of `type` (predefined or derived) starting `displacement` bytes from
// the new type's origin.
struct Placement {
  int64_t displacement;
  const TypeInfo* type;
  uint32_t count;
};

// A new derived type made of the placements in typemap order; `padded` rounds its extent up to its
// largest alignment, as C pads a struct (MPI_Type_create_struct, as MPICH does). Null with `why`
// set when it would be too large (over INT_MAX bytes of data or extent).
const TypeInfo* build_derived(const Placement* placements, uint32_t n, bool padded, const char** why);
// The same typemap with another lower bound and extent (MPI_Type_create_resized); a copy (MPI_Type_dup).
const TypeInfo* resize_derived(const TypeInfo& type, int64_t lb, int64_t extent, const char** why);

MPI_Datatype derived_handle(const TypeInfo* type);
void commit_derived(const TypeInfo* type);
// MPI_Type_free: the handle goes now, the type when nothing uses it any more.
void free_derived_handle(const TypeInfo* type);

// (datatype.cpp) The derived type of a registry index, and how many predefined types come first.
const TypeInfo* find_derived(uint32_t index);
uint32_t predefined_type_count();

}  // namespace pimnic::mpi
