// Progress: the transport's, and that of the nonblocking collectives. A nonblocking collective is a
// task: its blocking algorithm runs on a fiber (fiber.h) and yields wherever it would wait for a
// message, so every progress call (MPI_Test, MPI_Wait, a blocking call waiting for anything)
// resumes the tasks whose awaited message has arrived. A task's messages travel on its
// communicator's collective context with tags offset by the task's sequence number on that
// communicator (every member starts its collectives in the same order), so collectives in flight
// at once never take each other's messages.
#pragma once
#include <cstdint>
#include <new>

#include "core/call.h"
#include "core/comm.h"
#include "core/request.h"
#include "core/vec.h"
#include "mpi.h"

namespace pimnic::mpi {

// Until the request is done (the transport sleeps until the NIC signals; a task yields).
void wait_done(Request* request);
// Wait for something to happen (a loop over several requests calls this until one is done).
void wait_progress();
// Inside a nonblocking collective's task (its waits yield to whoever waits for the task).
bool in_task();
// One round of progress without waiting (MPI_Test and friends).
void poke_progress();

// What a task runs: returns an MPI error class (raised inside already) or MPI_SUCCESS.
struct TaskBody {
  int (*run)(void* closure);
  void (*drop)(void* closure);
  void* closure;
};

// A new task on `comm` named `call` (errors inside it name that call) as a request, run until it
// first waits. Returns its error if it failed at once (then *request is MPI_REQUEST_NULL). A
// collective task takes the next tag offset of `comm` (every member starts the same ones).
int start_task(Comm& comm, const char* call, TaskBody body, bool collective, bool persistent, MPI_Request* request);
// Restart a persistent task request (MPI_Start).
void restart_task(Request* request);
// Release a request's task (release_request).
void drop_task(Request* request);
// The error the task of a done request ended with; its status (what the running task's body wrote
// into task_status(), else empty).
int task_result(const Request* request, MPI_Status* status);
MPI_Status* task_status();

// The tag offset of the running task on its collective context (0 outside tasks).
int32_t coll_tag_offset();

template <class F>
TaskBody make_task_body(const F& f) {
  void* p = checked_alloc(sizeof(F), "nonblocking collective");
  new (p) F(f);
  return TaskBody{[](void* c) { return (*static_cast<F*>(c))(); },
                  [](void* c) {
                    static_cast<F*>(c)->~F();
                    free(c);
                  },
                  p};
}

// An API call that runs `body` (returning an MPI error class) as a task on `comm_handle`.
template <class F>
int start_call_task(const char* name, MPI_Comm comm_handle, MPI_Request* request, bool collective, bool persistent,
                    const F& body) {
  Call call(name);
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(request != nullptr, "request is null")) return e;
  return start_task(*comm, name, make_task_body(body), collective, persistent, request);
}

}  // namespace pimnic::mpi
