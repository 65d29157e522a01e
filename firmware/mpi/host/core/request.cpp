#include "core/request.h"

#include <cstdio>
#include <cstring>
#include <new>

#include "core/blocked.h"
#include "core/comm.h"
#include "core/errors.h"
#include "core/handles.h"
#include "core/progress.h"
#include "core/runtime.h"
#include "core/vec.h"

namespace pimnic::mpi {
namespace {

// Requests live in chunks that never move (the transport holds the address of each Operation).
constexpr uint32_t kChunk = 256;

struct Pool {
  Vec<Request*> chunks;
  uint32_t first_free = 0;  // 0: none (index 0 is MPI_REQUEST_NULL and never handed out)
  Vec<Request*> freed_in_flight;

  Request& at(uint32_t index) { return chunks[index / kChunk][index % kChunk]; }
  uint32_t size() const { return chunks.size() * kChunk; }

  void grow() {
    if (size() + kChunk > kHandleIndexLimit) {
      fatal_error(runtime().current_call, MPI_ERR_OTHER, "more than 16 million requests in flight");
    }
    Request* chunk = static_cast<Request*>(checked_alloc(sizeof(Request) * kChunk, "request pool"));
    const uint32_t base = size();
    chunks.push_back(chunk);
    for (uint32_t i = kChunk; i-- > 0;) {
      Request* r = new (&chunk[i]) Request;
      r->index = base + i;
      if (base + i == 0) continue;  // MPI_REQUEST_NULL
      r->next_free = first_free;
      first_free = base + i;
    }
  }
};

Pool& pool() {
  static Pool p;
  return p;
}

}  // namespace

Request* new_request(Request::Kind kind, Comm* comm) {
  Pool& p = pool();
  if (!p.freed_in_flight.empty()) reap_freed_requests(false);  // (a loop of MPI_Isend + MPI_Request_free)
  if (!p.first_free) p.grow();
  Request* r = &p.at(p.first_free);
  p.first_free = r->next_free;
  const uint32_t index = r->index;
  new (r) Request;
  r->index = index;
  r->kind = kind;
  r->comm = comm;
  comm_ref(comm);
  return r;
}

Request* find_request(MPI_Request handle) {
  if (!handle_is(handle, HandleKind::Request)) return nullptr;
  const uint32_t index = handle_index(handle);
  Pool& p = pool();
  if (index == 0 || index >= p.size()) return nullptr;
  Request* r = &p.at(index);
  return r->kind == Request::Kind::Unused || r->user_freed ? nullptr : r;
}

MPI_Request request_handle(const Request* request) { return make_handle(HandleKind::Request, request->index); }

void release_request(Request* request) {
  drop_task(request);
  free(request->packed);
  comm_unref(request->comm);
  type_unref(request->type);
  Pool& p = pool();
  request->kind = Request::Kind::Unused;
  request->packed = nullptr;
  request->comm = nullptr;
  request->type = nullptr;
  request->next_free = p.first_free;
  p.first_free = request->index;
}

void empty_status(MPI_Status* status, int source) {
  if (status == MPI_STATUS_IGNORE) return;
  status->MPI_SOURCE = source;
  status->MPI_TAG = MPI_ANY_TAG;
  status->pimnic_bytes = 0;
  status->pimnic_cancelled = 0;
}

int finish_request(Request* r, MPI_Status* status, char* detail, int detail_size) {
  const bool is_recv = r->kind == Request::Kind::Recv;
  if (r->kind == Request::Kind::Coll) {
    empty_status(status, MPI_ANY_SOURCE);
    snprintf(detail, size_t(detail_size), "the nonblocking collective failed");
    return task_result(r, status);
  }
  if (r->proc_null()) {
    empty_status(status, is_recv ? MPI_PROC_NULL : MPI_ANY_SOURCE);
    return MPI_SUCCESS;
  }
  if (!is_recv) {
    empty_status(status, MPI_ANY_SOURCE);  // a send has no source; cancelled stays 0 (sends are never cancelled)
    return MPI_SUCCESS;
  }
  const Operation& op = r->op;
  if (op.cancelled) {
    empty_status(status, MPI_ANY_SOURCE);
    if (status != MPI_STATUS_IGNORE) status->pimnic_cancelled = 1;
    return MPI_SUCCESS;
  }
  const uint32_t received = op.found.bytes < r->bytes ? op.found.bytes : r->bytes;
  if (r->packed) unpack_bytes(*r->type, r->packed, received, r->buf);
  if (status != MPI_STATUS_IGNORE) {
    status->MPI_SOURCE = r->comm->peer_of_world(op.found.source);
    status->MPI_TAG = op.found.tag;
    status->pimnic_bytes = int(received);
    status->pimnic_cancelled = 0;
  }
  if (op.truncated || op.found.bytes > r->bytes) {
    snprintf(detail, size_t(detail_size), "message of %u bytes truncated to %u", unsigned(op.found.bytes),
             unsigned(r->bytes));
    return MPI_ERR_TRUNCATE;
  }
  return MPI_SUCCESS;
}

void retire_request(Request* request, MPI_Request* handle) {
  if (request->persistent) {
    request->active = false;
    return;
  }
  release_request(request);
  *handle = MPI_REQUEST_NULL;
}

void free_in_flight(Request* request) {
  request->user_freed = true;
  pool().freed_in_flight.push_back(request);
}

void reap_freed_requests(bool wait) {
  Vec<Request*>& freed = pool().freed_in_flight;
  for (uint32_t i = 0; i < freed.size();) {
    Request* r = freed[i];
    if (wait) {
      wait_done(r);
    }
    if (r->done()) {
      release_request(r);
      freed[i] = freed.back();
      freed.pop_back();
    } else {
      ++i;
    }
  }
}

}  // namespace pimnic::mpi
