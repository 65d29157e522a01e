#include "p2p.h"

#include "runtime.h"
#include "vec.h"

namespace pimnic::mpi {

Request* start_bytes_send(Comm& comm, uint32_t context, const void* data, uint32_t bytes, int dest, int tag,
                          SendMode mode) {
  if (dest == MPI_PROC_NULL) return new_request(Request::Kind::ProcNull, &comm);
  Request* r = new_request(Request::Kind::Send, &comm);
  runtime().transport->send(r->op, data, bytes, comm.world_rank(dest), tag, context, mode);
  return r;
}

Request* start_bytes_recv(Comm& comm, uint32_t context, void* data, uint32_t capacity, int source, int tag) {
  if (source == MPI_PROC_NULL) {
    Request* r = new_request(Request::Kind::ProcNull, &comm);
    r->op.is_recv = true;
    return r;
  }
  Request* r = new_request(Request::Kind::Recv, &comm);
  r->capacity = capacity;
  const int32_t world_source = source == MPI_ANY_SOURCE ? kAnySource : comm.world_rank(source);
  runtime().transport->recv(r->op, data, capacity, world_source, tag == MPI_ANY_TAG ? kAnyTag : tag, context);
  return r;
}

Request* start_send(Comm& comm, const void* buf, int count, const TypeInfo& type, uint32_t bytes, int dest, int tag,
                    SendMode mode) {
  if (type.contiguous() || dest == MPI_PROC_NULL) {
    return start_bytes_send(comm, comm.p2p_context(), buf, bytes, dest, tag, mode);
  }
  void* packed = checked_alloc(bytes, "pack buffer");
  pack_items(type, buf, uint32_t(count), packed);
  Request* r = start_bytes_send(comm, comm.p2p_context(), packed, bytes, dest, tag, mode);
  r->packed = packed;  // freed with the request
  return r;
}

Request* start_recv(Comm& comm, void* buf, const TypeInfo& type, uint32_t bytes, int source, int tag) {
  if (type.contiguous() || source == MPI_PROC_NULL) {
    return start_bytes_recv(comm, comm.p2p_context(), buf, bytes, source, tag);
  }
  void* packed = checked_alloc(bytes, "pack buffer");
  Request* r = start_bytes_recv(comm, comm.p2p_context(), packed, bytes, source, tag);
  r->packed = packed;
  r->items = buf;
  r->type = &type;
  return r;
}

void wait_done(Request* request) {
  while (!request->done()) runtime().transport->progress(true);
}

void poke_progress() { runtime().transport->progress(false); }

}  // namespace pimnic::mpi
