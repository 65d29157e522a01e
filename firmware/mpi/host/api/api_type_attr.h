// Datatypes' attributes as MPI_Type_dup and MPI_Type_free see them (api_type_attr.cpp).
#pragma once
#include "mpi.h"

namespace pimnic::mpi {

// MPI_Type_dup: `to` gets what the copy callbacks of `from`'s attributes say (their failure returned).
int copy_type_attributes(MPI_Datatype from, MPI_Datatype to);
// MPI_Type_free: every attribute's delete callback, last set first (a failure returned, the rest kept).
int delete_type_attributes(MPI_Datatype type);

}  // namespace pimnic::mpi
