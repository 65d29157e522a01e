// Making a communicator out of a parent's members (MPI_Comm_dup, MPI_Comm_split, MPI_Comm_create).
#pragma once
#include <cstdint>

#include "core/call.h"
#include "core/comm.h"

namespace pimnic::mpi {

// Every member of `parent` calls this with the world ranks of its new communicator in new-rank
// order (a member not in it passes the members of the one it is in, or none). The members agree
// on a context pair through `parent`; `out` is the new communicator (MPI_COMM_NULL for a caller
// not among `members`). It inherits the parent's error handler.
int create_from_members(Call& call, Comm& parent, const int32_t* members, int n, MPI_Comm& out);

// Make `comm` Cartesian with `grid`'s dimensions and periods.
void copy_grid(Comm& comm, const CartGrid& grid);
// Give `comm` the graph of `from`.
void copy_graph(Comm& comm, const Comm& from);
// Give `comm` the distributed graph neighbours (and weights) of `from`.
void copy_dist_graph(Comm& comm, const Comm& from);

}  // namespace pimnic::mpi
