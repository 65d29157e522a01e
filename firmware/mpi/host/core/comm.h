// Communicators: an ordered group of world ranks, a context-id pair, an error handler, a name.
// A communicator lives while its handle or any request on it does (MPI_Comm_free with receives in
// flight must not let a new communicator reuse the context ids under them).
#pragma once
#include <cstdint>

#include "core/attribute_list.h"
#include "core/cart.h"
#include "mpi.h"
#include "core/vec.h"

namespace pimnic::mpi {

struct Comm {
  MPI_Comm handle = MPI_COMM_NULL;  // MPI_COMM_NULL once freed by the user
  int rank = 0;                     // mine in this communicator
  int size = 0;
  bool identity = false;  // comm rank r is world rank r (MPI_COMM_WORLD and its dups)
  uint32_t context_pair = 0;
  MPI_Errhandler errhandler = MPI_ERRORS_ARE_FATAL;
  int refs = 0;
  char name[MPI_MAX_OBJECT_NAME] = {};
  Vec<int32_t> world_of;  // comm rank -> world rank (empty when identity)
  struct ByWorld {
    int32_t world;
    int32_t rank;
  };
  Vec<ByWorld> by_world;  // sorted by world rank (empty when identity)
  AttributeList attributes;  // user attributes (attributes.cpp)
  bool cartesian = false;     // MPI_Cart_create made it: `grid` says how
  CartGrid grid;
  bool graph = false;  // MPI_Graph_create made it: node i's neighbours are edges[index[i-1] .. index[i])
  Vec<int> graph_index, graph_edges;
  // MPI_Dist_graph_create(_adjacent) made it: this rank's in and out neighbours (api_dist_graph.cpp)
  bool dist_graph = false;
  bool dist_weighted = false;
  Vec<int> dist_sources, dist_source_weights, dist_destinations, dist_dest_weights;
  int32_t tag_base = 0;  // added to its collective tags (a group's agreement in MPI_Comm_create_group)
  uint32_t task_sequence = 0;  // nonblocking collectives started on it (progress.cpp)
  uint32_t offload_sequence = 0;  // reductions a transport took on it (coll_offload.cpp)
  // An intercommunicator (intercomm.cpp): point to point reaches the remote group; collectives
  // combine within the local group over `local` (an intracommunicator of the same members).
  bool inter = false;
  Vec<int32_t> remote_of;  // remote rank -> world rank
  Comm* local = nullptr;

  // The ranks point to point addresses: the remote group's on an intercommunicator.
  int peer_count() const { return inter ? int(remote_of.size()) : size; }
  int32_t peer_world(int peer) const { return inter ? remote_of[uint32_t(peer)] : world_rank(peer); }
  int peer_of_world(int32_t world) const;

  uint32_t p2p_context() const { return 2 * context_pair; }
  uint32_t coll_context() const { return 2 * context_pair + 1; }
  int32_t world_rank(int comm_rank) const { return identity ? comm_rank : world_of[uint32_t(comm_rank)]; }
  // The comm rank of a world rank, or -1 if it is not a member.
  int rank_of_world(int32_t world) const;
};

// The live communicator of a handle, or null.
Comm* find_comm(MPI_Comm handle);
Comm* world_comm();

// A new communicator of `size` members (`world_ranks` in comm-rank order, or null for world ranks
// 0..size-1) on `context_pair` (claimed here), with its handle registered.
Comm* create_comm(const int32_t* world_ranks, int size, int my_rank, uint32_t context_pair, MPI_Errhandler errhandler);

// The members of `comm` (as create_comm), without registering it.
void set_members(Comm& comm, const int32_t* world_ranks, int size, int my_rank);

void comm_ref(Comm* comm);
void comm_unref(Comm* comm);  // the last reference releases the context pair and the memory
// MPI_Comm_free: the handle goes away (the communicator lives on while requests use it).
void free_comm_handle(Comm* comm);

}  // namespace pimnic::mpi
