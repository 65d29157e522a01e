// Communicator calls with hints: MPI_Comm_split_type, MPI_Comm_dup_with_info, MPI_Comm_set_info,
// MPI_Comm_get_info. pimnic takes no hints: an info argument is checked, then set aside, and a
// communicator's info is empty. Every rank has a node to itself, so the ranks sharing memory
// (MPI_COMM_TYPE_SHARED) are the rank alone.
#include "api/api.h"
#include "core/call.h"

using namespace pimnic::mpi;

extern "C" int PMPI_Comm_split_type(MPI_Comm comm_handle, int split_type, int key, MPI_Info, MPI_Comm* newcomm) {
  Call call("MPI_Comm_split_type");
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(split_type == MPI_COMM_TYPE_SHARED || split_type == MPI_UNDEFINED, "unknown split_type")) {
    return e;
  }
  return PMPI_Comm_split(comm_handle, split_type == MPI_UNDEFINED ? MPI_UNDEFINED : comm->world_rank(comm->rank), key,
                         newcomm);
}
PIMNIC_MPI_ALIAS(MPI_Comm_split_type)

extern "C" int PMPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info, MPI_Comm* newcomm) {
  return PMPI_Comm_dup(comm, newcomm);
}
PIMNIC_MPI_ALIAS(MPI_Comm_dup_with_info)

extern "C" int PMPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info, MPI_Comm* newcomm, MPI_Request* request) {
  return PMPI_Comm_idup(comm, newcomm, request);
}
PIMNIC_MPI_ALIAS(MPI_Comm_idup_with_info)

extern "C" int PMPI_Comm_set_info(MPI_Comm comm_handle, MPI_Info) {
  Call call("MPI_Comm_set_info");
  Comm* comm;
  return call.comm(comm_handle, comm);
}
PIMNIC_MPI_ALIAS(MPI_Comm_set_info)

extern "C" int PMPI_Comm_get_info(MPI_Comm comm_handle, MPI_Info* info) {
  Call call("MPI_Comm_get_info");
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(info != nullptr, "info is null")) return e;
  return PMPI_Info_create(info);
}
PIMNIC_MPI_ALIAS(MPI_Comm_get_info)
