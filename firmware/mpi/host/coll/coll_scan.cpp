// MPI_Scan and MPI_Exscan: the prefix passes along the ranks in order (rank r waits for r - 1),
// combined in rank order, so non-commutative ops are fine.
#include <cstring>

#include "api/api.h"
#include "coll/coll.h"
#include "core/reduction_data.h"

namespace pimnic::mpi {
namespace {

int check_scan(Call& call, const void*& sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op_handle,
               MPI_Comm comm_handle, Comm*& comm, const TypeInfo*& type, const OpInfo*& op, uint32_t& bytes) {
  if (Comm* ic = find_comm(comm_handle); ic && ic->inter) {
    return call.fail(MPI_ERR_COMM, "not defined on an intercommunicator");
  }
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
  ReductionData data(*type, count);
  const void* in = data.input(sendbuf);
  void* out = data.output(recvbuf);
  if (in != out) memcpy(out, in, data.bytes());
  if (comm->rank > 0) {
    Scratch prefix(data.bytes());
    if (int e = coll_recv(call, *comm, prefix.bytes(), data.bytes(), comm->rank - 1, kTagScan)) return e;
    reduce_items(*op, prefix.bytes(), out, uint32_t(count), *type, datatype);
  }
  if (comm->rank + 1 < comm->size) {
    if (int e = coll_send(call, *comm, out, data.bytes(), comm->rank + 1, kTagScan)) return e;
  }
  data.finish(recvbuf);
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
  ReductionData data(*type, count);
  Scratch next(data.bytes());
  memcpy(next.bytes(), data.input(sendbuf), data.bytes());
  void* out = data.output(recvbuf);
  if (comm->rank > 0) {
    if (int e = coll_recv(call, *comm, out, data.bytes(), comm->rank - 1, kTagScan)) return e;
    reduce_items(*op, out, next.bytes(), uint32_t(count), *type, datatype);
  }
  if (comm->rank + 1 < comm->size) {
    if (int e = coll_send(call, *comm, next.bytes(), data.bytes(), comm->rank + 1, kTagScan)) return e;
  }
  if (comm->rank > 0) data.finish(recvbuf);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Exscan)
