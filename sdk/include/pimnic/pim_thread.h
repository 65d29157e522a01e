/* Threads and locks on the PIM extension (include pimnic/pim.h). A thread gets its own stack and
 * one argument; join waits on a full/empty-bit word that the thread fills when its function
 * returns. A lock is a word that is full when free: readFE takes it, writeEF gives it back. */
#ifndef PIMNIC_PIM_THREAD_H
#define PIMNIC_PIM_THREAD_H

#include <stddef.h>
#include <stdint.h>

#include "pimnic/pim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One started thread. The layout is read by the start trampoline (runtime/pim_thread.c). */
typedef struct pim_thread {
  volatile uint32_t done;  /* full/empty word: empty while running, full once fn returned */
  void (*fn)(void*);
  void* arg;
  uint32_t stack_top;      /* initial r1 */
  int id;                  /* hardware thread index, or -1 */
} pim_thread;

/* Start fn(arg) on a new hardware thread with the stack [stack, stack + size) (16-byte aligned top).
 * Returns the thread's id, or -1 (and starts nothing) when no context is free. */
int pim_thread_start(pim_thread* t, void (*fn)(void*), void* arg, void* stack, size_t size);
/* The same on PIM core `core` of this NIC (pimnic_core_index() numbering; pimnic_core_count() of
 * them), through the NIC's PIM thread start (memmap.h PIMNIC_PIM_SPAWN_BASE); on this core it is
 * pim_thread_start. -1 when that core has no free context or does not exist. */
int pim_thread_start_on(uint32_t core, pim_thread* t, void (*fn)(void*), void* arg, void* stack, size_t size);
/* spawn on PIM core `core` of this NIC: a thread at pc with r3 = arg; its id there, or -1. */
int pim_spawn_on(uint32_t core, void (*pc)(uint32_t), uint32_t arg);
/* Wait until t's function has returned (readFF on t->done: the word stays full). */
static inline void pim_thread_join(pim_thread* t) { (void)pim_readff(&t->done); }

/* A full/empty-bit lock: one word, full = free (every word starts full, so a fresh lock is free).
 * Waiters block in hardware and take no issue slot. Usable per queue element. */
typedef struct pim_lock { volatile uint32_t word; } pim_lock;
static inline void pim_lock_init(pim_lock* l) { pim_writef(&l->word, 0); }
static inline void pim_lock_acquire(pim_lock* l) { (void)pim_readfe(&l->word); }
static inline void pim_lock_release(pim_lock* l) { pim_writeef(&l->word, 0); }

#ifdef __cplusplus
}
#endif
#endif
