// MPI_Scan and MPI_Exscan: the prefix passes along the ranks in order (rank r waits for r - 1),
// combined in rank order, so non-commutative ops are fine.
#include <cstring>

#include "api.h"
#include "coll.h"

namespace pimnic::mpi {
namespace {

int check_scan(Call& call, const void*& sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op_handle,
               MPI_Comm comm_handle, Comm*& comm, const TypeInfo*& type, const OpInfo*& op, uint32_t& bytes) {
  if (int e = call.reduction(comm_handle, comm, count, datatype, type, op_handle, op, bytes)) return e;
  if (sendbuf == MPI_IN_PLACE) sendbuf = recvbuf;
  if (int e = call.buffer(sendbuf, count)) return e;
  return call.buffer(recvbuf, count);
}

}  // namespace
}  // namespace pimnic::mpi

using namespace pimnic::mpi;

extern "C" int PMPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op_handle,
                         MPI_Comm comm_handle) {
  Call call("MPI_Scan");
  Comm* comm;
  const TypeInfo* type;
  const OpInfo* op;
  uint32_t bytes;
  if (int e = check_scan(call, sendbuf, recvbuf, count, datatype, op_handle, comm_handle, comm, type, op, bytes)) {
    return e;
  }
  if (count == 0) return MPI_SUCCESS;
  // recvbuf = prefix(0..r-1) op mine
  if (sendbuf != recvbuf) memcpy(recvbuf, sendbuf, bytes);
  if (comm->rank > 0) {
    Scratch prefix(bytes);
    if (int e = coll_recv(call, *comm, prefix.bytes(), bytes, comm->rank - 1, kTagScan)) return e;
    reduce_items(*op, prefix.bytes(), recvbuf, uint32_t(count), *type, datatype);
  }
  if (comm->rank + 1 < comm->size) return coll_send(call, *comm, recvbuf, bytes, comm->rank + 1, kTagScan);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Scan)

extern "C" int PMPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op_handle,
                           MPI_Comm comm_handle) {
  Call call("MPI_Exscan");
  Comm* comm;
  const TypeInfo* type;
  const OpInfo* op;
  uint32_t bytes;
  if (int e = check_scan(call, sendbuf, recvbuf, count, datatype, op_handle, comm_handle, comm, type, op, bytes)) {
    return e;
  }
  if (count == 0) return MPI_SUCCESS;
  // recvbuf = prefix(0..r-1) (rank 0's is left alone); rank r + 1 gets prefix(0..r-1) op mine
  Scratch next(bytes);
  memcpy(next.bytes(), sendbuf, bytes);
  if (comm->rank > 0) {
    if (int e = coll_recv(call, *comm, recvbuf, bytes, comm->rank - 1, kTagScan)) return e;
    reduce_items(*op, recvbuf, next.bytes(), uint32_t(count), *type, datatype);
  }
  if (comm->rank + 1 < comm->size) return coll_send(call, *comm, next.bytes(), bytes, comm->rank + 1, kTagScan);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Exscan)
