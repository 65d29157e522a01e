// Completion: MPI_Wait/Test and their any/all/some forms, MPI_Request_free, MPI_Request_get_status.
// Waiting sleeps in the transport until the NIC signals; testing makes one round of progress.
#include <cstdio>

#include "api/api.h"
#include "core/blocked.h"
#include "core/call.h"
#include "core/errors.h"
#include "core/p2p.h"
#include "core/progress.h"
#include "core/runtime.h"

using namespace pimnic::mpi;

namespace {

// The active request of a handle: null for MPI_REQUEST_NULL and inactive persistent requests
// (inactive entries: done at once, empty status), MPI_ERR_REQUEST for anything that is not a
// live request.
int lookup(Call& call, MPI_Request handle, Request*& out) {
  out = nullptr;
  if (handle == MPI_REQUEST_NULL) return MPI_SUCCESS;
  Request* r = find_request(handle);
  if (!r) return call.fail(MPI_ERR_REQUEST, "invalid request 0x%x", unsigned(handle));
  if (r->active) out = r;
  return MPI_SUCCESS;
}

// Every handle of an array, looked up into `requests` (count entries).
int lookup_all(Call& call, int count, const MPI_Request* handles, Vec<Request*>& requests) {
  if (int e = call.count(count)) return e;
  if (int e = call.arg(handles || count == 0, "array_of_requests is null")) return e;
  requests.resize(uint32_t(count));
  for (int i = 0; i < count; ++i) {
    if (int e = lookup(call, handles[i], requests[uint32_t(i)])) return e;
  }
  return MPI_SUCCESS;
}

// Complete one done request for a single-status call: its status, its error raised, retired.
int finish_one(Call& call, MPI_Request* handle, Request* r, MPI_Status* status) {
  char detail[160];
  int e = finish_request(r, status, detail, sizeof detail);
  if (e) {
    call.use_comm(r->comm);
    e = call.fail(e, "%s", detail);
  }
  retire_request(r, handle);
  return e;
}

// Completion for calls with an array of statuses (all, some): an error ends the process right away
// under MPI_ERRORS_ARE_FATAL; otherwise each status gets its MPI_ERROR and the call raises
// MPI_ERR_IN_STATUS once at the end (the standard's rule for these calls).
class Completer {
 public:
  Completer(Call& call, MPI_Status* statuses, int positions)
      : call_(call), statuses_(statuses), errors_(sizeof(int) * uint32_t(positions)) {}

  // A done request into position `pos` of the statuses.
  void finish(MPI_Request* handle, Request* r, int pos) {
    MPI_Status* status = statuses_ == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses_[pos];
    char detail[160];
    const int e = finish_request(r, status, detail, sizeof detail);
    if (e && errors_are_fatal(r->comm)) {
      call_.use_comm(r->comm);
      call_.fail(e, "%s", detail);
    }
    if (e && !failed_comm_) {
      failed_comm_ = r->comm;
      comm_ref(failed_comm_);
      snprintf(detail_, sizeof detail_, "%s: %s", error_class_name(e), detail);
    }
    errors()[pos] = e;
    retire_request(r, handle);
  }

  // After positions [0, used) were finished.
  int result(int used) {
    if (!failed_comm_) return MPI_SUCCESS;
    for (int p = 0; statuses_ != MPI_STATUSES_IGNORE && p < used; ++p) statuses_[p].MPI_ERROR = errors()[p];
    call_.use_comm(failed_comm_);
    const int e = call_.fail(MPI_ERR_IN_STATUS, "%s", detail_);
    comm_unref(failed_comm_);
    return e;
  }

 private:
  int* errors() { return reinterpret_cast<int*>(errors_.bytes()); }
  Call& call_;
  MPI_Status* statuses_;
  Scratch errors_;
  Comm* failed_comm_ = nullptr;
  char detail_[200] = {};
};

// Wait for progress on `requests`, some in flight and none done (first_done() == -1); a deadlock
// report names the first of them.
void wait_for_one_of(const Vec<Request*>& requests) {
  const Request* first = nullptr;
  int32_t in_flight = 0;
  for (uint32_t i = 0; i < requests.size(); ++i) {
    if (!requests[i] || requests[i]->done()) continue;
    if (!first) first = requests[i];
    ++in_flight;
  }
  if (in_task()) return wait_progress();
  const BlockedOn blocked(*first, in_flight);
  wait_progress();
}

// The lowest index of a done request, -1 if none is done, -2 if none is active.
int first_done(const Vec<Request*>& requests) {
  bool any_active = false;
  for (uint32_t i = 0; i < requests.size(); ++i) {
    if (!requests[i]) continue;
    if (requests[i]->done()) return int(i);
    any_active = true;
  }
  return any_active ? -1 : -2;
}

int any(Call& call, int count, MPI_Request* handles, int* index, int* flag, MPI_Status* status, bool wait) {
  Vec<Request*> requests;
  if (int e = lookup_all(call, count, handles, requests)) return e;
  if (int e = call.arg(index != nullptr, "index is null")) return e;
  if (!wait) poke_progress();
  for (;;) {
    const int i = first_done(requests);
    if (i >= 0) {
      *index = i;
      if (flag) *flag = 1;
      return finish_one(call, &handles[i], requests[uint32_t(i)], status);
    }
    if (i == -2 || !wait) {
      *index = MPI_UNDEFINED;
      if (flag) *flag = i == -2;  // nothing active: done at once, with an empty status
      if (i == -2) empty_status(status, MPI_ANY_SOURCE);
      return MPI_SUCCESS;
    }
    wait_for_one_of(requests);
  }
}

int some(Call& call, int incount, MPI_Request* handles, int* outcount, int* indices, MPI_Status* statuses, bool wait) {
  Vec<Request*> requests;
  if (int e = lookup_all(call, incount, handles, requests)) return e;
  if (int e = call.arg(outcount && (indices || incount == 0), "outcount or array_of_indices is null")) return e;
  if (!wait) poke_progress();
  for (;;) {
    const int first = first_done(requests);
    if (first == -2) {
      *outcount = MPI_UNDEFINED;
      return MPI_SUCCESS;
    }
    if (first >= 0 || !wait) break;
    wait_for_one_of(requests);
  }
  Completer completer(call, statuses, incount);
  int done = 0;
  for (int i = 0; i < incount; ++i) {
    Request* r = requests[uint32_t(i)];
    if (!r || !r->done()) continue;
    indices[done] = i;
    completer.finish(&handles[i], r, done);
    ++done;
  }
  *outcount = done;
  return completer.result(done);
}

// All active requests into their statuses (inactive ones get an empty status).
int finish_all(Call& call, int count, MPI_Request* handles, const Vec<Request*>& requests, MPI_Status* statuses) {
  Completer completer(call, statuses, count);
  for (int i = 0; i < count; ++i) {
    if (requests[uint32_t(i)]) {
      completer.finish(&handles[i], requests[uint32_t(i)], i);
    } else if (statuses != MPI_STATUSES_IGNORE) {
      empty_status(&statuses[i], MPI_ANY_SOURCE);
    }
  }
  return completer.result(count);
}

}  // namespace

extern "C" int PMPI_Wait(MPI_Request* request, MPI_Status* status) {
  Call call("MPI_Wait");
  if (int e = call.arg(request != nullptr, "request is null")) return e;
  Request* r;
  if (int e = lookup(call, *request, r)) return e;
  if (!r) {
    empty_status(status, MPI_ANY_SOURCE);
    return MPI_SUCCESS;
  }
  wait_done(r);
  return finish_one(call, request, r, status);
}
PIMNIC_MPI_ALIAS(MPI_Wait)

extern "C" int PMPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  Call call("MPI_Test");
  if (int e = call.arg(request && flag, "request or flag is null")) return e;
  Request* r;
  if (int e = lookup(call, *request, r)) return e;
  if (!r) {
    *flag = 1;
    empty_status(status, MPI_ANY_SOURCE);
    return MPI_SUCCESS;
  }
  if (!r->done()) poke_progress();
  *flag = r->done();
  return *flag ? finish_one(call, request, r, status) : MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Test)

extern "C" int PMPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status* array_of_statuses) {
  Call call("MPI_Waitall");
  Vec<Request*> requests;
  if (int e = lookup_all(call, count, array_of_requests, requests)) return e;
  for (Request* r : requests) {
    if (r) wait_done(r);
  }
  return finish_all(call, count, array_of_requests, requests, array_of_statuses);
}
PIMNIC_MPI_ALIAS(MPI_Waitall)

extern "C" int PMPI_Testall(int count, MPI_Request array_of_requests[], int* flag, MPI_Status* array_of_statuses) {
  Call call("MPI_Testall");
  Vec<Request*> requests;
  if (int e = lookup_all(call, count, array_of_requests, requests)) return e;
  if (int e = call.arg(flag != nullptr, "flag is null")) return e;
  poke_progress();
  for (Request* r : requests) {
    if (r && !r->done()) {
      *flag = 0;  // none is completed unless all are
      return MPI_SUCCESS;
    }
  }
  *flag = 1;
  return finish_all(call, count, array_of_requests, requests, array_of_statuses);
}
PIMNIC_MPI_ALIAS(MPI_Testall)

extern "C" int PMPI_Waitany(int count, MPI_Request array_of_requests[], int* index, MPI_Status* status) {
  Call call("MPI_Waitany");
  return any(call, count, array_of_requests, index, nullptr, status, true);
}
PIMNIC_MPI_ALIAS(MPI_Waitany)

extern "C" int PMPI_Testany(int count, MPI_Request array_of_requests[], int* index, int* flag, MPI_Status* status) {
  Call call("MPI_Testany");
  if (int e = call.arg(flag != nullptr, "flag is null")) return e;
  return any(call, count, array_of_requests, index, flag, status, false);
}
PIMNIC_MPI_ALIAS(MPI_Testany)

extern "C" int PMPI_Waitsome(int incount, MPI_Request array_of_requests[], int* outcount, int array_of_indices[],
                             MPI_Status* array_of_statuses) {
  Call call("MPI_Waitsome");
  return some(call, incount, array_of_requests, outcount, array_of_indices, array_of_statuses, true);
}
PIMNIC_MPI_ALIAS(MPI_Waitsome)

extern "C" int PMPI_Testsome(int incount, MPI_Request array_of_requests[], int* outcount, int array_of_indices[],
                             MPI_Status* array_of_statuses) {
  Call call("MPI_Testsome");
  return some(call, incount, array_of_requests, outcount, array_of_indices, array_of_statuses, false);
}
PIMNIC_MPI_ALIAS(MPI_Testsome)

extern "C" int PMPI_Request_free(MPI_Request* request) {
  Call call("MPI_Request_free");
  if (int e = call.arg(request != nullptr, "request is null")) return e;
  Request* r = find_request(*request);
  if (!r) return call.fail(MPI_ERR_REQUEST, "invalid request 0x%x", unsigned(*request));
  if (r->active && !r->done()) {
    free_in_flight(r);
  } else {
    release_request(r);
  }
  *request = MPI_REQUEST_NULL;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Request_free)

// Like MPI_Test, but the request stays (a later wait completes it again).
extern "C" int PMPI_Request_get_status(MPI_Request request, int* flag, MPI_Status* status) {
  Call call("MPI_Request_get_status");
  if (int e = call.arg(flag != nullptr, "flag is null")) return e;
  Request* r;
  if (int e = lookup(call, request, r)) return e;
  if (!r) {
    *flag = 1;
    empty_status(status, MPI_ANY_SOURCE);
    return MPI_SUCCESS;
  }
  if (!r->done()) poke_progress();
  *flag = r->done();
  if (!*flag) return MPI_SUCCESS;
  char detail[160];
  const int e = finish_request(r, status, detail, sizeof detail);
  if (!e) return MPI_SUCCESS;
  call.use_comm(r->comm);
  return call.fail(e, "%s", detail);
}
PIMNIC_MPI_ALIAS(MPI_Request_get_status)
