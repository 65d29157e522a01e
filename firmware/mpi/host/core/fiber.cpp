// Fibers over ucontext (glibc: makecontext/swapcontext, on the simulated hosts and natively).
#include "core/fiber.h"

#include <ucontext.h>

#include <cstdlib>
#include <new>

#include "core/vec.h"

namespace pimnic::mpi {

struct Fiber {
  ucontext_t context;
  ucontext_t caller;
  void (*body)(void*);
  void* arg;
  bool finished = false;
  void* stack;
};

namespace {

// Deep enough for any blocking MPI call (error messages format into a few hundred bytes on it).
constexpr uint32_t kStackBytes = 128 * 1024;

Fiber* running = nullptr;

// makecontext passes ints: the fiber's address travels in two halves (64-bit hosts).
void trampoline(unsigned hi, unsigned lo) {
  Fiber* f = reinterpret_cast<Fiber*>((uintptr_t(hi) << 16 << 16) | uintptr_t(lo));
  f->body(f->arg);
  f->finished = true;
  // returning switches to uc_link: the caller context saved by fiber_resume
}

}  // namespace

Fiber* fiber_create(void (*body)(void*), void* arg) {
  Fiber* f = new (checked_alloc(sizeof(Fiber), "fiber")) Fiber;
  f->body = body;
  f->arg = arg;
  f->stack = checked_alloc(kStackBytes, "fiber stack");
  getcontext(&f->context);
  f->context.uc_stack.ss_sp = f->stack;
  f->context.uc_stack.ss_size = kStackBytes;
  f->context.uc_link = &f->caller;
  const uintptr_t p = reinterpret_cast<uintptr_t>(f);
  makecontext(&f->context, reinterpret_cast<void (*)()>(trampoline), 2, unsigned(p >> 16 >> 16),
              unsigned(p & 0xffffffffu));
  return f;
}

bool fiber_resume(Fiber* f) {
  if (f->finished) return true;
  Fiber* outer = running;
  running = f;
  swapcontext(&f->caller, &f->context);
  running = outer;
  return f->finished;
}

void fiber_yield() {
  Fiber* f = running;
  swapcontext(&f->context, &f->caller);
}

bool on_fiber() { return running != nullptr; }

void fiber_destroy(Fiber* f) {
  free(f->stack);
  f->~Fiber();
  free(f);
}

}  // namespace pimnic::mpi
