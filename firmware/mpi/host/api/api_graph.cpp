// Graph topologies (MPI-3.1 section 7.5.3): MPI_Graph_create, MPI_Graphdims_get, MPI_Graph_get,
// MPI_Graph_neighbors_count, MPI_Graph_neighbors, and the mapping queries MPI_Graph_map and
// MPI_Cart_map. As with Cartesian grids, ranks are never reordered: node i is rank i of the old
// communicator, ranks beyond the nodes get MPI_COMM_NULL (MPI_UNDEFINED from the maps).
#include "api/api.h"
#include "core/call.h"
#include "core/comm_create.h"

using namespace pimnic::mpi;

namespace {

int graph(Call& call, MPI_Comm handle, Comm*& comm) {
  if (int e = call.comm(handle, comm)) return e;
  return comm->graph ? MPI_SUCCESS : call.fail(MPI_ERR_TOPOLOGY, "the communicator has no graph topology");
}

int neighbours(const Comm& comm, int rank, int& first) {
  first = rank == 0 ? 0 : comm.graph_index[uint32_t(rank) - 1];
  return comm.graph_index[uint32_t(rank)] - first;
}

}  // namespace

extern "C" int PMPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder,
                                 MPI_Comm* comm_graph) {
  Call call("MPI_Graph_create");
  (void)reorder;
  Comm* comm;
  if (int e = call.comm(comm_old, comm)) return e;
  if (int e = call.arg(comm_graph != nullptr, "comm_graph is null")) return e;
  if (nnodes < 0 || nnodes > comm->size) {
    return call.fail(MPI_ERR_ARG, "%d nodes for a communicator of %d ranks", nnodes, comm->size);
  }
  if (int e = call.arg((index && edges) || nnodes == 0, "index or edges is null")) return e;
  for (int i = 0; i < nnodes; ++i) {
    if (index[i] < (i ? index[i - 1] : 0)) return call.fail(MPI_ERR_ARG, "index[%d] decreases", i);
  }
  const int nedges = nnodes ? index[nnodes - 1] : 0;
  for (int i = 0; i < nedges; ++i) {
    if (edges[i] < 0 || edges[i] >= nnodes) return call.fail(MPI_ERR_ARG, "edge %d names node %d", i, edges[i]);
  }
  Vec<int32_t> members;
  for (int r = 0; r < nnodes; ++r) members.push_back(comm->world_rank(r));
  if (int e = create_from_members(call, *comm, members.data(), nnodes, *comm_graph)) return e;
  if (*comm_graph == MPI_COMM_NULL) return MPI_SUCCESS;
  Comm* made = find_comm(*comm_graph);
  made->graph = true;
  for (int i = 0; i < nnodes; ++i) made->graph_index.push_back(index[i]);
  for (int i = 0; i < nedges; ++i) made->graph_edges.push_back(edges[i]);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Graph_create)

extern "C" int PMPI_Graphdims_get(MPI_Comm handle, int* nnodes, int* nedges) {
  Call call("MPI_Graphdims_get");
  Comm* comm;
  if (int e = graph(call, handle, comm)) return e;
  if (int e = call.arg(nnodes && nedges, "nnodes or nedges is null")) return e;
  *nnodes = int(comm->graph_index.size());
  *nedges = int(comm->graph_edges.size());
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Graphdims_get)

extern "C" int PMPI_Graph_get(MPI_Comm handle, int maxindex, int maxedges, int index[], int edges[]) {
  Call call("MPI_Graph_get");
  Comm* comm;
  if (int e = graph(call, handle, comm)) return e;
  if (int e = call.arg((index || maxindex <= 0) && (edges || maxedges <= 0), "index or edges is null")) return e;
  for (int i = 0; i < maxindex && uint32_t(i) < comm->graph_index.size(); ++i) index[i] = comm->graph_index[uint32_t(i)];
  for (int i = 0; i < maxedges && uint32_t(i) < comm->graph_edges.size(); ++i) edges[i] = comm->graph_edges[uint32_t(i)];
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Graph_get)

extern "C" int PMPI_Graph_neighbors_count(MPI_Comm handle, int rank, int* nneighbors) {
  Call call("MPI_Graph_neighbors_count");
  Comm* comm;
  if (int e = graph(call, handle, comm)) return e;
  if (int e = call.arg(nneighbors != nullptr, "nneighbors is null")) return e;
  if (rank < 0 || rank >= comm->size) return call.fail(MPI_ERR_RANK, "invalid rank %d", rank);
  int first;
  *nneighbors = neighbours(*comm, rank, first);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Graph_neighbors_count)

extern "C" int PMPI_Graph_neighbors(MPI_Comm handle, int rank, int maxneighbors, int neighbors[]) {
  Call call("MPI_Graph_neighbors");
  Comm* comm;
  if (int e = graph(call, handle, comm)) return e;
  if (rank < 0 || rank >= comm->size) return call.fail(MPI_ERR_RANK, "invalid rank %d", rank);
  int first;
  const int n = neighbours(*comm, rank, first);
  if (int e = call.arg(neighbors || maxneighbors <= 0 || n == 0, "neighbors is null")) return e;
  for (int i = 0; i < n && i < maxneighbors; ++i) neighbors[i] = comm->graph_edges[uint32_t(first + i)];
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Graph_neighbors)

extern "C" int PMPI_Graph_map(MPI_Comm handle, int nnodes, const int index[], const int edges[], int* newrank) {
  Call call("MPI_Graph_map");
  Comm* comm;
  (void)index;
  (void)edges;
  if (int e = call.comm(handle, comm)) return e;
  if (int e = call.arg(newrank && nnodes > 0 && nnodes <= comm->size, "newrank null or nnodes out of range")) {
    return e;
  }
  *newrank = comm->rank < nnodes ? comm->rank : MPI_UNDEFINED;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Graph_map)

extern "C" int PMPI_Cart_map(MPI_Comm handle, int ndims, const int dims[], const int periods[], int* newrank) {
  Call call("MPI_Cart_map");
  Comm* comm;
  (void)periods;
  if (int e = call.comm(handle, comm)) return e;
  if (int e = call.arg(newrank && ndims >= 0 && (dims || ndims == 0), "newrank or dims is null")) return e;
  int64_t nodes = 1;
  for (int d = 0; d < ndims; ++d) {
    if (dims[d] <= 0) return call.fail(MPI_ERR_DIMS, "dims[%d] is %d", d, dims[d]);
    nodes *= dims[d];
  }
  if (nodes > comm->size) return call.fail(MPI_ERR_DIMS, "a grid of more nodes than the %d ranks", comm->size);
  *newrank = comm->rank < nodes ? comm->rank : MPI_UNDEFINED;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Cart_map)
