#include "core/progress.h"

#include <new>

#include "core/blocked.h"
#include "core/fiber.h"
#include "core/runtime.h"
#include "core/vec.h"
#include "transport/transport.h"

namespace pimnic::mpi {

struct Task {
  Fiber* fiber = nullptr;
  TaskBody body;
  Request* request;
  const Request* awaited = nullptr;  // what the fiber waits for (null: resume it at once)
  const char* call;
  int32_t tag_offset = 0;
  int result = MPI_SUCCESS;
  bool collective = true;
  bool has_status = false;
  MPI_Status status;
};

namespace {

Vec<Task*>& live_tasks() {
  static Vec<Task*> tasks;
  return tasks;
}

Task* current = nullptr;

void run_body(void* arg) {
  Task* t = static_cast<Task*>(arg);
  t->result = t->body.run(t->body.closure);
}

// Run the task until it waits or ends; an ended task's request becomes done.
void resume(Task* t) {
  Task* outer = current;
  Runtime& rt = runtime();
  const char* outer_name = rt.outer_call;
  current = t;
  rt.outer_call = t->call;
  t->awaited = nullptr;
  const bool finished = fiber_resume(t->fiber);
  rt.outer_call = outer_name;
  current = outer;
  if (!finished) return;
  fiber_destroy(t->fiber);
  t->fiber = nullptr;
  t->request->op.state = Operation::State::Done;
  Vec<Task*>& live = live_tasks();
  for (uint32_t i = 0; i < live.size(); ++i) {
    if (live[i] == t) {
      live[i] = live.back();
      live.pop_back();
      break;
    }
  }
}

// Resume every task whose awaited message is there. True if any ran.
bool run_tasks() {
  bool ran = false;
  for (uint32_t i = 0; i < live_tasks().size();) {
    Task* t = live_tasks()[i];
    if (!t->awaited || t->awaited->done()) {
      resume(t);  // may remove t from the list
      ran = true;
      if (i < live_tasks().size() && live_tasks()[i] == t) ++i;
    } else {
      ++i;
    }
  }
  return ran;
}

void launch(Task* t) {
  t->request->active = true;
  t->request->op = Operation{};
  t->request->op.state = Operation::State::Pending;
  t->result = MPI_SUCCESS;
  t->has_status = false;
  t->fiber = fiber_create(run_body, t);
  live_tasks().push_back(t);
  resume(t);
}

}  // namespace

void wait_done(Request* request) {
  if (current) {  // a task yields; whoever waits for the task records what it waits for
    while (!request->done()) {
      current->awaited = request;
      fiber_yield();
    }
    return;
  }
  if (request->done()) return;
  const BlockedOn blocked(*request);
  while (!request->done()) wait_progress();
}

bool in_task() { return current != nullptr; }

void wait_progress() {
  if (current) {
    fiber_yield();
    return;
  }
  if (!run_tasks()) runtime().transport->progress(true);
}

void poke_progress() {
  runtime().transport->progress(false);
  if (!current) run_tasks();
}

int start_task(Comm& comm, const char* call, TaskBody body, bool collective, bool persistent, MPI_Request* request) {
  Request* r = new_request(Request::Kind::Coll, &comm);
  Task* t = new (checked_alloc(sizeof(Task), "nonblocking collective")) Task;
  t->body = body;
  t->request = r;
  t->call = call;
  t->collective = collective;
  if (collective) {  // (a persistent collective keeps the place of its _init call: MPI's order)
    comm.task_sequence = (comm.task_sequence + 1) & 0xfffff;
    t->tag_offset = int32_t(comm.task_sequence) << 8;
  }
  r->task = t;
  r->persistent = persistent;
  *request = request_handle(r);
  if (persistent) return MPI_SUCCESS;
  launch(t);
  if (r->done() && t->result != MPI_SUCCESS) {
    const int e = t->result;
    release_request(r);
    *request = MPI_REQUEST_NULL;
    return e;
  }
  return MPI_SUCCESS;
}

void restart_task(Request* request) { launch(request->task); }

void drop_task(Request* request) {
  Task* t = request->task;
  if (!t) return;
  if (t->fiber) fiber_destroy(t->fiber);
  t->body.drop(t->body.closure);
  free(t);
  request->task = nullptr;
}

int task_result(const Request* request, MPI_Status* status) {
  const Task* t = request->task;
  if (t->has_status && status != MPI_STATUS_IGNORE) {  // (MPI_ERROR is left alone, as for any request)
    const int error = status->MPI_ERROR;
    *status = t->status;
    status->MPI_ERROR = error;
  }
  return t->result;
}

MPI_Status* task_status() {
  current->has_status = true;
  return &current->status;
}

int32_t coll_tag_offset() { return current ? current->tag_offset : 0; }

}  // namespace pimnic::mpi
