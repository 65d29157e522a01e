#include "core/p2p.h"

#include "core/blocked.h"
#include "core/runtime.h"
#include "core/vec.h"

namespace pimnic::mpi {

namespace {

Request* describe(Request::Kind kind, Comm& comm, uint32_t context, const void* buf, int count, const TypeInfo* type,
                  uint32_t bytes, int peer, int tag, SendMode mode) {
  Request* r = new_request(kind, &comm);
  r->buf = const_cast<void*>(buf);
  r->count = count;
  r->type = type && !type->contiguous() ? type : nullptr;  // only packed types need the type later
  type_ref(r->type);
  r->bytes = bytes;
  r->peer = peer;
  r->tag = tag;
  r->context = context;
  r->mode = mode;
  return r;
}

Request* started(Request* r) {
  start_request(r);
  return r;
}

}  // namespace

void start_request(Request* r) {
  if (r->kind == Request::Kind::Coll) return restart_task(r);
  r->op = Operation{};
  r->active = true;
  if (r->proc_null()) return;
  void* data = r->buf;
  if (r->type) {  // a packed type: through the packed copy
    if (!r->packed) r->packed = checked_alloc(r->bytes, "pack buffer");
    data = r->packed;
  }
  Transport& transport = *runtime().transport;
  if (r->kind == Request::Kind::Send) {
    if (r->type) pack_items(*r->type, r->buf, uint32_t(r->count), r->packed);
    transport.send(r->op, data, r->bytes, r->comm->peer_world(r->peer), r->tag, r->context, r->mode);
  } else {
    const int32_t source = r->peer == MPI_ANY_SOURCE ? kAnySource : r->comm->peer_world(r->peer);
    transport.recv(r->op, data, r->bytes, source, r->tag == MPI_ANY_TAG ? kAnyTag : r->tag, r->context);
  }
}

Request* start_bytes_send(Comm& comm, uint32_t context, const void* data, uint32_t bytes, int dest, int tag,
                          SendMode mode) {
  if (context & 1) tag += coll_tag_offset() + comm.tag_base;
  return started(describe(Request::Kind::Send, comm, context, data, 0, nullptr, bytes, dest, tag, mode));
}

Request* start_bytes_recv(Comm& comm, uint32_t context, void* data, uint32_t capacity, int source, int tag) {
  if (context & 1) tag += coll_tag_offset() + comm.tag_base;
  return started(
      describe(Request::Kind::Recv, comm, context, data, 0, nullptr, capacity, source, tag, SendMode::Standard));
}

Request* describe_send(Comm& comm, const void* buf, int count, const TypeInfo& type, uint32_t bytes, int dest, int tag,
                       SendMode mode) {
  return describe(Request::Kind::Send, comm, comm.p2p_context(), buf, count, &type, bytes, dest, tag, mode);
}

Request* describe_recv(Comm& comm, void* buf, int count, const TypeInfo& type, uint32_t bytes, int source, int tag) {
  return describe(Request::Kind::Recv, comm, comm.p2p_context(), buf, count, &type, bytes, source, tag,
                  SendMode::Standard);
}

Request* start_send(Comm& comm, const void* buf, int count, const TypeInfo& type, uint32_t bytes, int dest, int tag,
                    SendMode mode) {
  return started(describe_send(comm, buf, count, type, bytes, dest, tag, mode));
}

Request* start_recv(Comm& comm, void* buf, int count, const TypeInfo& type, uint32_t bytes, int source, int tag) {
  return started(describe_recv(comm, buf, count, type, bytes, source, tag));
}

}  // namespace pimnic::mpi
