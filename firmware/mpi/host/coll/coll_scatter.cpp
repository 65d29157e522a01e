// MPI_Scatter(v): the root starts a send to every rank at once, the others receive.
#include <cstring>

#include "api/api.h"
#include "coll/coll.h"
#include "coll/coll_inter.h"
#include "coll/coll_layout.h"
#include "core/p2p.h"

namespace pimnic::mpi {

int coll_scatter_bytes(Call& call, Comm& comm, const char* sendbuf, const uint32_t* lengths, const uint32_t* offsets,
                       void* mine, uint32_t capacity, int root) {
  if (comm.rank != root) return coll_recv(call, comm, mine, capacity, root, kTagScatter);
  if (mine) {
    if (lengths[root] > capacity) {
      return call.fail(MPI_ERR_TRUNCATE, "message of %u bytes truncated to %u", unsigned(lengths[root]),
                       unsigned(capacity));
    }
    memmove(mine, sendbuf + offsets[root], lengths[root]);
  }
  Vec<Request*> requests;
  requests.reserve(uint32_t(comm.size));
  for (int i = 0; i < comm.size; ++i) {
    if (i == root) continue;
    requests.push_back(start_bytes_send(comm, comm.coll_context(), sendbuf + offsets[i], lengths[i], i, kTagScatter,
                                        SendMode::Standard));
  }
  return coll_finish_all(call, requests.data(), int(requests.size()));
}

namespace {

// Scatter and Scatterv differ only in the send layout: sendcount items per rank, or (varying)
// sendcounts[i] at displs[i].
int scatter(Call& call, const void* sendbuf, int sendcount, bool varying, const int* sendcounts, const int* displs,
            MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm_handle) {
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.root(*comm, root)) return e;
  const bool at_root = comm->rank == root;
  Layout layout(at_root ? comm->size : 0);
  char* view = nullptr;
  if (at_root) {
    const TypeInfo* type;
    if (int e = call.datatype(sendtype, type)) return e;
    const int e = varying ? layout.displaced(call, sendcounts, displs, *type) : layout.uniform(call, sendcount, *type);
    if (e) return e;
    if (int e = call.buffer(sendbuf, layout.total() ? 1 : 0)) return e;
    view = layout.view(const_cast<void*>(sendbuf));
    layout.pack(sendbuf);
  }
  if (recvbuf == MPI_IN_PLACE) {  // the root's own block stays in sendbuf
    if (!at_root) return call.fail(MPI_ERR_BUFFER, "MPI_IN_PLACE is for the root only");
    return coll_scatter_bytes(call, *comm, view, layout.lengths(), layout.offsets(), nullptr, 0, root);
  }
  const TypeInfo* type;
  uint32_t capacity;
  if (int e = call.count(recvcount)) return e;
  if (int e = call.datatype(recvtype, type)) return e;
  if (int e = call.memory_bytes(recvcount, *type, capacity)) return e;
  if (int e = call.buffer(recvbuf, recvcount)) return e;
  Block mine(*type, recvcount, recvbuf);
  if (int e = coll_scatter_bytes(call, *comm, view, layout.lengths(), layout.offsets(), mine.data(), mine.bytes(), root)) {
    return e;
  }
  mine.unpack();
  return MPI_SUCCESS;
}

}  // namespace
}  // namespace pimnic::mpi

using namespace pimnic::mpi;

extern "C" int PMPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, MPI_Comm comm) {
  Call call("MPI_Scatter");
  if (Comm* ic = find_comm(comm); ic && ic->inter) return inter_scatter(call, *ic, sendbuf, sendcount, nullptr, nullptr, sendtype, recvbuf, recvcount, recvtype, root);
  return scatter(call, sendbuf, sendcount, false, nullptr, nullptr, sendtype, recvbuf, recvcount, recvtype, root, comm);
}
PIMNIC_MPI_ALIAS(MPI_Scatter)

extern "C" int PMPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                             void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  Call call("MPI_Scatterv");
  if (Comm* ic = find_comm(comm); ic && ic->inter) return inter_scatter(call, *ic, sendbuf, 0, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root);
  return scatter(call, sendbuf, 0, true, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
}
PIMNIC_MPI_ALIAS(MPI_Scatterv)
