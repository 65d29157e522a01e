// The point-to-point steps of the collective algorithms.
#include <cstdio>

#include "coll/coll.h"
#include "core/p2p.h"

namespace pimnic::mpi {
namespace {

// Wait, raise its error (if `raise`), release.
int finish_one(Call& call, Request* r, bool raise = true) {
  char detail[160];
  wait_done(r);
  int result = finish_request(r, MPI_STATUS_IGNORE, detail, sizeof detail);
  if (result && raise) result = call.fail(result, "%s", detail);
  release_request(r);
  return result;
}

}  // namespace

int coll_send(Call& call, Comm& comm, const void* data, uint32_t bytes, int dest, int tag) {
  return finish_one(call, start_bytes_send(comm, comm.coll_context(), data, bytes, dest, tag, SendMode::Standard));
}

int coll_recv(Call& call, Comm& comm, void* data, uint32_t capacity, int source, int tag) {
  return finish_one(call, start_bytes_recv(comm, comm.coll_context(), data, capacity, source, tag));
}

int coll_finish_all(Call& call, Request** requests, int count) {
  int result = MPI_SUCCESS;
  for (int i = 0; i < count; ++i) {
    const int e = finish_one(call, requests[i], result == MPI_SUCCESS);
    if (e && !result) result = e;
  }
  return result;
}

}  // namespace pimnic::mpi
