// Point to point: sends and receives (blocking and not), sendrecv, probe, counts, cancel.
#include <cstring>

#include "api/api.h"
#include "core/blocked.h"
#include "core/call.h"
#include "core/p2p.h"
#include "core/p2p_post.h"
#include "core/runtime.h"

namespace pimnic::mpi {

int post_send(Call& call, const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm_handle,
              SendMode mode, bool start, Request*& out) {
  Comm* comm;
  const TypeInfo* type;
  uint32_t bytes;
  if (int e = call.send(comm_handle, comm, buf, count, datatype, type, dest, tag, bytes)) return e;
  out = start ? start_send(*comm, buf, count, *type, bytes, dest, tag, mode)
              : describe_send(*comm, buf, count, *type, bytes, dest, tag, mode);
  return MPI_SUCCESS;
}

int post_recv(Call& call, void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm_handle,
              bool start, Request*& out) {
  Comm* comm;
  const TypeInfo* type;
  uint32_t bytes;
  if (int e = call.receive(comm_handle, comm, buf, count, datatype, type, source, tag, bytes)) return e;
  out = start ? start_recv(*comm, buf, count, *type, bytes, source, tag)
              : describe_recv(*comm, buf, count, *type, bytes, source, tag);
  return MPI_SUCCESS;
}

}  // namespace pimnic::mpi

using namespace pimnic::mpi;

namespace {

// Wait for a request the call started itself, report its status and error, release it.
int complete(Call& call, Request* r, MPI_Status* status) {
  char detail[160];
  wait_done(r);
  call.use_comm(r->comm);
  int result = finish_request(r, status, detail, sizeof detail);
  if (result) result = call.fail(result, "%s", detail);
  release_request(r);
  return result;
}

// A receive whose partner send could not start (MPI_ERRORS_RETURN): take it back.
void abandon(Request* recv) {
  if (!recv->done()) runtime().transport->cancel(recv->op);
  wait_done(recv);
  release_request(recv);
}

int blocking_send(const char* name, const void* buf, int count, MPI_Datatype datatype, int dest, int tag,
                  MPI_Comm comm, SendMode mode) {
  Call call(name);
  Request* r;
  if (int e = post_send(call, buf, count, datatype, dest, tag, comm, mode, true, r)) return e;
  return complete(call, r, MPI_STATUS_IGNORE);
}

int nonblocking_send(const char* name, const void* buf, int count, MPI_Datatype datatype, int dest, int tag,
                     MPI_Comm comm, SendMode mode, MPI_Request* request) {
  Call call(name);
  if (int e = call.arg(request != nullptr, "request is null")) return e;
  Request* r;
  if (int e = post_send(call, buf, count, datatype, dest, tag, comm, mode, true, r)) return e;
  *request = request_handle(r);
  return MPI_SUCCESS;
}

// What a probe found, as a status.
void probe_status(const Comm& comm, const Found& found, MPI_Status* status) {
  if (status == MPI_STATUS_IGNORE) return;
  status->MPI_SOURCE = comm.peer_of_world(found.source);
  status->MPI_TAG = found.tag;
  status->pimnic_bytes = int(found.bytes);
  status->pimnic_cancelled = 0;
}

int check_probe(Call& call, int source, int tag, MPI_Comm comm_handle, Comm*& comm) {
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.source(*comm, source)) return e;
  return call.recv_tag(tag);
}

int32_t world_source(const Comm& comm, int source) {
  return source == MPI_ANY_SOURCE ? kAnySource : comm.peer_world(source);
}

int32_t transport_tag(int tag) { return tag == MPI_ANY_TAG ? kAnyTag : tag; }

}  // namespace

extern "C" int PMPI_Send(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  return blocking_send("MPI_Send", buf, count, datatype, dest, tag, comm, SendMode::Standard);
}
PIMNIC_MPI_ALIAS(MPI_Send)

extern "C" int PMPI_Ssend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  return blocking_send("MPI_Ssend", buf, count, datatype, dest, tag, comm, SendMode::Synchronous);
}
PIMNIC_MPI_ALIAS(MPI_Ssend)

extern "C" int PMPI_Rsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  return blocking_send("MPI_Rsend", buf, count, datatype, dest, tag, comm, SendMode::Ready);
}
PIMNIC_MPI_ALIAS(MPI_Rsend)

extern "C" int PMPI_Isend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                          MPI_Request* request) {
  return nonblocking_send("MPI_Isend", buf, count, datatype, dest, tag, comm, SendMode::Standard, request);
}
PIMNIC_MPI_ALIAS(MPI_Isend)

extern "C" int PMPI_Issend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request* request) {
  return nonblocking_send("MPI_Issend", buf, count, datatype, dest, tag, comm, SendMode::Synchronous, request);
}
PIMNIC_MPI_ALIAS(MPI_Issend)

extern "C" int PMPI_Irsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request* request) {
  return nonblocking_send("MPI_Irsend", buf, count, datatype, dest, tag, comm, SendMode::Ready, request);
}
PIMNIC_MPI_ALIAS(MPI_Irsend)

extern "C" int PMPI_Recv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                         MPI_Status* status) {
  Call call("MPI_Recv");
  Request* r;
  if (int e = post_recv(call, buf, count, datatype, source, tag, comm, true, r)) return e;
  return complete(call, r, status);
}
PIMNIC_MPI_ALIAS(MPI_Recv)

extern "C" int PMPI_Irecv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                          MPI_Request* request) {
  Call call("MPI_Irecv");
  if (int e = call.arg(request != nullptr, "request is null")) return e;
  Request* r;
  if (int e = post_recv(call, buf, count, datatype, source, tag, comm, true, r)) return e;
  *request = request_handle(r);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Irecv)

// The receive is posted before the send starts, so that two ranks exchanging through
// MPI_Sendrecv never wait for each other.
extern "C" int PMPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                             void* recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                             MPI_Comm comm, MPI_Status* status) {
  Call call("MPI_Sendrecv");
  Request *recv, *send;
  if (int e = post_recv(call, recvbuf, recvcount, recvtype, source, recvtag, comm, true, recv)) return e;
  if (int e = post_send(call, sendbuf, sendcount, sendtype, dest, sendtag, comm, SendMode::Standard, true, send)) {
    abandon(recv);
    return e;
  }
  const int send_error = complete(call, send, MPI_STATUS_IGNORE);
  const int recv_error = complete(call, recv, status);
  return send_error ? send_error : recv_error;
}
PIMNIC_MPI_ALIAS(MPI_Sendrecv)

// The outgoing items are packed aside first (and sent as their packed bytes): the reply lands in
// the same buffer.
extern "C" int PMPI_Sendrecv_replace(void* buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                     int recvtag, MPI_Comm comm, MPI_Status* status) {
  Call call("MPI_Sendrecv_replace");
  Comm* comm_checked;
  const TypeInfo* type;
  uint32_t bytes;
  if (int e = call.message(comm, comm_checked, buf, count, datatype, type)) return e;
  if (int e = call.packed_bytes(count, *type, bytes)) return e;
  Scratch outgoing(bytes);
  pack_items(*type, buf, uint32_t(count), outgoing.bytes());
  Request *recv, *send;
  if (int e = post_recv(call, buf, count, datatype, source, recvtag, comm, true, recv)) return e;
  if (int e = post_send(call, outgoing.bytes(), int(bytes), MPI_PACKED, dest, sendtag, comm, SendMode::Standard, true,
                        send)) {
    abandon(recv);
    return e;
  }
  const int send_error = complete(call, send, MPI_STATUS_IGNORE);
  const int recv_error = complete(call, recv, status);
  return send_error ? send_error : recv_error;
}
PIMNIC_MPI_ALIAS(MPI_Sendrecv_replace)

extern "C" int PMPI_Probe(int source, int tag, MPI_Comm comm_handle, MPI_Status* status) {
  Call call("MPI_Probe");
  Comm* comm;
  if (int e = check_probe(call, source, tag, comm_handle, comm)) return e;
  if (source == MPI_PROC_NULL) {
    empty_status(status, MPI_PROC_NULL);
    return MPI_SUCCESS;
  }
  Found found;
  {
    const BlockedOn blocked(*comm, source, tag);
    runtime().transport->probe(world_source(*comm, source), transport_tag(tag), comm->p2p_context(), found);
  }
  probe_status(*comm, found, status);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Probe)

extern "C" int PMPI_Iprobe(int source, int tag, MPI_Comm comm_handle, int* flag, MPI_Status* status) {
  Call call("MPI_Iprobe");
  Comm* comm;
  if (int e = check_probe(call, source, tag, comm_handle, comm)) return e;
  if (int e = call.arg(flag != nullptr, "flag is null")) return e;
  if (source == MPI_PROC_NULL) {
    *flag = 1;
    empty_status(status, MPI_PROC_NULL);
    return MPI_SUCCESS;
  }
  Found found;
  *flag = runtime().transport->iprobe(world_source(*comm, source), transport_tag(tag), comm->p2p_context(), found);
  if (*flag) probe_status(*comm, found, status);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Iprobe)

extern "C" int PMPI_Get_count(const MPI_Status* status, MPI_Datatype datatype, int* count) {
  Call call("MPI_Get_count");
  const TypeInfo* type;
  if (int e = call.arg(status && status != MPI_STATUS_IGNORE && count, "status or count is null")) return e;
  if (int e = call.datatype(datatype, type)) return e;
  const uint32_t bytes = uint32_t(status->pimnic_bytes);
  if (type->size == 0) {  // (a derived type without data)
    *count = 0;
    return MPI_SUCCESS;
  }
  *count = bytes % type->size ? MPI_UNDEFINED : int(bytes / type->size);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Get_count)

// Basic elements: a pair type's item has two (the value and the index), a derived type's its
// typemap's; a message may end inside an item.
extern "C" int PMPI_Get_elements(const MPI_Status* status, MPI_Datatype datatype, int* count) {
  Call call("MPI_Get_elements");
  const TypeInfo* type;
  if (int e = call.arg(status && status != MPI_STATUS_IGNORE && count, "status or count is null")) return e;
  if (int e = call.datatype(datatype, type)) return e;
  const int64_t elements = elements_in(*type, uint32_t(status->pimnic_bytes));
  *count = elements < 0 || elements > 0x7fffffff ? MPI_UNDEFINED : int(elements);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Get_elements)

// Receives are cancelled unless they already matched; sends are not cancelled (the standard lets
// a cancel fail: the send then completes normally and MPI_Test_cancelled says false).
extern "C" int PMPI_Cancel(MPI_Request* request) {
  Call call("MPI_Cancel");
  if (int e = call.arg(request != nullptr, "request is null")) return e;
  Request* r = find_request(*request);
  if (!r) return call.fail(MPI_ERR_REQUEST, "invalid request 0x%x", unsigned(*request));
  if (!r->active) return call.fail(MPI_ERR_REQUEST, "the persistent request is not active");
  if (r->kind == Request::Kind::Recv && !r->done()) runtime().transport->cancel(r->op);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Cancel)

extern "C" int PMPI_Test_cancelled(const MPI_Status* status, int* flag) {
  Call call("MPI_Test_cancelled");
  if (int e = call.arg(status && status != MPI_STATUS_IGNORE && flag, "status or flag is null")) return e;
  *flag = status->pimnic_cancelled;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Test_cancelled)
