// Register dependences as the timing models see them: the instruction table's
// (isa::register_deps) without those no pipeline waits for. A move of a register onto itself —
// the architected nop `ori 0,0,0`, `ori`/`oris`/`xori`/`xoris rA,rA,0`, `or rA,rA,rA` — reads and
// writes nothing; an operation of a register with itself whose result does not depend on it
// (`xor`, `subf`, `subfc`, `andc`: 0; `eqv`, `orc`: all ones; `cmpw`/`cmplw rA,rA`: equal) does
// not read it (its other sources and destinations stay).
#pragma once
#include <cstdint>

#include "isa/deps.h"
#include "isa/insn_table.h"

namespace pimnic::timing {

isa::RegDeps timing_deps(const isa::InsnRow& row, uint32_t word);

// sync and eieio (the 440's msync and mbar): the stores before them are done before anything
// after them touches memory or a device, so they wait for the store buffer to drain.
bool orders_stores(isa::InsnId id);

}  // namespace pimnic::timing
