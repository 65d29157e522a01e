/* 256-bit vector helpers for the pim profile (include pimnic/pim.h). The profile is compiled
 * soft-float without AltiVec (clang 14 breaks on -msoft-float -maltivec), so each helper is one
 * inline-assembly block: the 256-bit registers it uses live only inside it and the compiler never
 * spills them. Requires MSR[VEC] (crt0 sets it on pim) and a 32-byte vector unit. */
#ifndef PIMNIC_PIM_VECTOR_H
#define PIMNIC_PIM_VECTOR_H

#include <stdint.h>

/* Lane weights 1, 2, 4, ... 128 (lane 0 at the lowest address). */
static const uint32_t pim_vec_lane_bits[8] __attribute__((aligned(32))) = {1, 2, 4, 8, 16, 32, 64, 128};

/* Compare the eight words of the 32-byte block at `block` (32-byte aligned) with key; returns a
 * bit per matching lane (bit i = word i), limited to `lanes`. */
static inline unsigned pim_vec_match8(const uint32_t* block, uint32_t key, unsigned lanes) {
  uint32_t scratch[8] __attribute__((aligned(32)));
  scratch[0] = key;
  /* v0 = block; v1 = key in every word (lvewx reads word 0 of the aligned scratch, vspltw copies
   * it); v2 = all-ones where equal, and-ed with the lane weights (v3); vsumsws adds the eight
   * words into word 7, which stvewx stores at scratch[7] (element index = (EA & 31) / 4). */
  __asm__ volatile(
      "lvx 0, 0, %1\n\t"
      "lvewx 1, 0, %2\n\t"
      "vspltw 1, 1, 0\n\t"
      "vcmpequw 2, 0, 1\n\t"
      "lvx 3, 0, %3\n\t"
      "vand 2, 2, 3\n\t"
      "vxor 3, 3, 3\n\t"
      "vsumsws 2, 2, 3\n\t"
      "stvewx 2, 0, %0"
      : : "r"(&scratch[7]), "r"(block), "r"(scratch), "r"(pim_vec_lane_bits)
      : "memory", "v0", "v1", "v2", "v3");
  return scratch[7] & lanes;
}

#endif
