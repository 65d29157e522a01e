/* The PIM extension (pim profile, docs/isa/pim.md) as inline functions: threads, full/empty bits,
 * and parcel/migrate. Also brings in pim_thread.h (thread start/join, FEB lock) and
 * pim_vector.h (256-bit match helpers).
 *
 * Encoding: clang 14's assembler does not know opcode 6, so each wrapper emits `.long` with the
 * fields computed by the assembler from the operands: on PowerPC, clang prints a register operand
 * as its bare number ("3"), so "(%0 << 21)" is rT's field. Do not build with -mregnames. The
 * full/empty-bit ops leave rA 0 (which reads as the value 0) and put the address in rB, so any
 * register the compiler picks works. */
#ifndef PIMNIC_PIM_H
#define PIMNIC_PIM_H

#include <stdint.h>

#define PIMNIC_PIM_X(xo) "((6 << 26) | (" #xo " << 1))"

/* spawn: a new hardware thread at pc with r3 = arg; its id, or -1 when every context is busy. */
static inline int pim_spawn(void (*pc)(uint32_t), uint32_t arg) {
  int id;
  __asm__ volatile(".long " PIMNIC_PIM_X(0) " | (%0 << 21) | (%1 << 16) | (%2 << 11)"
                   : "=r"(id) : "r"(pc), "r"(arg) : "memory");
  return id;
}

/* texit: this thread ends; the last thread of the core ends the run with exit code `code`. */
__attribute__((noreturn)) static inline void pim_texit(int code) {
  __asm__ volatile(".long " PIMNIC_PIM_X(1) " | (%0 << 21)" : : "r"(code) : "memory");
  __builtin_unreachable();
}

/* yield: give the rest of this turn to the other threads. */
static inline void pim_yield(void) { __asm__ volatile(".long " PIMNIC_PIM_X(2) : : : "memory"); }

/* tid: this hardware thread's index in its core (0 is the thread that ran _start). */
static inline int pim_tid(void) {
  int t;
  __asm__ volatile(".long " PIMNIC_PIM_X(3) " | (%0 << 21)" : "=r"(t));
  return t;
}

/* Full/empty-bit operations on aligned words of PIM memory (every word starts full). The blocking
 * ones wait, taking no issue slot, until the bit allows them. */
#define PIMNIC_PIM_FEB_READ(name, xo)                                                          \
  static inline uint32_t name(volatile uint32_t* p) {                                          \
    uint32_t v;                                                                                \
    __asm__ volatile(".long " PIMNIC_PIM_X(xo) " | (%0 << 21) | (%1 << 11)"                    \
                     : "=r"(v) : "r"(p) : "memory");                                           \
    return v;                                                                                  \
  }
PIMNIC_PIM_FEB_READ(pim_readfe, 16) /* wait full, read, set empty */
PIMNIC_PIM_FEB_READ(pim_readff, 17) /* wait full, read */
PIMNIC_PIM_FEB_READ(pim_fetest, 22) /* 1 if full, 0 if empty; never waits */
#undef PIMNIC_PIM_FEB_READ
#define PIMNIC_PIM_FEB_WRITE(name, xo)                                                         \
  static inline void name(volatile uint32_t* p, uint32_t v) {                                  \
    __asm__ volatile(".long " PIMNIC_PIM_X(xo) " | (%0 << 21) | (%1 << 11)"                    \
                     : : "r"(v), "r"(p) : "memory");                                           \
  }
PIMNIC_PIM_FEB_WRITE(pim_writeef, 18) /* wait empty, write, set full */
PIMNIC_PIM_FEB_WRITE(pim_writef, 19)  /* write, set full */
#undef PIMNIC_PIM_FEB_WRITE
static inline void pim_feempty(volatile uint32_t* p) {
  __asm__ volatile(".long " PIMNIC_PIM_X(20) " | (%0 << 11)" : : "r"(p) : "memory");
}
static inline void pim_fefill(volatile uint32_t* p) {
  __asm__ volatile(".long " PIMNIC_PIM_X(21) " | (%0 << 11)" : : "r"(p) : "memory");
}

/* Parcels (PIM NICs of a multi-node machine; illegal on a core without a network). The raw
 * instructions; pimnic/pim_parcel.h wraps them for C handlers. parcel: send the descriptor at
 * `desc` (memmap.h PARCEL_DESC_*); 0 sent, -1 refused. */
static inline int pim_parcel_raw(const void* desc) {
  int r;
  __asm__ volatile(".long " PIMNIC_PIM_X(32) " | (%0 << 21) | (%1 << 16)" : "=r"(r) : "r"(desc) : "memory");
  return r;
}
/* migrate: continue this thread on `node`, carrying its registers and the `stack_bytes` at r1;
 * returns 0 there, or -1 here if refused. */
static inline int pim_migrate_raw(uint32_t node, uint32_t stack_bytes) {
  int r;
  __asm__ volatile(".long " PIMNIC_PIM_X(33) " | (%0 << 21) | (%1 << 16) | (%2 << 11)"
                   : "=r"(r) : "r"(node), "r"(stack_bytes) : "memory");
  return r;
}

#include "pimnic/pim_thread.h"
#include "pimnic/pim_vector.h"

#endif
