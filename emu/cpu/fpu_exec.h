// Helpers shared by the FPU executors (cpu/exec_fpu_*.cpp): the FP-unavailable check, CR1, and
// committing an exact-path Outcome (FPSCR, target, enabled-exception program interrupt).
#pragma once
#include <cstdint>

#include "cpu/exec_common.h"
#include "cpu/fpu_bits.h"
#include "cpu/fpu_exact.h"

namespace pimnic::fpu {

// Every FP instruction (loads and stores too) needs MSR[FP].
inline bool unavailable(const Hart& h) { return !(h.msr & MSR_FP); }
Status raise_unavailable(Hart& h);

// Rc=1: CR1 <- FPSCR[FX, FEX, VX, OX].
inline void set_cr1(Hart& h) { h.cr = (h.cr & ~0x0F000000u) | ((h.fpscr >> 4) & 0x0F000000u); }

// An enabled exception interrupts only when MSR[FE0,FE1] is not "ignore exceptions" (00); the
// 7400 runs both imprecise modes as precise: SRR0 is the instruction that caused it.
inline bool fp_traps_enabled(const Hart& h) { return h.msr & (MSR_FE0 | MSR_FE1); }

// Apply an outcome to FPSCR and frT, take the program interrupt of an enabled exception (after
// FPSCR and the target are updated; CR1 is then left alone, as qemu does), else set CR1 if Rc.
Status commit(Hart& h, uint32_t w, unsigned frt, const Outcome& o);

// The exact path of an arithmetic instruction with operands frA, frB, frC and target frT.
Status arith_exact(Hart& h, uint32_t w, Op op, bool single);

}  // namespace pimnic::fpu
