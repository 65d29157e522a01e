// Fibers: a function running on its own stack that gives control back (yield) whenever it would
// wait, and is resumed later from where it stopped. Nonblocking collectives run their blocking
// algorithm on one, so MPI_Test/MPI_Wait (any progress call) advance them step by step.
#pragma once
#include <cstdint>

namespace pimnic::mpi {

struct Fiber;

// A fiber that will run `body(arg)` when first resumed.
Fiber* fiber_create(void (*body)(void* arg), void* arg);
// Run the fiber until it yields or its body returns. Returns true once the body has returned.
bool fiber_resume(Fiber* fiber);
// Back to whoever resumed the running fiber (only on a fiber).
void fiber_yield();
bool on_fiber();
void fiber_destroy(Fiber* fiber);

}  // namespace pimnic::mpi
