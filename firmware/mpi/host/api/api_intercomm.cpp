// Intercommunicators: MPI_Intercomm_create, MPI_Intercomm_merge, MPI_Comm_remote_size,
// MPI_Comm_remote_group (MPI_Comm_test_inter is with the other communicator queries).
#include "api/api.h"
#include "core/call.h"
#include "core/group.h"
#include "core/intercomm.h"

using namespace pimnic::mpi;

namespace {

int inter(Call& call, MPI_Comm handle, Comm*& comm) {
  if (int e = call.comm(handle, comm)) return e;
  return comm->inter ? MPI_SUCCESS : call.fail(MPI_ERR_COMM, "not an intercommunicator");
}

}  // namespace

extern "C" int PMPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader,
                                     int tag, MPI_Comm* newintercomm) {
  Call call("MPI_Intercomm_create");
  Comm *local, *peer = nullptr;
  if (int e = call.comm(local_comm, local)) return e;
  if (int e = call.arg(!local->inter, "local_comm is an intercommunicator")) return e;
  if (int e = call.arg(newintercomm != nullptr, "newintercomm is null")) return e;
  if (local_leader < 0 || local_leader >= local->size) {
    return call.fail(MPI_ERR_RANK, "invalid local_leader %d (communicator of %d)", local_leader, local->size);
  }
  if (local->rank == local_leader) {  // peer_comm and remote_leader matter at the leader only
    if (int e = call.comm(peer_comm, peer)) return e;
    if (int e = call.dest(*peer, remote_leader)) return e;
    if (int e = call.send_tag(tag)) return e;
    call.use_comm(local);
  }
  return intercomm_create(call, *local, local_leader, peer ? *peer : *local, remote_leader, tag, *newintercomm);
}
PIMNIC_MPI_ALIAS(MPI_Intercomm_create)

extern "C" int PMPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm* newintracomm) {
  Call call("MPI_Intercomm_merge");
  Comm* comm;
  if (int e = inter(call, intercomm, comm)) return e;
  if (int e = call.arg(newintracomm != nullptr, "newintracomm is null")) return e;
  return intercomm_merge(call, *comm, high != 0, *newintracomm);
}
PIMNIC_MPI_ALIAS(MPI_Intercomm_merge)

extern "C" int PMPI_Comm_remote_size(MPI_Comm comm_handle, int* size) {
  Call call("MPI_Comm_remote_size");
  Comm* comm;
  if (int e = inter(call, comm_handle, comm)) return e;
  if (int e = call.arg(size != nullptr, "size is null")) return e;
  *size = comm->peer_count();
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Comm_remote_size)

extern "C" int PMPI_Comm_remote_group(MPI_Comm comm_handle, MPI_Group* group) {
  Call call("MPI_Comm_remote_group");
  Comm* comm;
  if (int e = inter(call, comm_handle, comm)) return e;
  if (int e = call.arg(group != nullptr, "group is null")) return e;
  *group = new_group(comm->remote_of.data(), comm->peer_count());
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Comm_remote_group)
