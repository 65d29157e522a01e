/* Preloaded into the MPICH reference runs (run_compare.py): MPICH 4.0 over UCX polls without
 * ever giving up the CPU, so 16 ranks on a 2-core machine spend most of each time slice spinning
 * while the rank they wait for is not running (an MPI_Allreduce took 100 ms). This wraps UCX's
 * progress call and yields the CPU whenever a poll found nothing to do. Semantics are untouched:
 * only which process runs next changes. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>

struct ucp_worker;

unsigned ucp_worker_progress(struct ucp_worker* worker) {
  static unsigned (*real)(struct ucp_worker*);
  if (!real) real = (unsigned (*)(struct ucp_worker*))dlsym(RTLD_NEXT, "ucp_worker_progress");
  unsigned events = real(worker);
  if (!events) sched_yield();
  return events;
}
