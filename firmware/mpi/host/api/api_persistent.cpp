// Persistent requests: MPI_Send_init and friends describe a message once; MPI_Start and
// MPI_Startall start it again and again; completion leaves the request inactive (its handle stays)
// until MPI_Request_free.
#include "api/api.h"
#include "core/call.h"
#include "core/p2p.h"
#include "core/p2p_post.h"

using namespace pimnic::mpi;

namespace {

int send_init(const char* name, const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              SendMode mode, MPI_Request* request) {
  Call call(name);
  if (int e = call.arg(request != nullptr, "request is null")) return e;
  Request* r;
  if (int e = post_send(call, buf, count, datatype, dest, tag, comm, mode, false, r)) return e;
  r->persistent = true;
  *request = request_handle(r);
  return MPI_SUCCESS;
}

// The request of a handle for MPI_Start: persistent and inactive.
int startable(Call& call, const MPI_Request* handle, Request*& out) {
  if (int e = call.arg(handle != nullptr, "request is null")) return e;
  out = find_request(*handle);
  if (!out || !out->persistent) return call.fail(MPI_ERR_REQUEST, "not a persistent request: 0x%x", unsigned(*handle));
  call.use_comm(out->comm);
  if (out->active) return call.fail(MPI_ERR_REQUEST, "the request is already active");
  return MPI_SUCCESS;
}

}  // namespace

extern "C" int PMPI_Send_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                              MPI_Request* request) {
  return send_init("MPI_Send_init", buf, count, datatype, dest, tag, comm, SendMode::Standard, request);
}
PIMNIC_MPI_ALIAS(MPI_Send_init)

extern "C" int PMPI_Ssend_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                               MPI_Request* request) {
  return send_init("MPI_Ssend_init", buf, count, datatype, dest, tag, comm, SendMode::Synchronous, request);
}
PIMNIC_MPI_ALIAS(MPI_Ssend_init)

extern "C" int PMPI_Rsend_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                               MPI_Request* request) {
  return send_init("MPI_Rsend_init", buf, count, datatype, dest, tag, comm, SendMode::Ready, request);
}
PIMNIC_MPI_ALIAS(MPI_Rsend_init)

extern "C" int PMPI_Recv_init(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                              MPI_Request* request) {
  Call call("MPI_Recv_init");
  if (int e = call.arg(request != nullptr, "request is null")) return e;
  Request* r;
  if (int e = post_recv(call, buf, count, datatype, source, tag, comm, false, r)) return e;
  r->persistent = true;
  *request = request_handle(r);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Recv_init)

extern "C" int PMPI_Start(MPI_Request* request) {
  Call call("MPI_Start");
  Request* r;
  if (int e = startable(call, request, r)) return e;
  start_request(r);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Start)

// Every request is checked before any starts.
extern "C" int PMPI_Startall(int count, MPI_Request array_of_requests[]) {
  Call call("MPI_Startall");
  if (int e = call.count(count)) return e;
  if (int e = call.arg(array_of_requests || count == 0, "array_of_requests is null")) return e;
  Request* r;
  for (int i = 0; i < count; ++i) {
    if (int e = startable(call, &array_of_requests[i], r)) return e;
  }
  for (int i = 0; i < count; ++i) start_request(find_request(array_of_requests[i]));
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Startall)
