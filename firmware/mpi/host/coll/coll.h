// Collectives over point to point, on each communicator's collective context (they never match
// user messages). Items move in their memory layout (count * extent bytes): both ends run this
// library on the same kind of machine. Reductions combine in rank order (a binomial tree rooted at
// rank 0), so a result does not depend on the root and non-commutative user ops get
// x0 op x1 op ... op x(n-1).
#pragma once
#include <cstdint>

#include "core/call.h"
#include "core/comm.h"
#include "core/datatype.h"
#include "core/op.h"
#include "core/request.h"

namespace pimnic::mpi {

// Tags on the collective context, one per algorithm (a mismatched collective then shows up as a
// hang in one algorithm rather than as mixed data).
enum CollTag : int {
  kTagBarrier = 1,
  kTagBcast,
  kTagReduce,
  kTagReduceResult,
  kTagGather,
  kTagScatter,
  kTagAlltoall,
  kTagScan,
  kTagInter,  // intercommunicator set-up and collectives between the two groups (intercomm.cpp)
};

// Blocking point to point on the collective context; a longer message than `capacity` raises
// MPI_ERR_TRUNCATE in `call`.
int coll_send(Call& call, Comm& comm, const void* data, uint32_t bytes, int dest, int tag);
int coll_recv(Call& call, Comm& comm, void* data, uint32_t capacity, int source, int tag);
// Wait for `count` requests, release them; the first error is raised.
int coll_finish_all(Call& call, Request** requests, int count);

int coll_barrier(Call& call, Comm& comm);
int coll_bcast(Call& call, Comm& comm, void* data, uint32_t bytes, int root);

// The reduction of every rank's `mine` (count items of type) into `result` at rank 0 (ignored
// elsewhere; may alias `mine`).
int coll_reduce_to_zero(Call& call, Comm& comm, const void* mine, void* result, int count, const TypeInfo& type,
                        MPI_Datatype type_handle, const OpInfo& op);
int coll_allreduce(Call& call, Comm& comm, const void* mine, void* result, int count, const TypeInfo& type,
                   MPI_Datatype type_handle, const OpInfo& op);
// The same reduction offered to the transport (Transport::reduce), to `root` or (to_all) to every
// rank: true if it did it, false (nothing done) if it does not offer it or the op or type cannot go
// there; then the caller runs its own algorithm. `result` matters at the root (every rank: to_all).
bool coll_offload_reduction(Comm& comm, const void* mine, void* result, int count, const TypeInfo& type,
                            const OpInfo& op, int root, bool to_all);

// Rank i's `mine` (my_bytes; null: already in place at the root) lands at root in
// recvbuf + offsets[i], holding at most capacities[i] bytes (the arrays matter at the root only).
int coll_gather_bytes(Call& call, Comm& comm, const void* mine, uint32_t my_bytes, char* recvbuf,
                      const uint32_t* capacities, const uint32_t* offsets, int root);
// Every rank's `mine` (bytes each) in rank order in everyone's `all`.
int coll_allgather_bytes(Call& call, Comm& comm, const void* mine, uint32_t bytes, void* all);
// The root's sendbuf + offsets[i] (lengths[i] bytes) lands in rank i's `mine` (capacity bytes;
// null at the root: stays in place).
int coll_scatter_bytes(Call& call, Comm& comm, const char* sendbuf, const uint32_t* lengths, const uint32_t* offsets,
                       void* mine, uint32_t capacity, int root);

}  // namespace pimnic::mpi
