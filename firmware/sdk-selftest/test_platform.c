/* What the platform gives firmware: sysinfo for this profile, the MSR set up by crt0, and the
 * exception machinery (a handler that resumes after a trap, sc, and a 64-bit division by zero). */
#include <stdint.h>
#include <stdio.h>

#include "pimnic/cpu.h"
#include "pimnic/exceptions.h"
#include "pimnic/memmap.h"
#include "pimnic/sysinfo.h"
#include "pimnic/test.h"
#include "selftest.h"

static volatile uint32_t seen_vector, seen_srr1, seen_count;

/* Program interrupts: note the reason and skip the trapping instruction. */
static int skip_trap(pimnic_exception_frame* f) {
  seen_vector = f->vector;
  seen_srr1 = f->srr1;
  ++seen_count;
  f->srr0 += 4;
  return 1;
}

/* sc: r3 = r3 * 2 + r4, to show that handlers can return values in registers. */
static int syscall_handler(pimnic_exception_frame* f) {
  f->gpr[3] = f->gpr[3] * 2 + f->gpr[4];
  return 1;
}

static uint32_t do_syscall(uint32_t a, uint32_t b) {
  register uint32_t r3 __asm__("r3") = a;
  register uint32_t r4 __asm__("r4") = b;
  __asm__ volatile("sc" : "+r"(r3) : "r"(r4) : "memory", "r0", "r5", "r6", "r7", "r8", "r9", "r10",
                   "r11", "r12", "ctr", "cr0");
  return r3;
}

void test_platform(void) {
#if defined(PIMNIC_PROFILE_HOST)
  CHECK_EQ(pimnic_core_role(), PIMNIC_ROLE_HOST);
  CHECK_EQ(pimnic_ram_size(), PIMNIC_HOST_RAM_SIZE);
  CHECK(pimnic_features() & PIMNIC_FEAT_FPU);
  CHECK(pimnic_features() & PIMNIC_FEAT_ALTIVEC);
  CHECK_EQ(pimnic_vec_bytes(), 16);
  CHECK((pimnic_mfmsr() & (PIMNIC_MSR_FP | PIMNIC_MSR_VEC)) == (PIMNIC_MSR_FP | PIMNIC_MSR_VEC));
#elif defined(PIMNIC_PROFILE_NIC)
  CHECK_EQ(pimnic_core_role(), PIMNIC_ROLE_NIC);
  CHECK_EQ(pimnic_ram_size(), PIMNIC_NIC_SRAM_SIZE);
  CHECK(!(pimnic_features() & (PIMNIC_FEAT_FPU | PIMNIC_FEAT_ALTIVEC)));
  CHECK_EQ(pimnic_vec_bytes(), 0);
#else
  CHECK_EQ(pimnic_core_role(), PIMNIC_ROLE_PIM);
  CHECK_EQ(pimnic_ram_size(), PIMNIC_PIM_RAM_SIZE);
  CHECK(pimnic_features() & PIMNIC_FEAT_PIM);
  CHECK_EQ(pimnic_vec_bytes(), 32);
  CHECK(pimnic_mfmsr() & PIMNIC_MSR_VEC);
#endif
  CHECK(pimnic_hart_count() >= 1);
  CHECK(pimnic_clock_khz() > 0);
  CHECK(!(pimnic_mfmsr() & PIMNIC_MSR_PR)); /* supervisor */

  /* A trap, handled and resumed. */
  pimnic_exception_handler old = pimnic_set_exception_handler(PIMNIC_VEC_PROGRAM, skip_trap);
  CHECK(old == NULL);
  volatile double before = 1.25; /* FP state survives the interrupt (host) */
  __asm__ volatile("trap");
  CHECK_EQ(seen_count, 1);
  CHECK_EQ(seen_vector, PIMNIC_VEC_PROGRAM);
  CHECK(seen_srr1 & PIMNIC_SRR1_PROGRAM_TRAP);
  CHECK(before * 2 == 2.5);

  /* 64-bit division by zero traps too; resumed, it gives all ones. */
  volatile uint64_t num = 1, den = 0;
  CHECK_EQ(num / den, ~0ull);
  CHECK_EQ(seen_count, 2);
  CHECK(seen_srr1 & PIMNIC_SRR1_PROGRAM_TRAP);
  pimnic_set_exception_handler(PIMNIC_VEC_PROGRAM, NULL);

  pimnic_set_exception_handler(PIMNIC_VEC_SYSCALL, syscall_handler);
  CHECK_EQ(do_syscall(20, 2), 42);
  CHECK_EQ(do_syscall(0xFFFFFFFFu, 3), 1);
  pimnic_set_exception_handler(PIMNIC_VEC_SYSCALL, NULL);

  CHECK(pimnic_set_exception_handler(0x123, skip_trap) == NULL); /* not a vector */
  CHECK_STR_EQ(pimnic_exception_name(PIMNIC_VEC_DSI), "storage (DSI)");
}
