// MPI_Gather(v) and MPI_Allgather(v). Gather: the root posts a receive for every rank at once
// (each lands in its place in the view of the receive buffer), the others send. Allgather: a
// gather to rank 0, then a broadcast of the assembled view (blocks put together first when the
// displacements leave gaps).
#include <cstring>

#include "api/api.h"
#include "coll/coll.h"
#include "coll/coll_inter.h"
#include "coll/coll_layout.h"
#include "core/p2p.h"

namespace pimnic::mpi {

int coll_gather_bytes(Call& call, Comm& comm, const void* mine, uint32_t my_bytes, char* recvbuf,
                      const uint32_t* capacities, const uint32_t* offsets, int root) {
  if (comm.rank != root) return coll_send(call, comm, mine, my_bytes, root, kTagGather);
  const int n = comm.size;
  if (mine) {
    if (my_bytes > capacities[root]) {
      return call.fail(MPI_ERR_TRUNCATE, "message of %u bytes truncated to %u", unsigned(my_bytes),
                       unsigned(capacities[root]));
    }
    memmove(recvbuf + offsets[root], mine, my_bytes);
  }
  Vec<Request*> requests;
  requests.reserve(uint32_t(n));
  for (int i = 0; i < n; ++i) {
    if (i == root) continue;
    requests.push_back(start_bytes_recv(comm, comm.coll_context(), recvbuf + offsets[i], capacities[i], i, kTagGather));
  }
  return coll_finish_all(call, requests.data(), int(requests.size()));
}

int coll_allgather_bytes(Call& call, Comm& comm, const void* mine, uint32_t bytes, void* all) {
  Vec<uint32_t> lengths, offsets;  // (used at rank 0)
  for (int i = 0; comm.rank == 0 && i < comm.size; ++i) {
    lengths.push_back(bytes);
    offsets.push_back(uint32_t(i) * bytes);
  }
  char* out = static_cast<char*>(all);
  if (int e = coll_gather_bytes(call, comm, mine, bytes, out, lengths.data(), offsets.data(), 0)) return e;
  return coll_bcast(call, comm, out, bytes * uint32_t(comm.size), 0);
}

namespace {

// Sender side of a gather: its type, or null when MPI_IN_PLACE (at the root).
int check_send_side(Call& call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, bool in_place_allowed,
                    const TypeInfo*& type) {
  type = nullptr;
  if (sendbuf == MPI_IN_PLACE) {
    return in_place_allowed ? MPI_SUCCESS : call.fail(MPI_ERR_BUFFER, "MPI_IN_PLACE is for the root only");
  }
  uint32_t bytes;
  if (int e = call.count(sendcount)) return e;
  if (int e = call.datatype(sendtype, type)) return e;
  if (int e = call.memory_bytes(sendcount, *type, bytes)) return e;
  return call.buffer(sendbuf, sendcount);
}

// Allgather's second half: rank 0 has every block in its view at the layout's offsets.
int spread_from_zero(Call& call, Comm& comm, char* recvbuf, Layout& layout) {
  const uint32_t total = layout.total();
  if (layout.consecutive_blocks()) return coll_bcast(call, comm, recvbuf, total, 0);
  Scratch together(total);
  const int n = comm.size;
  uint32_t at = 0;
  if (comm.rank == 0) {
    for (int i = 0; i < n; at += layout.lengths()[i], ++i) {
      memcpy(together.bytes() + at, recvbuf + layout.offsets()[i], layout.lengths()[i]);
    }
  }
  if (int e = coll_bcast(call, comm, together.bytes(), total, 0)) return e;
  if (comm.rank != 0) {
    at = 0;
    for (int i = 0; i < n; at += layout.lengths()[i], ++i) {
      memcpy(recvbuf + layout.offsets()[i], together.bytes() + at, layout.lengths()[i]);
    }
  }
  return MPI_SUCCESS;
}

// Gather and Gatherv, Allgather and Allgatherv differ only in the receive layout: recvcount items
// per rank, or (varying) recvcounts[i] at displs[i].
int gather(Call& call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
           bool varying, const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root,
           MPI_Comm comm_handle, bool everyone) {
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (!everyone) {
    if (int e = call.root(*comm, root)) return e;
  }
  const bool receives = everyone || comm->rank == root;
  const TypeInfo* send_type;
  if (int e = check_send_side(call, sendbuf, sendcount, sendtype, receives, send_type)) return e;
  Layout layout(receives ? comm->size : 0);
  char* view = nullptr;
  if (receives) {
    const TypeInfo* type;
    if (int e = call.datatype(recvtype, type)) return e;
    const int e = varying ? layout.displaced(call, recvcounts, displs, *type) : layout.uniform(call, recvcount, *type);
    if (e) return e;
    if (int e = call.buffer(recvbuf, layout.total() ? 1 : 0)) return e;
    view = layout.view(recvbuf);
  }
  const int gatherer = everyone ? 0 : root;
  // What I contribute: my items (packed if need be); in place, my block of recvbuf (the gatherer's
  // stays where it is: null).
  Block mine(send_type ? *send_type : *find_type(MPI_BYTE), send_type ? sendcount : 0, sendbuf);
  const void* contribution = mine.data();
  uint32_t bytes = mine.bytes();
  if (send_type) {
    mine.pack();
  } else {
    layout.pack(recvbuf, comm->rank);
    contribution = comm->rank == gatherer ? nullptr : view + layout.offsets()[comm->rank];
    bytes = comm->rank == gatherer ? 0 : layout.lengths()[comm->rank];
  }
  if (int e = coll_gather_bytes(call, *comm, contribution, bytes, view, layout.lengths(), layout.offsets(), gatherer)) {
    return e;
  }
  if (everyone) {
    if (int e = spread_from_zero(call, *comm, view, layout)) return e;
  }
  if (receives) layout.unpack(recvbuf);
  return MPI_SUCCESS;
}

}  // namespace
}  // namespace pimnic::mpi

using namespace pimnic::mpi;

extern "C" int PMPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm) {
  Call call("MPI_Gather");
  if (Comm* ic = find_comm(comm); ic && ic->inter) return inter_gather(call, *ic, sendbuf, sendcount, sendtype, recvbuf, recvcount, nullptr, nullptr, recvtype, root);
  return gather(call, sendbuf, sendcount, sendtype, recvbuf, recvcount, false, nullptr, nullptr, recvtype, root, comm,
                false);
}
PIMNIC_MPI_ALIAS(MPI_Gather)

extern "C" int PMPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                            MPI_Comm comm) {
  Call call("MPI_Gatherv");
  if (Comm* ic = find_comm(comm); ic && ic->inter) return inter_gather(call, *ic, sendbuf, sendcount, sendtype, recvbuf, 0, recvcounts, displs, recvtype, root);
  return gather(call, sendbuf, sendcount, sendtype, recvbuf, 0, true, recvcounts, displs, recvtype, root, comm, false);
}
PIMNIC_MPI_ALIAS(MPI_Gatherv)

extern "C" int PMPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                              MPI_Datatype recvtype, MPI_Comm comm) {
  Call call("MPI_Allgather");
  if (Comm* ic = find_comm(comm); ic && ic->inter) return inter_allgather(call, *ic, sendbuf, sendcount, sendtype, recvbuf, recvcount, nullptr, nullptr, recvtype);
  return gather(call, sendbuf, sendcount, sendtype, recvbuf, recvcount, false, nullptr, nullptr, recvtype, 0, comm,
                true);
}
PIMNIC_MPI_ALIAS(MPI_Allgather)

extern "C" int PMPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                               const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  Call call("MPI_Allgatherv");
  if (Comm* ic = find_comm(comm); ic && ic->inter) return inter_allgather(call, *ic, sendbuf, sendcount, sendtype, recvbuf, 0, recvcounts, displs, recvtype);
  return gather(call, sendbuf, sendcount, sendtype, recvbuf, 0, true, recvcounts, displs, recvtype, 0, comm, true);
}
PIMNIC_MPI_ALIAS(MPI_Allgatherv)
