/* Parcel handlers and migration (include/pimnic/pim_parcel.h). pim profile only. */
#if defined(PIMNIC_PROFILE_PIM)
#include "pimnic/pim_parcel.h"

#include "pimnic/sysinfo.h"

_Static_assert(sizeof(struct pim_parcel_desc) == PARCEL_DESC_SIZE, "descriptor layout (memmap.h)");

/* One stack per thread context of the NIC: context = core index * harts per core + thread id. */
__attribute__((aligned(16))) uint8_t __pimnic_parcel_stacks[PIM_PARCEL_CONTEXTS][PIM_PARCEL_STACK];
_Static_assert(PIM_PARCEL_STACK == 1u << 11, "the entry code shifts by 11");

static uint32_t parcel_stack_top(void) {
  uint32_t context = pimnic_core_index() * pimnic_hart_count() + (uint32_t)pim_tid();
  if (context >= PIM_PARCEL_CONTEXTS) return 0;
  return (uint32_t)(uintptr_t)__pimnic_parcel_stacks[context] + PIM_PARCEL_STACK;
}

/* A parcel thread starts here with r3..r9 = arguments and r10 = the handler. It takes the stack
 * of its context (sysinfo core index * harts per core + tid; no call before r1 is set, since
 * threads interleave), sets the EABI small-data bases and calls the handler; a context beyond the
 * stacks ends the thread at once. */
__asm__(
    "  .text\n"
    "  .p2align 2\n"
    "  .type __pimnic_parcel_entry, @function\n"
    "__pimnic_parcel_entry:\n"
    "  .long (6 << 26) | (3 << 1) | (11 << 21)\n" /* tid r11 */
    "  lis   12, 0xF000\n"
    "  ori   12, 12, 0x2000\n"                   /* PIMNIC_SYSINFO_BASE */
    "  lwz   0, 8(12)\n"                         /* SYSINFO_CORE_INDEX */
    "  lwz   12, 12(12)\n"                       /* SYSINFO_HART_COUNT */
    "  mullw 0, 0, 12\n"
    "  add   11, 11, 0\n"
    "  cmplwi 11, 64\n"                          /* PIM_PARCEL_CONTEXTS */
    "  bge   1f\n"
    "  addi  11, 11, 1\n"
    "  slwi  11, 11, 11\n"                       /* (context + 1) * PIM_PARCEL_STACK */
    "  lis   1, __pimnic_parcel_stacks@ha\n"
    "  addi  1, 1, __pimnic_parcel_stacks@l\n"
    "  add   1, 1, 11\n"
    "  li    0, 0\n"
    "  stwu  0, -16(1)\n"
    "  lis   13, _SDA_BASE_@ha\n"
    "  addi  13, 13, _SDA_BASE_@l\n"
    "  lis   2, _SDA2_BASE_@ha\n"
    "  addi  2, 2, _SDA2_BASE_@l\n"
    "  mtctr 10\n"
    "  bctrl\n"
    "1:\n"
    "  li    3, 0\n"
    "  .long (6 << 26) | (1 << 1) | (3 << 21)\n" /* texit r3 */
    "  .size __pimnic_parcel_entry, . - __pimnic_parcel_entry\n");
void __pimnic_parcel_entry(void);

int pim_parcel_send(uint32_t node, pim_parcel_handler fn, const uint32_t args[7], const void* payload, uint32_t len,
                    void* dest) {
  struct pim_parcel_desc d;
  d.node = node;
  d.handler = (uint32_t)(uintptr_t)__pimnic_parcel_entry;
  d.payload = (uint32_t)(uintptr_t)payload;
  d.length = len;
  d.dest = (uint32_t)(uintptr_t)dest;
  for (int i = 0; i < 7; ++i) d.regs[i] = args ? args[i] : 0;
  d.regs[7] = (uint32_t)(uintptr_t)fn;
  return pim_parcel_raw(&d);
}

int pim_migrate(uint32_t node) {
  uint32_t top = parcel_stack_top(), sp;
  __asm__ volatile("mr %0, 1" : "=r"(sp));
  if (!top || sp >= top || top - sp > PIM_PARCEL_STACK) return -1; /* not on a parcel stack */
  return pim_migrate_raw(node, top - sp);
}
#endif
