// Intercommunicators: two disjoint groups joined by a context pair free in both. Each group's leader
// (its rank 0 in the intercommunicator; the caller-named leader in MPI_Intercomm_create) talks to
// the other's and tells its own group what it heard, so both groups agree without a coordinator.
#pragma once
#include <cstdint>

#include "core/call.h"
#include "core/comm.h"

namespace pimnic::mpi {

// MPI_Intercomm_create: `local` joins the group whose leader is peer_comm rank `remote_leader`.
int intercomm_create(Call& call, Comm& local, int local_leader, Comm& peer, int remote_leader, int tag, MPI_Comm& out);
// MPI_Comm_dup of an intercommunicator.
int intercomm_dup(Call& call, Comm& inter, MPI_Comm& out);
// MPI_Intercomm_merge: the group with high = false first (equal: the group of the lower world
// rank leader first).
int intercomm_merge(Call& call, Comm& inter, bool high, MPI_Comm& out);
// MPI_Comm_split of an intercommunicator: each color's members of both groups form a new one
// (MPI_COMM_NULL for MPI_UNDEFINED or a color the other group lacks). MPI_Comm_create of one is
// the split with color 0 for the group's members, ordered as in the group.
int intercomm_split(Call& call, Comm& inter, int color, int key, MPI_Comm& out);
// Leaders swap `out` for `in` (in_bytes) across `inter`; every member of the local group gets `in`.
int leaders_swap(Call& call, Comm& inter, const void* out, uint32_t out_bytes, void* in, uint32_t in_bytes);

}  // namespace pimnic::mpi
