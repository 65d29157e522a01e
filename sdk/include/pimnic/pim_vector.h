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

/* ---- Sixteen items of three 16-bit fields, interleaved (seed pim-nic-mpi-matching, Fig. 3(b)) ----
 * `rows` is three 32-byte rows, 32-byte aligned: field f of item i is rows[16 * f + i], so three
 * 256-bit loads bring in sixteen items. A key is kept in vector registers between calls: the pim
 * profile's compiled code never uses vector registers (it is built without AltiVec), so what
 * pim_vec3x16_key puts in v24-v31 stays there, on the calling hardware thread, until another
 * vector helper of this file changes it (pim_vec_match8 uses only v0-v3). A match costs three
 * loads and a dozen vector operations per sixteen items; the bit mask is built only when an item
 * matched. The match helpers return bit i for item i, 0 when none matches.
 *
 * key (32-byte aligned, 16 halfwords): key[0..2] the three field values; key[3..5] per field an
 * alternative value (pim_vec3x16_match_any) or a mask (pim_vec3x16_match_masked). */
static const uint16_t pim_vec_lane_bits16[16] __attribute__((aligned(32))) = {
    1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768};

/* v24-v26 = key[0..2] and v27-v29 = key[3..5] in every halfword, v30 = 0, v31 = the lane weights. */
static inline void pim_vec3x16_key(const uint16_t* key) {
  __asm__ volatile(
      "lvx 31, 0, %0\n\t"
      "vsplth 24, 31, 0\n\t"
      "vsplth 25, 31, 1\n\t"
      "vsplth 26, 31, 2\n\t"
      "vsplth 27, 31, 3\n\t"
      "vsplth 28, 31, 4\n\t"
      "vsplth 29, 31, 5\n\t"
      "vxor 30, 30, 30\n\t"
      "lvx 31, 0, %1"
      : : "b"(key), "b"(pim_vec_lane_bits16) : "memory", "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31");
}

/* The all-ones halfwords of v7 (matching items) -> bit i per item into %0, through the 32-byte
 * aligned scratch word at %1 (its element 7). Shared tail of the match helpers. */
#define PIMNIC_VEC3X16_BITS                                                                        \
  "vand 7, 7, 31\n\t"      /* the lane weights of the matching items */                          \
  "vspltish 8, 1\n\t"                                                                            \
  "vmsumuhm 7, 7, 8, 30\n\t" /* each word: the weights of its two halfwords */                   \
  "vsumsws 7, 7, 30\n\t"     /* word 7: the sum of all eight */                                  \
  "stvewx 7, 0, %1\n\t"      /* element (EA & 31) / 4 = 7 */                                     \
  "lwz %0, 0(%1)\n"

/* Items whose every field f equals key[f] or key[3 + f] (the posted receive queue, whose items
 * carry a wildcard as a field value: key[3 + f] is that value, or key[f] for a field without one). */
static inline unsigned pim_vec3x16_match_any(const uint16_t* rows) {
  uint32_t scratch[8] __attribute__((aligned(32)));
  unsigned bits;
  __asm__ volatile(
      "lvx 0, 0, %2\n\t"
      "lvx 1, 0, %3\n\t"
      "lvx 2, 0, %4\n\t"
      "vcmpequh 7, 0, 24\n\t"
      "vcmpequh 8, 0, 27\n\t"
      "vor 7, 7, 8\n\t"
      "vcmpequh 8, 1, 25\n\t"
      "vcmpequh 9, 1, 28\n\t"
      "vor 8, 8, 9\n\t"
      "vand 7, 7, 8\n\t"
      "vcmpequh 8, 2, 26\n\t"
      "vcmpequh 9, 2, 29\n\t"
      "vor 8, 8, 9\n\t"
      "vand 7, 7, 8\n\t"
      "vcmpequh. 8, 7, 30\n\t" /* CR6 bit 0 (CR bit 24): every lane is zero, nothing matched */
      "li %0, 0\n\t"
      "bc 12, 24, 1f\n\t"
      PIMNIC_VEC3X16_BITS
      "1:"
      : "=&r"(bits)
      : "b"(&scratch[7]), "b"(rows), "b"(rows + 16), "b"(rows + 32)
      : "memory", "cr6", "v0", "v1", "v2", "v7", "v8", "v9");
  return bits;
}

/* Items whose every field f satisfies ((field ^ key[f]) & key[3 + f]) == 0 (the unexpected queue
 * searched by a receive: a wildcard clears its field's mask). */
static inline unsigned pim_vec3x16_match_masked(const uint16_t* rows) {
  uint32_t scratch[8] __attribute__((aligned(32)));
  unsigned bits;
  __asm__ volatile(
      "lvx 0, 0, %2\n\t"
      "lvx 1, 0, %3\n\t"
      "lvx 2, 0, %4\n\t"
      "vxor 0, 0, 24\n\t"
      "vand 0, 0, 27\n\t"
      "vxor 1, 1, 25\n\t"
      "vand 1, 1, 28\n\t"
      "vor 0, 0, 1\n\t"
      "vxor 2, 2, 26\n\t"
      "vand 2, 2, 29\n\t"
      "vor 0, 0, 2\n\t"        /* a lane is zero where every field matched */
      "vcmpequh. 7, 0, 30\n\t" /* CR6 bit 2 (CR bit 26): no lane is zero, nothing matched */
      "li %0, 0\n\t"
      "bc 12, 26, 1f\n\t"
      PIMNIC_VEC3X16_BITS
      "1:"
      : "=&r"(bits)
      : "b"(&scratch[7]), "b"(rows), "b"(rows + 16), "b"(rows + 32)
      : "memory", "cr6", "v0", "v1", "v2", "v7", "v8", "v9");
  return bits;
}
#undef PIMNIC_VEC3X16_BITS

#endif
