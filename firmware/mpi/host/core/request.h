// Requests: one send or receive in flight (the transport's Operation inside, at a fixed address),
// what its completion must do (unpack, status), and the pool that hands out MPI_Request handles.
#pragma once
#include <cstdint>

#include "core/datatype.h"
#include "mpi.h"
#include "transport/transport.h"

namespace pimnic::mpi {

struct Comm;
struct Task;

struct Request {
  enum class Kind : uint8_t { Unused, Send, Recv, Coll };  // Coll: a nonblocking collective (progress.h)
  Kind kind = Kind::Unused;
  bool user_freed = false;  // MPI_Request_free while in flight: reclaimed once done
  bool persistent = false;  // MPI_Send_init / MPI_Recv_init: kept after completion, restarted by MPI_Start
  bool active = false;      // started and not yet completed
  Operation op;
  Comm* comm = nullptr;  // referenced while the request lives
  // The message (p2p.cpp starts it): `count` items of `type` (null: raw bytes) at `buf`, `bytes`
  // long (a receive's capacity), to or from comm rank `peer` (MPI_PROC_NULL: nothing moves), on
  // `context`.
  void* buf = nullptr;
  int count = 0;
  const TypeInfo* type = nullptr;
  uint32_t bytes = 0;
  int peer = 0;
  int tag = 0;
  uint32_t context = 0;
  SendMode mode = SendMode::Standard;
  void* packed = nullptr;  // items of a packed type travel through here (kept across restarts)
  uint32_t index = 0;      // handle index
  Task* task = nullptr;    // Coll: the collective
  uint32_t next_free = 0;

  bool proc_null() const { return peer == MPI_PROC_NULL; }
  bool done() const { return proc_null() || op.done(); }
};

// A fresh request of `kind` on `comm` (referenced). Never null.
Request* new_request(Request::Kind kind, Comm* comm);
// The live request of a handle (not MPI_REQUEST_NULL; active or not), or null.
Request* find_request(MPI_Request handle);
MPI_Request request_handle(const Request* request);
// Back to the pool: frees the packed buffer and the communicator reference.
void release_request(Request* request);
// A completed request is done with: a persistent one becomes inactive (its handle stays), any
// other is released and its handle becomes MPI_REQUEST_NULL.
void retire_request(Request* request, MPI_Request* handle);

// The status of a done request (`status` may be MPI_STATUS_IGNORE; MPI_ERROR is left alone), and
// any unpacking its receive needs. Returns MPI_SUCCESS or MPI_ERR_TRUNCATE with `detail` filled.
int finish_request(Request* request, MPI_Status* status, char* detail, int detail_size);

// The status of a request that is not there: MPI_REQUEST_NULL or a receive from MPI_PROC_NULL.
void empty_status(MPI_Status* status, int source);

// MPI_Request_free of a request still in flight: its handle is gone, the request completes unseen.
void free_in_flight(Request* request);
// Requests the user freed while in flight: reclaim the ones that are done (wait=false), or wait
// for all of them (wait=true, MPI_Finalize).
void reap_freed_requests(bool wait);

}  // namespace pimnic::mpi
