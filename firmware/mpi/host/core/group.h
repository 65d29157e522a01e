// Groups: ordered sets of world ranks (MPI_Comm_group, MPI_Group_incl, ...). A group is a value:
// nothing refers to it but its handle, so MPI_Group_free deletes it.
#pragma once
#include <cstdint>

#include "mpi.h"
#include "core/vec.h"

namespace pimnic::mpi {

struct Group {
  Vec<int32_t> world;  // group rank -> world rank
  int size() const { return int(world.size()); }
  // The group rank of a world rank, or MPI_UNDEFINED.
  int rank_of_world(int32_t world_rank) const;
};

// The group of a handle (MPI_GROUP_EMPTY included), or null.
Group* find_group(MPI_Group handle);
// A new group of `n` world ranks (MPI_GROUP_EMPTY when n is 0).
MPI_Group new_group(const int32_t* world, int n);
// Delete a group made by new_group (not MPI_GROUP_EMPTY).
void delete_group(MPI_Group handle);

}  // namespace pimnic::mpi
