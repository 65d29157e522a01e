/* Supervisor-level CPU access for firmware: MSR bits, SPR numbers, and inline mfmsr/mtmsr/mfspr/
 * mtspr. Firmware runs in supervisor mode (MSR[PR]=0), so these are always allowed. */
#ifndef PIMNIC_CPU_H
#define PIMNIC_CPU_H

/* MSR bits (32-bit PowerPC, as on the 7400). */
#define PIMNIC_MSR_VEC  0x02000000 /* AltiVec available */
#define PIMNIC_MSR_EE   0x00008000 /* external and decrementer interrupts enabled */
#define PIMNIC_MSR_PR   0x00004000 /* problem (user) state */
#define PIMNIC_MSR_FP   0x00002000 /* floating point available */
#define PIMNIC_MSR_ME   0x00001000
#define PIMNIC_MSR_FE0  0x00000800
#define PIMNIC_MSR_SE   0x00000400
#define PIMNIC_MSR_FE1  0x00000100
#define PIMNIC_MSR_IP   0x00000040 /* vectors at 0xFFF00000 */
#define PIMNIC_MSR_RI   0x00000002

/* SPR numbers. */
#define PIMNIC_SPR_XER     1
#define PIMNIC_SPR_LR      8
#define PIMNIC_SPR_CTR     9
#define PIMNIC_SPR_DSISR   18
#define PIMNIC_SPR_DAR     19
#define PIMNIC_SPR_DEC     22
#define PIMNIC_SPR_SRR0    26
#define PIMNIC_SPR_SRR1    27
#define PIMNIC_SPR_VRSAVE  256
#define PIMNIC_SPR_TBL_R   268
#define PIMNIC_SPR_TBU_R   269
#define PIMNIC_SPR_SPRG0   272
#define PIMNIC_SPR_PVR     287
#define PIMNIC_SPR_PIR     1023

#ifndef __ASSEMBLER__
#include <stdint.h>

#define pimnic_mfspr(spr) \
  ({ uint32_t v_; __asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(spr)); v_; })
#define pimnic_mtspr(spr, val) \
  __asm__ volatile("mtspr %0, %1" : : "i"(spr), "r"((uint32_t)(val)) : "memory")

static inline uint32_t pimnic_mfmsr(void) {
  uint32_t v;
  __asm__ volatile("mfmsr %0" : "=r"(v));
  return v;
}

/* isync after mtmsr: later instructions must see the new MSR (e.g. FP just enabled). */
static inline void pimnic_mtmsr(uint32_t v) {
  __asm__ volatile("mtmsr %0\n\tisync" : : "r"(v) : "memory");
}

static inline void pimnic_sync(void) { __asm__ volatile("sync" : : : "memory"); }
static inline void pimnic_isync(void) { __asm__ volatile("isync" : : : "memory"); }

/* 64-bit time base, read consistently (upper half re-read until it did not change). */
static inline uint64_t pimnic_timebase(void) {
  uint32_t hi, lo, hi2;
  do {
    hi = pimnic_mfspr(PIMNIC_SPR_TBU_R);
    lo = pimnic_mfspr(PIMNIC_SPR_TBL_R);
    hi2 = pimnic_mfspr(PIMNIC_SPR_TBU_R);
  } while (hi != hi2);
  return ((uint64_t)hi << 32) | lo;
}

#endif /* !__ASSEMBLER__ */
#endif /* PIMNIC_CPU_H */
