// MPI_Reduce, MPI_Allreduce, MPI_Reduce_scatter: a rank-ordered binomial tree to rank 0 (at level
// 2^k, rank r, holding ranks [r, r + 2^k), takes [r + 2^k, r + 2^(k+1)) from rank r + 2^k), then to
// the root, or back out to everyone. MPI_Reduce and MPI_Allreduce offer the reduction to the
// transport first (coll_offload.cpp).
#include <cstring>

#include "api/api.h"
#include "coll/coll.h"
#include "coll/coll_inter.h"
#include "coll/coll_layout.h"
#include "core/reduction_data.h"

namespace pimnic::mpi {

int coll_reduce_to_zero(Call& call, Comm& comm, const void* mine, void* result, int count, const TypeInfo& type,
                        MPI_Datatype type_handle, const OpInfo& op) {
  const uint32_t bytes = reduction_bytes(type, count);
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
  return coll_bcast(call, comm, result, reduction_bytes(type, count), 0);
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
  if (Comm* ic = find_comm(comm_handle); ic && ic->inter) return inter_reduce(call, *ic, sendbuf, recvbuf, count, datatype, op_handle, root);
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
  ReductionData data(*type, count);
  const void* in = data.input(sendbuf);
  // Rank 0 gets the result; the root, if another rank, gets it from rank 0.
  Scratch at_zero(comm->rank == 0 && !at_root ? data.bytes() : 0);
  void* out = at_root ? data.output(recvbuf) : at_zero.bytes();
  int e = MPI_SUCCESS;
  if (!coll_offload_reduction(*comm, in, out, count, *type, *op, root, false)) {
    e = coll_reduce_to_zero(call, *comm, in, out, count, *type, datatype, *op);
    if (!e && root != 0 && comm->rank == 0) e = coll_send(call, *comm, out, data.bytes(), root, kTagReduceResult);
    if (!e && root != 0 && at_root) e = coll_recv(call, *comm, out, data.bytes(), 0, kTagReduceResult);
  }
  if (!e && at_root) data.finish(recvbuf);
  return e;
}
PIMNIC_MPI_ALIAS(MPI_Reduce)

extern "C" int PMPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op_handle,
                              MPI_Comm comm_handle) {
  Call call("MPI_Allreduce");
  if (Comm* ic = find_comm(comm_handle); ic && ic->inter) return inter_allreduce(call, *ic, sendbuf, recvbuf, count, datatype, op_handle);
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
  ReductionData data(*type, count);
  const void* in = data.input(sendbuf);
  void* out = data.output(recvbuf);
  if (!coll_offload_reduction(*comm, in, out, count, *type, *op, 0, true)) {
    if (int e = coll_allreduce(call, *comm, in, out, count, *type, datatype, *op)) return e;
  }
  data.finish(recvbuf);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Allreduce)

// The whole vector reduced at rank 0, then its parts scattered.
extern "C" int PMPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                   MPI_Op op_handle, MPI_Comm comm_handle) {
  Call call("MPI_Reduce_scatter");
  if (Comm* ic = find_comm(comm_handle); ic && ic->inter) return inter_reduce_scatter(call, *ic, sendbuf, recvbuf, recvcounts, datatype, op_handle);
  Comm* comm;
  const TypeInfo* type;
  const OpInfo* op;
  uint32_t bytes;
  if (int e = call.reduction(comm_handle, comm, 0, datatype, type, op_handle, op, bytes)) return e;
  const int n = comm->size;
  Layout items(n);  // (checks the counts and their sum)
  if (int e = items.consecutive(call, recvcounts, *type)) return e;
  int total = 0;
  for (int i = 0; i < n; ++i) total += recvcounts[i];
  const int mine = recvcounts[comm->rank];
  if (sendbuf == MPI_IN_PLACE) {
    sendbuf = recvbuf;  // the whole vector, in recvbuf
    if (int e = call.buffer(recvbuf, total)) return e;
  } else {
    if (int e = check_send_buffer(call, sendbuf, recvbuf, total, mine > 0)) return e;
    if (int e = call.buffer(recvbuf, mine)) return e;
  }
  if (total == 0) return MPI_SUCCESS;
  ReductionData whole(*type, total), part(*type, mine);
  Vec<uint32_t> lengths, offsets;  // of each rank's part of the result
  for (int i = 0, first = 0; i < n; first += recvcounts[i], ++i) {
    lengths.push_back(reduction_bytes(*type, recvcounts[i]));
    offsets.push_back(uint32_t(first) * type->extent);
  }
  const void* in = whole.input(sendbuf);
  Scratch result(comm->rank == 0 ? whole.bytes() : 0);
  if (int e = coll_reduce_to_zero(call, *comm, in, result.bytes(), total, *type, datatype, *op)) {
    return e;
  }
  void* out = part.output(recvbuf);
  if (int e = coll_scatter_bytes(call, *comm, result.bytes(), lengths.data(), offsets.data(), out, part.bytes(), 0)) {
    return e;
  }
  part.finish(recvbuf);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Reduce_scatter)
