// Datatype names (api_type_name.cpp).
#pragma once
#include "mpi.h"

namespace pimnic::mpi {

// MPI_Type_free: a later type given the same handle starts nameless.
void forget_type_name(MPI_Datatype handle);

}  // namespace pimnic::mpi
