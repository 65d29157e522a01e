// MPI_Reduce_scatter_block: MPI_Reduce_scatter with the same count for every rank.
#include "api/api.h"
#include "core/call.h"
#include "core/vec.h"

using namespace pimnic::mpi;

extern "C" int PMPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype,
                                         MPI_Op op, MPI_Comm comm_handle) {
  Call call("MPI_Reduce_scatter_block");
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  Vec<int> counts;
  counts.resize(uint32_t(comm->size));
  for (int i = 0; i < comm->size; ++i) counts[uint32_t(i)] = recvcount;
  return PMPI_Reduce_scatter(sendbuf, recvbuf, counts.data(), datatype, op, comm_handle);
}
PIMNIC_MPI_ALIAS(MPI_Reduce_scatter_block)
