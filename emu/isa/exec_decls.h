// Declarations of every row's executor, exec_<ident>, generated from the rows. Implementations
// live in cpu/exec_*.cpp, one file per instruction family.
#pragma once
#include <cstdint>

#include "isa/insn_table.h"

namespace pimnic {
#define INSN(ident, ...) isa::Status exec_##ident(Hart& h, uint32_t w);
#include "isa/rows.inc"
#undef INSN
}  // namespace pimnic
