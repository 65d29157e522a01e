// Distributed graph topologies (MPI-3.1 7.5.4): MPI_Dist_graph_create_adjacent (each rank names its
// own in and out neighbours), MPI_Dist_graph_create (any rank names any edges: they are sent to
// both ends with an all-to-all), MPI_Dist_graph_neighbors_count and _neighbors. As with the other
// topologies, ranks are never reordered: the new communicator has the old one's ranks.
#include "api/api.h"
#include "core/call.h"
#include "core/comm_create.h"

using namespace pimnic::mpi;

namespace {

bool weights_given(const int* weights) { return weights != MPI_UNWEIGHTED; }

int check_ranks(Call& call, const Comm& comm, int n, const int* ranks) {
  if (int e = call.arg(ranks != nullptr || n == 0, "a rank array is null")) return e;
  for (int i = 0; i < n; ++i) {
    if (ranks[i] < 0 || ranks[i] >= comm.size) return call.fail(MPI_ERR_RANK, "invalid rank %d in the graph", ranks[i]);
  }
  return MPI_SUCCESS;
}

// A weight array that may be read: given, with `n` entries (MPI_WEIGHTS_EMPTY only when n is 0).
const int* readable(const int* weights, int n) { return weights_given(weights) && weights != MPI_WEIGHTS_EMPTY && n ? weights : nullptr; }

// The new communicator (the old one's ranks) with this rank's neighbour lists.
int make(Call& call, Comm& old, MPI_Comm* out, bool weighted, int indegree, const int* sources, const int* in_weights,
         int outdegree, const int* destinations, const int* out_weights) {
  Vec<int32_t> members;
  for (int r = 0; r < old.size; ++r) members.push_back(old.world_rank(r));
  if (int e = create_from_members(call, old, members.data(), old.size, *out)) return e;
  Comm* made = find_comm(*out);
  made->dist_graph = true;
  made->dist_weighted = weighted;
  for (int i = 0; i < indegree; ++i) {
    made->dist_sources.push_back(sources[i]);
    made->dist_source_weights.push_back(in_weights ? in_weights[i] : 1);
  }
  for (int i = 0; i < outdegree; ++i) {
    made->dist_destinations.push_back(destinations[i]);
    made->dist_dest_weights.push_back(out_weights ? out_weights[i] : 1);
  }
  return MPI_SUCCESS;
}

int dist_graph(Call& call, MPI_Comm handle, Comm*& comm) {
  if (int e = call.comm(handle, comm)) return e;
  return comm->dist_graph ? MPI_SUCCESS : call.fail(MPI_ERR_TOPOLOGY, "the communicator has no distributed graph topology");
}

}  // namespace

extern "C" int PMPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
                                               const int sourceweights[], int outdegree, const int destinations[],
                                               const int destweights[], MPI_Info info, int reorder,
                                               MPI_Comm* comm_dist_graph) {
  Call call("MPI_Dist_graph_create_adjacent");
  (void)info, (void)reorder;
  Comm* comm;
  if (int e = call.comm(comm_old, comm)) return e;
  if (int e = call.arg(comm_dist_graph != nullptr, "comm_dist_graph is null")) return e;
  if (int e = call.count(indegree)) return e;
  if (int e = call.count(outdegree)) return e;
  if (int e = check_ranks(call, *comm, indegree, sources)) return e;
  if (int e = check_ranks(call, *comm, outdegree, destinations)) return e;
  const bool weighted = weights_given(sourceweights) || weights_given(destweights);
  return make(call, *comm, comm_dist_graph, weighted, indegree, sources, readable(sourceweights, indegree), outdegree,
              destinations, readable(destweights, outdegree));
}
PIMNIC_MPI_ALIAS(MPI_Dist_graph_create_adjacent)

// Each edge s -> d (weight w) named here goes to s as an out edge and to d as an in edge: one
// all-to-all of counts, one of (1 for out or 0 for in, the other end, w) triples.
extern "C" int PMPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                                      const int destinations[], const int weights[], MPI_Info info, int reorder,
                                      MPI_Comm* comm_dist_graph) {
  Call call("MPI_Dist_graph_create");
  (void)info, (void)reorder;
  Comm* comm;
  if (int e = call.comm(comm_old, comm)) return e;
  if (int e = call.arg(comm_dist_graph != nullptr, "comm_dist_graph is null")) return e;
  if (int e = call.count(n)) return e;
  if (int e = check_ranks(call, *comm, n, sources)) return e;
  if (int e = call.arg(degrees != nullptr || n == 0, "degrees is null")) return e;
  int edges = 0;
  for (int i = 0; i < n; ++i) {
    if (int e = call.count(degrees[i])) return e;
    edges += degrees[i];
  }
  if (int e = check_ranks(call, *comm, edges, destinations)) return e;
  const int* w = readable(weights, edges);
  const int size = comm->size;
  Vec<int> send_counts, send_displs, recv_counts, recv_displs, sent, received;
  send_counts.resize(uint32_t(size));
  for (int i = 0, k = 0; i < n; ++i) {
    for (int j = 0; j < degrees[i]; ++j, ++k) {
      send_counts[uint32_t(sources[i])] += 3;
      send_counts[uint32_t(destinations[k])] += 3;
    }
  }
  send_displs.resize(uint32_t(size));
  for (int r = 1; r < size; ++r) send_displs[uint32_t(r)] = send_displs[uint32_t(r - 1)] + send_counts[uint32_t(r - 1)];
  sent.resize(uint32_t(6 * edges));
  Vec<int> fill;
  fill.resize(uint32_t(size));
  for (int i = 0, k = 0; i < n; ++i) {
    for (int j = 0; j < degrees[i]; ++j, ++k) {
      const int triples[2][4] = {{sources[i], 1, destinations[k], w ? w[k] : 1},
                                 {destinations[k], 0, sources[i], w ? w[k] : 1}};
      for (const auto& t : triples) {
        int* at = &sent[uint32_t(send_displs[uint32_t(t[0])] + fill[uint32_t(t[0])])];
        at[0] = t[1], at[1] = t[2], at[2] = t[3];
        fill[uint32_t(t[0])] += 3;
      }
    }
  }
  recv_counts.resize(uint32_t(size));
  if (int e = PMPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, comm_old)) return e;
  recv_displs.resize(uint32_t(size));
  for (int r = 1; r < size; ++r) recv_displs[uint32_t(r)] = recv_displs[uint32_t(r - 1)] + recv_counts[uint32_t(r - 1)];
  const int total = recv_displs[uint32_t(size - 1)] + recv_counts[uint32_t(size - 1)];
  received.resize(uint32_t(total));
  if (int e = PMPI_Alltoallv(sent.data(), send_counts.data(), send_displs.data(), MPI_INT, received.data(),
                             recv_counts.data(), recv_displs.data(), MPI_INT, comm_old)) {
    return e;
  }
  // The graph is weighted unless every rank said MPI_UNWEIGHTED (they must agree: take this one's).
  Vec<int> in, in_w, out, out_w;
  for (int i = 0; i < total; i += 3) {
    (received[uint32_t(i)] ? out : in).push_back(received[uint32_t(i + 1)]);
    (received[uint32_t(i)] ? out_w : in_w).push_back(received[uint32_t(i + 2)]);
  }
  return make(call, *comm, comm_dist_graph, weights_given(weights), int(in.size()), in.data(), in_w.data(),
              int(out.size()), out.data(), out_w.data());
}
PIMNIC_MPI_ALIAS(MPI_Dist_graph_create)

extern "C" int PMPI_Dist_graph_neighbors_count(MPI_Comm handle, int* indegree, int* outdegree, int* weighted) {
  Call call("MPI_Dist_graph_neighbors_count");
  Comm* comm;
  if (int e = dist_graph(call, handle, comm)) return e;
  if (int e = call.arg(indegree && outdegree && weighted, "an output argument is null")) return e;
  *indegree = int(comm->dist_sources.size());
  *outdegree = int(comm->dist_destinations.size());
  *weighted = comm->dist_weighted;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Dist_graph_neighbors_count)

extern "C" int PMPI_Dist_graph_neighbors(MPI_Comm handle, int maxindegree, int sources[], int sourceweights[],
                                         int maxoutdegree, int destinations[], int destweights[]) {
  Call call("MPI_Dist_graph_neighbors");
  Comm* comm;
  if (int e = dist_graph(call, handle, comm)) return e;
  const uint32_t in = comm->dist_sources.size(), out = comm->dist_destinations.size();
  if (int e = call.arg(maxindegree >= int(in) && maxoutdegree >= int(out), "maxindegree or maxoutdegree too small")) return e;
  for (uint32_t i = 0; i < in; ++i) {
    sources[i] = comm->dist_sources[i];
    if (comm->dist_weighted && readable(sourceweights, 1)) sourceweights[i] = comm->dist_source_weights[i];
  }
  for (uint32_t i = 0; i < out; ++i) {
    destinations[i] = comm->dist_destinations[i];
    if (comm->dist_weighted && readable(destweights, 1)) destweights[i] = comm->dist_dest_weights[i];
  }
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Dist_graph_neighbors)
