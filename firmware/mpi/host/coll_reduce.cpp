// MPI_Reduce, MPI_Allreduce, MPI_Reduce_scatter: a rank-ordered binomial tree to rank 0 (at level
// 2^k, rank r, holding ranks [r, r + 2^k), takes [r + 2^k, r + 2^(k+1)) from rank r + 2^k), then to
// the root, or back out to everyone.
#include <cstring>

#include "api.h"
#include "coll.h"
#include "coll_layout.h"

namespace pimnic::mpi {

int coll_reduce_to_zero(Call& call, Comm& comm, const void* mine, void* result, int count, const TypeInfo& type,
                        MPI_Datatype type_handle, const OpInfo& op) {
  const uint32_t bytes = uint32_t(count) * type.extent;
  Scratch held(bytes), incoming(bytes);
  char* acc = held.bytes();      // my ranks' reduction so far
  char* other = incoming.bytes();
  memcpy(acc, mine, bytes);
  for (int mask = 1; mask < comm.size; mask <<= 1) {
    if (comm.rank & mask) return coll_send(call, comm, acc, bytes, comm.rank - mask, kTagReduce);
    const int child = comm.rank + mask;
    if (child >= comm.size) continue;
    if (int e = coll_recv(call, comm, other, bytes, child, kTagReduce)) return e;
    reduce_items(op, acc, other, uint32_t(count), type, type_handle);  // other = acc op other
    char* swap = acc;
    acc = other;
    other = swap;
  }
  memmove(result, acc, bytes);
  return MPI_SUCCESS;
}

int coll_allreduce(Call& call, Comm& comm, const void* mine, void* result, int count, const TypeInfo& type,
                   MPI_Datatype type_handle, const OpInfo& op) {
  if (int e = coll_reduce_to_zero(call, comm, mine, result, count, type, type_handle, op)) return e;
  return coll_bcast(call, comm, result, uint32_t(count) * type.extent, 0);
}

namespace {

// The send buffer's checks: null with data, or the same as the receive buffer (MPI_IN_PLACE is the
// way to say that).
int check_send_buffer(Call& call, const void* sendbuf, const void* recvbuf, int count, bool recvbuf_used) {
  if (int e = call.buffer(sendbuf, count)) return e;
  if (recvbuf_used && count > 0 && sendbuf == recvbuf) {
    return call.fail(MPI_ERR_BUFFER, "send and receive buffers are the same (use MPI_IN_PLACE)");
  }
  return MPI_SUCCESS;
}

}  // namespace
}  // namespace pimnic::mpi

using namespace pimnic::mpi;

extern "C" int PMPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op_handle,
                           int root, MPI_Comm comm_handle) {
  Call call("MPI_Reduce");
  Comm* comm;
  const TypeInfo* type;
  const OpInfo* op;
  uint32_t bytes;
  if (int e = call.reduction(comm_handle, comm, count, datatype, type, op_handle, op, bytes)) return e;
  if (int e = call.root(*comm, root)) return e;
  const bool at_root = comm->rank == root;
  if (sendbuf == MPI_IN_PLACE) {
    if (!at_root) return call.fail(MPI_ERR_BUFFER, "MPI_IN_PLACE is for the root only");
    sendbuf = recvbuf;
  } else if (int e = check_send_buffer(call, sendbuf, recvbuf, count, at_root)) {
    return e;
  }
  if (at_root) {
    if (int e = call.buffer(recvbuf, count)) return e;
  }
  if (count == 0) return MPI_SUCCESS;
  if (root == 0) {
    return coll_reduce_to_zero(call, *comm, sendbuf, recvbuf, count, *type, datatype, *op);
  }
  Scratch result(comm->rank == 0 ? bytes : 0);
  if (int e = coll_reduce_to_zero(call, *comm, sendbuf, result.bytes(), count, *type, datatype, *op)) return e;
  if (comm->rank == 0) return coll_send(call, *comm, result.bytes(), bytes, root, kTagReduceResult);
  if (at_root) return coll_recv(call, *comm, recvbuf, bytes, 0, kTagReduceResult);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Reduce)

extern "C" int PMPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op_handle,
                              MPI_Comm comm_handle) {
  Call call("MPI_Allreduce");
  Comm* comm;
  const TypeInfo* type;
  const OpInfo* op;
  uint32_t bytes;
  if (int e = call.reduction(comm_handle, comm, count, datatype, type, op_handle, op, bytes)) return e;
  if (sendbuf == MPI_IN_PLACE) {
    sendbuf = recvbuf;
  } else if (int e = check_send_buffer(call, sendbuf, recvbuf, count, true)) {
    return e;
  }
  if (int e = call.buffer(recvbuf, count)) return e;
  if (count == 0) return MPI_SUCCESS;
  return coll_allreduce(call, *comm, sendbuf, recvbuf, count, *type, datatype, *op);
}
PIMNIC_MPI_ALIAS(MPI_Allreduce)

// The whole vector reduced at rank 0, then its parts scattered.
extern "C" int PMPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                   MPI_Op op_handle, MPI_Comm comm_handle) {
  Call call("MPI_Reduce_scatter");
  Comm* comm;
  const TypeInfo* type;
  const OpInfo* op;
  uint32_t bytes;
  if (int e = call.reduction(comm_handle, comm, 0, datatype, type, op_handle, op, bytes)) return e;
  Layout layout(comm->size);
  if (int e = layout.consecutive(call, recvcounts, *type)) return e;
  const uint32_t total_bytes = layout.total();
  const int total = int(total_bytes / type->extent);
  const int mine = recvcounts[comm->rank];
  if (sendbuf == MPI_IN_PLACE) {
    sendbuf = recvbuf;  // the whole vector, in recvbuf
    if (int e = call.buffer(recvbuf, total)) return e;
  } else {
    if (int e = check_send_buffer(call, sendbuf, recvbuf, total, mine > 0)) return e;
    if (int e = call.buffer(recvbuf, mine)) return e;
  }
  if (total == 0) return MPI_SUCCESS;
  Scratch result(comm->rank == 0 ? total_bytes : 0);
  if (int e = coll_reduce_to_zero(call, *comm, sendbuf, result.bytes(), total, *type, datatype, *op)) return e;
  return coll_scatter_bytes(call, *comm, result.bytes(), layout.lengths(), layout.offsets(), recvbuf,
                            layout.lengths()[comm->rank], 0);
}
PIMNIC_MPI_ALIAS(MPI_Reduce_scatter)
