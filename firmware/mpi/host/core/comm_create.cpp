#include "core/comm_create.h"

#include <cstring>

#include "coll/coll.h"
#include "core/context_ids.h"

namespace pimnic::mpi {
namespace {

// The lowest context pair free at every member of `parent` (every member calls this together).
int agree_on_context(Call& call, Comm& parent, uint32_t& pair) {
  uint32_t mask[ContextIdPool::kWords];
  memcpy(mask, context_ids().free_mask(), sizeof mask);
  const OpInfo* band = find_op(MPI_BAND);
  if (int e = coll_allreduce(call, parent, mask, mask, int(ContextIdPool::kWords), *find_type(MPI_UINT32_T),
                             MPI_UINT32_T, *band)) {
    return e;
  }
  const int lowest = ContextIdPool::lowest_free(mask);
  if (lowest < 0) {
    return call.fail(MPI_ERR_OTHER, "no context id is free at every member (too many communicators)");
  }
  pair = uint32_t(lowest);
  return MPI_SUCCESS;
}

}  // namespace

int create_from_members(Call& call, Comm& parent, const int32_t* members, int n, MPI_Comm& out) {
  uint32_t pair;
  if (int e = agree_on_context(call, parent, pair)) return e;
  const int32_t me = parent.world_rank(parent.rank);
  for (int i = 0; i < n; ++i) {
    if (members[i] == me) {
      out = create_comm(members, n, i, pair, parent.errhandler)->handle;
      return MPI_SUCCESS;
    }
  }
  out = MPI_COMM_NULL;
  return MPI_SUCCESS;
}

void copy_graph(Comm& comm, const Comm& from) {
  comm.graph = true;
  comm.graph_index.clear();
  comm.graph_edges.clear();
  for (uint32_t i = 0; i < from.graph_index.size(); ++i) comm.graph_index.push_back(from.graph_index[i]);
  for (uint32_t i = 0; i < from.graph_edges.size(); ++i) comm.graph_edges.push_back(from.graph_edges[i]);
}

void copy_dist_graph(Comm& comm, const Comm& from) {
  comm.dist_graph = true;
  comm.dist_weighted = from.dist_weighted;
  const Vec<int>* in[4] = {&from.dist_sources, &from.dist_source_weights, &from.dist_destinations, &from.dist_dest_weights};
  Vec<int>* out[4] = {&comm.dist_sources, &comm.dist_source_weights, &comm.dist_destinations, &comm.dist_dest_weights};
  for (int k = 0; k < 4; ++k) {
    out[k]->clear();
    for (uint32_t i = 0; i < in[k]->size(); ++i) out[k]->push_back((*in[k])[i]);
  }
}

void copy_grid(Comm& comm, const CartGrid& grid) {
  comm.cartesian = true;
  comm.grid.dims.clear();
  comm.grid.periods.clear();
  for (int d = 0; d < grid.ndims(); ++d) {
    comm.grid.dims.push_back(grid.dims[uint32_t(d)]);
    comm.grid.periods.push_back(grid.periods[uint32_t(d)]);
  }
}

}  // namespace pimnic::mpi
