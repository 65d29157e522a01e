// Reading and writing the special-purpose register an SPR table entry (isa/spr_table.h) names:
// the one reader and the one writer that mfspr/mtspr (exec_system.cpp), gdb (gdb/registers.cpp)
// and traces share. Whether an access is allowed (privilege, the entry's access bits) is the
// caller's question; these only move the value.
#pragma once
#include <cstdint>

#include "cpu/arch_state.h"
#include "isa/spr_table.h"

namespace pimnic {

struct Hart;

// XER bits the 7400 implements (SO, OV, CA, string byte count); bits 3-24 are reserved, read as 0.
inline constexpr uint32_t kXerBits = XER_SO | XER_OV | XER_CA | XER_BC_MASK;

// The SPR's value as mfspr reads it (the write-only time-base numbers give the time base, for
// traces and debuggers).
uint32_t spr_value(const Hart& h, const SprDef& d);
// Write the register as mtspr does: XER keeps its implemented bits, DEC re-arms, TBL/TBU set
// their half of the time base (under either number: a debugger writes the read entry), PVR and
// PIR stay (read-only on every core). True when the write changes when the next timer interrupt
// is due (the executing instruction then ends its run slice).
bool write_spr(Hart& h, const SprDef& d, uint32_t v);

}  // namespace pimnic
