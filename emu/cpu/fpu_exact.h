// The exact floating-point path: every arithmetic instruction computed with integer arithmetic,
// rounded once under FPSCR[RN], with the architecture's NaN, invalid, zero-divide, overflow,
// underflow (tininess before rounding), inexact, FR/FI/FPRF and enabled-exception rules.
// The executors use it whenever their host-FPU fast path cannot guarantee the same bits
// (special operands, results near the ends of the exponent range, NI or XE set).
#pragma once
#include <cstdint>

#include "cpu/fpu_bits.h"

namespace pimnic::fpu {

enum class Op : uint8_t {
  Add,        // frA + frB
  Sub,        // frA - frB
  Mul,        // frA * frC
  Div,        // frA / frB
  Sqrt,       // sqrt(frB)
  MulAdd,     // frA * frC + frB
  MulSub,     // frA * frC - frB
  NegMulAdd,  // -(frA * frC + frB), negated after rounding
  NegMulSub,  // -(frA * frC - frB)
  Round,      // frsp: frB rounded (to single)
  Recip,      // fres: 1 / frB rounded to single (qemu's "estimate"), 1/±0 = ±infinity
  RSqrt,      // frsqrte: 1 / sqrt(frB), each step rounded to double (qemu's "estimate")
};

// What an arithmetic instruction does to its target and FPSCR.
struct Outcome {
  uint64_t value = 0;   // the target's new contents
  uint32_t raised = 0;  // exception bits raised (OX UX ZX XX VX*), in FPSCR positions
  uint32_t status = 0;  // the new FR | FI | FPRF (the bits of status_mask)
  uint32_t status_mask = RESULT_STATUS;
  bool write = true;    // false: an enabled invalid or zero-divide exception leaves the target,
                        // FR, FI and FPRF unchanged
};

// a, b, c are the contents of frA, frB and frC; fpscr supplies RN, NI and the enables.
Outcome exact(Op op, bool single, uint64_t a, uint64_t b, uint64_t c, uint32_t fpscr);

// fctiw / fctiwz: frB converted to a 32-bit signed integer (round toward zero when to_zero).
// The result word is sign-extended into the 64-bit target as qemu does; NaNs give
// 0x00000000_80000000. FPRF is left as it was, except for invalid conversions (class QNaN).
Outcome convert_to_int32(uint64_t b, bool to_zero, uint32_t fpscr);

}  // namespace pimnic::fpu
