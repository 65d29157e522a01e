// Large-count bindings (MPI-4.0 section 2.5.8) for point to point: the count is an MPI_Count; counts
// beyond INT_MAX are refused (MPI_ERR_COUNT), as every message here is at most 2^31 - 1 bytes.
#include <climits>

#include "api/api.h"
#include "core/call.h"

using namespace pimnic::mpi;

namespace {

int narrow(const char* name, MPI_Count count, int& out) {
  if (count >= 0 && count <= INT_MAX) {
    out = int(count);
    return MPI_SUCCESS;
  }
  Call call(name);
  return call.fail(MPI_ERR_COUNT, "count %lld does not fit an int", static_cast<long long>(count));
}

}  // namespace

extern "C" int PMPI_Send_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  int n = 0;
  if (int e = narrow("MPI_Send_c", count, n)) return e;
  return PMPI_Send(buf, n, datatype, dest, tag, comm);
}
PIMNIC_MPI_ALIAS(MPI_Send_c)

extern "C" int PMPI_Recv_c(void* buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                           MPI_Status* status) {
  int n = 0;
  if (int e = narrow("MPI_Recv_c", count, n)) return e;
  return PMPI_Recv(buf, n, datatype, source, tag, comm, status);
}
PIMNIC_MPI_ALIAS(MPI_Recv_c)

extern "C" int PMPI_Isend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                            MPI_Request* request) {
  int n = 0;
  if (int e = narrow("MPI_Isend_c", count, n)) return e;
  return PMPI_Isend(buf, n, datatype, dest, tag, comm, request);
}
PIMNIC_MPI_ALIAS(MPI_Isend_c)

extern "C" int PMPI_Irecv_c(void* buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                            MPI_Request* request) {
  int n = 0;
  if (int e = narrow("MPI_Irecv_c", count, n)) return e;
  return PMPI_Irecv(buf, n, datatype, source, tag, comm, request);
}
PIMNIC_MPI_ALIAS(MPI_Irecv_c)

extern "C" int PMPI_Get_count_c(const MPI_Status* status, MPI_Datatype datatype, MPI_Count* count) {
  int n = 0;
  if (int e = PMPI_Get_count(status, datatype, &n)) return e;
  *count = n;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Get_count_c)
