// Starting sends and receives on a communicator (arguments already checked) and waiting for them.
// Ranks are comm ranks (or MPI_PROC_NULL / MPI_ANY_SOURCE); the transport sees world ranks.
#pragma once
#include <cstdint>

#include "core/comm.h"
#include "core/datatype.h"
#include "core/progress.h"
#include "core/request.h"
#include "transport/transport.h"

namespace pimnic::mpi {

// Bytes as they are, on `context` (a communicator's point-to-point or collective context).
Request* start_bytes_send(Comm& comm, uint32_t context, const void* data, uint32_t bytes, int dest, int tag,
                          SendMode mode);
Request* start_bytes_recv(Comm& comm, uint32_t context, void* data, uint32_t capacity, int source, int tag);

// `count` items of `type` (bytes = count * type.size) on the point-to-point context; items of a
// padded type travel packed. describe_* fills a request without starting it (persistent requests).
Request* describe_send(Comm& comm, const void* buf, int count, const TypeInfo& type, uint32_t bytes, int dest, int tag,
                       SendMode mode);
Request* describe_recv(Comm& comm, void* buf, int count, const TypeInfo& type, uint32_t bytes, int source, int tag);
Request* start_send(Comm& comm, const void* buf, int count, const TypeInfo& type, uint32_t bytes, int dest, int tag,
                    SendMode mode);
Request* start_recv(Comm& comm, void* buf, int count, const TypeInfo& type, uint32_t bytes, int source, int tag);

// Start (again) the message a request describes.
void start_request(Request* request);


}  // namespace pimnic::mpi
