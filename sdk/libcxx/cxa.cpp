// The parts of the Itanium C++ ABI runtime that code compiled with -fno-exceptions -fno-rtti
// still calls: pure/deleted virtual calls and guards for function-local statics.
// (__cxa_atexit and __dso_handle are in libc/exit.c, next to exit().)
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

extern "C" {

[[noreturn]] void __cxa_pure_virtual() {
  puts("pure virtual function called");
  abort();
}

[[noreturn]] void __cxa_deleted_virtual() {
  puts("deleted virtual function called");
  abort();
}

// The 64-bit guard: byte 0 is "initialised" (the compiler tests it inline before calling
// acquire); byte 1 is "initialisation in progress". PIM cores run several hardware threads, so
// the claim is an atomic compare-and-swap on the second word, and another thread waits for the
// first to finish. A recursive initialisation (undefined behaviour) waits forever.
struct Guard {
  volatile uint8_t done;
  uint8_t pad[3];
  uint32_t busy;
};
static_assert(sizeof(Guard) == 8, "the ABI guard object is 64 bits");

int __cxa_guard_acquire(uint64_t* g) {
  Guard* guard = reinterpret_cast<Guard*>(g);
  for (;;) {
    if (__atomic_load_n(&guard->done, __ATOMIC_ACQUIRE)) return 0;
    uint32_t idle = 0;
    if (__atomic_compare_exchange_n(&guard->busy, &idle, 1u, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      return 1;  // we initialise
    // Someone else is initialising: wait for done, or for an abort to release the claim.
  }
}

void __cxa_guard_release(uint64_t* g) {
  Guard* guard = reinterpret_cast<Guard*>(g);
  __atomic_store_n(&guard->done, 1, __ATOMIC_RELEASE);
  __atomic_store_n(&guard->busy, 0u, __ATOMIC_RELEASE);
}

void __cxa_guard_abort(uint64_t* g) {
  __atomic_store_n(&reinterpret_cast<Guard*>(g)->busy, 0u, __ATOMIC_RELEASE);
}

}  // extern "C"
