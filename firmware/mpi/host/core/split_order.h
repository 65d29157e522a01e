// MPI_Comm_split's grouping: who is in my new communicator and in which order.
#pragma once
#include <cstdint>

namespace pimnic::mpi {

// `color_key` holds (color, key) for each rank of the parent, 2n ints. Writes to `members` the
// parent ranks whose color is `color`, ordered by key, ties by parent rank (MPI-1 5.4.2), and
// returns how many. `color` must not be MPI_UNDEFINED; `members` has room for n.
int split_members(const int* color_key, int n, int color, int* members);

}  // namespace pimnic::mpi
