/* Thread start for the PIM extension (include/pimnic/pim_thread.h). Only the pim profile has
 * opcode 6; the other profiles' libraries leave this file empty. */
#if defined(PIMNIC_PROFILE_PIM)
#include <stddef.h>

#include "pimnic/pim.h"
#include "pimnic/sysinfo.h"

_Static_assert(offsetof(pim_thread, stack_top) == 12, "the trampoline reads stack_top at 12(r3)");

/* spawn starts a thread with only pc and r3 set: give it its stack (with a null back chain, so
 * debuggers stop there) and the EABI small-data bases, then continue in C. */
__asm__(
    "  .text\n"
    "  .p2align 2\n"
    "  .type __pimnic_pim_thread_entry, @function\n"
    "__pimnic_pim_thread_entry:\n"
    "  lwz   1, 12(3)\n"
    "  li    0, 0\n"
    "  stwu  0, -16(1)\n"
    "  lis   13, _SDA_BASE_@ha\n"
    "  addi  13, 13, _SDA_BASE_@l\n"
    "  lis   2, _SDA2_BASE_@ha\n"
    "  addi  2, 2, _SDA2_BASE_@l\n"
    "  b     __pimnic_pim_thread_main\n"
    "  .size __pimnic_pim_thread_entry, . - __pimnic_pim_thread_entry\n");
void __pimnic_pim_thread_entry(uint32_t);

__attribute__((noreturn, used)) void __pimnic_pim_thread_main(pim_thread* t) {
  t->fn(t->arg);
  pim_writeef(&t->done, 1);  /* join's readFF sees it full */
  pim_texit(0);
}

int pim_spawn_on(uint32_t core, void (*pc)(uint32_t), uint32_t arg) {
  if (core == pimnic_core_index()) return pim_spawn(pc, arg);
  volatile uint32_t desc[PIM_SPAWN_DESC_SIZE / 4];
  desc[PIM_SPAWN_DESC_CORE / 4] = core;
  desc[PIM_SPAWN_DESC_PC / 4] = (uint32_t)(uintptr_t)pc;
  desc[PIM_SPAWN_DESC_ARG / 4] = arg;
  pimnic_mmio_write32(PIMNIC_PIM_SPAWN_BASE + PIM_SPAWN_REQUEST, (uint32_t)(uintptr_t)desc);
  return (int)desc[PIM_SPAWN_DESC_RESULT / 4];
}

/* core ~0: this core */
static int start(uint32_t core, pim_thread* t, void (*fn)(void*), void* arg, void* stack, size_t size) {
  t->fn = fn;
  t->arg = arg;
  t->stack_top = ((uint32_t)(uintptr_t)stack + (uint32_t)size) & ~15u;
  pim_feempty(&t->done);
  t->id = core == ~0u ? pim_spawn(__pimnic_pim_thread_entry, (uint32_t)(uintptr_t)t)
                      : pim_spawn_on(core, __pimnic_pim_thread_entry, (uint32_t)(uintptr_t)t);
  if (t->id < 0) pim_fefill(&t->done);  /* nothing started: join returns at once */
  return t->id;
}

int pim_thread_start(pim_thread* t, void (*fn)(void*), void* arg, void* stack, size_t size) {
  return start(~0u, t, fn, arg, stack, size);
}

int pim_thread_start_on(uint32_t core, pim_thread* t, void (*fn)(void*), void* arg, void* stack, size_t size) {
  return start(core, t, fn, arg, stack, size);
}
#endif
