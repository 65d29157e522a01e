// Point-to-point calls that run a blocking counterpart as a task (core/progress.h), advanced by every
// progress call: MPI_Isendrecv, MPI_Isendrecv_replace (the receive's status reaches MPI_Wait) and
// the persistent buffered send MPI_Bsend_init (each MPI_Start makes one MPI_Bsend); the flush of
// the buffered sends, MPI_Buffer_flush and MPI_Buffer_iflush.
#include "api/api.h"
#include "core/bsend.h"
#include "core/call.h"
#include "core/progress.h"

using namespace pimnic::mpi;

namespace {

template <class F>
int start(const char* name, MPI_Comm comm_handle, MPI_Request* request, bool persistent, const F& body) {
  return start_call_task(name, comm_handle, request, false, persistent, body);
}

}  // namespace

extern "C" int PMPI_Isendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                              void* recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                              MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Isendrecv", comm, request, false, [=] {
    return PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag,
                         comm, task_status());
  });
}
PIMNIC_MPI_ALIAS(MPI_Isendrecv)

extern "C" int PMPI_Isendrecv_replace(void* buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                      int recvtag, MPI_Comm comm, MPI_Request* request) {
  return start("MPI_Isendrecv_replace", comm, request, false, [=] {
    return PMPI_Sendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag, comm, task_status());
  });
}
PIMNIC_MPI_ALIAS(MPI_Isendrecv_replace)

extern "C" int PMPI_Bsend_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                               MPI_Request* request) {
  return start("MPI_Bsend_init", comm, request, true,
               [=] { return PMPI_Bsend(buf, count, datatype, dest, tag, comm); });
}
PIMNIC_MPI_ALIAS(MPI_Bsend_init)

extern "C" int PMPI_Buffer_flush(void) {
  Call call("MPI_Buffer_flush");
  wait_buffered_sends();
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Buffer_flush)

// MPI-4.1: a request that completes once every buffered send has left the attached buffer.
extern "C" int PMPI_Buffer_iflush(MPI_Request* request) {
  return start("MPI_Buffer_iflush", MPI_COMM_SELF, request, false, [] {
    wait_buffered_sends();
    return MPI_SUCCESS;
  });
}
PIMNIC_MPI_ALIAS(MPI_Buffer_iflush)
