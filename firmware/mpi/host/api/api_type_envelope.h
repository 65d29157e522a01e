// How each derived datatype was made (MPI_Type_get_envelope / MPI_Type_get_contents): its
// constructor's combiner and arguments, recorded by the constructors.
#pragma once
#include "mpi.h"

namespace pimnic::mpi {

void record_contents(MPI_Datatype type, int combiner, int nints, const int* ints, int naddrs, const MPI_Aint* addrs,
                     int ntypes, const MPI_Datatype* types);
void forget_contents(MPI_Datatype type);

}  // namespace pimnic::mpi
