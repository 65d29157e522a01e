/* Input vectors of the AltiVec golden records, shared by the generator (altivec_golden_gen.c, built
 * for PowerPC and run under qemu) and the unit tests (C++), so the golden file only needs outputs.
 * Changing anything here invalidates tests/unit/altivec_golden.inc: regenerate it (see the
 * generator's header comment). Vectors are four words in big-endian element order (word 0 first). */
#ifndef PIMNIC_ALTIVEC_GOLDEN_INPUTS_H
#define PIMNIC_ALTIVEC_GOLDEN_INPUTS_H
#include <stdint.h>

enum { AGI_INT = 0, AGI_FLOAT = 1 };
#define AGI_INT_RECORDS 12
#define AGI_FLOAT_RECORDS 40

static inline uint32_t agi_next(uint32_t* s) {
  uint32_t x = *s;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return *s = x;
}

/* Integer edge values that provoke saturation, carries and sign cases. */
static const uint32_t agi_int_edges[] = {
    0x00000000, 0x00000001, 0x0000007f, 0x00000080, 0x000000ff, 0x00007fff, 0x00008000, 0x0000ffff,
    0x7fffffff, 0x80000000, 0xffffffff, 0x01000100, 0x7f7f7f7f, 0x80808080, 0x7fff8000, 0xfffefffe};
static const uint8_t agi_byte_edges[] = {0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff, 0x40};

/* Float specials: zeros, infinities, quiet and signalling NaNs, denormals, the smallest normal,
 * halves for rounding, integer-conversion limits, the largest float, tiny values whose products
 * underflow. */
static const uint32_t agi_float_specials[] = {
    0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7fa00001, 0xff812345,
    0x7fe54321, 0x00000001, 0x807fffff, 0x00400000, 0x00800000, 0x80800000, 0x3f800000, 0xbf800000,
    0x3f000000, 0x3fc00000, 0x40200000, 0xc0200000, 0x4f000000, 0x4f800000, 0xcf000000, 0x7f7fffff,
    0x1f800000, 0x20000000, 0x00ffffff, 0x4b000001, 0xbf000000, 0x4effffff, 0x4f7fffff, 0xcf000001};

static inline uint32_t agi_int_word(uint32_t* s) {
  uint32_t t = agi_next(s) % 4, v = agi_next(s);
  if (t == 2) return agi_int_edges[v % (sizeof agi_int_edges / sizeof agi_int_edges[0])];
  if (t == 3) {
    uint32_t r = 0;
    for (int i = 0; i < 4; ++i) {
      uint32_t k = agi_next(s) % 9;
      r = r << 8 | (k < 8 ? agi_byte_edges[k] : (agi_next(s) & 0xff));
    }
    return r;
  }
  return v;
}

static inline uint32_t agi_float_word(uint32_t* s) {
  uint32_t t = agi_next(s) % 8, v = agi_next(s);
  uint32_t sign = v & 0x80000000u, frac = v & 0x7fffffu;
  switch (t) {
    case 0: case 1: case 2: return sign | (107 + agi_next(s) % 41) << 23 | frac;  /* moderate */
    case 3: return v;                                                             /* any bits */
    case 4: case 5:
      return agi_float_specials[agi_next(s) % (sizeof agi_float_specials / sizeof agi_float_specials[0])];
    case 6: return sign | (127 + agi_next(s) % 25) << 23 | frac;  /* 1 .. 2^24: rounding to integer */
    default: return sign | (agi_next(s) % 12) << 23 | frac;        /* denormal and tiny */
  }
}

/* The inputs of record `rec` of a kind: vA, vB, vC, the initial vD, and VSCR. */
static inline void agi_inputs(int kind, uint32_t rec, uint32_t a[4], uint32_t b[4], uint32_t c[4],
                              uint32_t d[4], uint32_t* vscr) {
  uint32_t s = 0x9e3779b9u ^ (rec * 2654435761u) ^ (uint32_t)kind * 0x85ebca6bu;
  int i;
  if (!s) s = 1;
  for (i = 0; i < 4; ++i) {
    a[i] = kind == AGI_FLOAT ? agi_float_word(&s) : agi_int_word(&s);
    b[i] = kind == AGI_FLOAT ? agi_float_word(&s) : agi_int_word(&s);
    c[i] = kind == AGI_FLOAT ? agi_float_word(&s) : agi_int_word(&s);
    d[i] = agi_next(&s);
  }
  *vscr = (rec % 3 == 2 ? 0u : 0x00010000u) | (rec % 7 == 6 ? 1u : 0u);
}

#endif
