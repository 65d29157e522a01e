// The special-purpose registers pimnic implements: one table (number, name, access, which cores
// have it) read by mfspr/mtspr, and by the disassembler (extended mnemonics such as mflr/mtdec)
// and gdb, so that all three agree on what exists. See docs/isa/interrupts.md for the choices.
// ISA data only: reading and writing the registers an entry names is cpu/spr_registers.h.
#pragma once
#include <cstdint>
#include <span>
#include <string_view>

#include "isa/insn_table.h"

namespace pimnic {

// What a table entry reads or writes.
enum class SprReg : uint8_t {
  Xer, Lr, Ctr, Dsisr, Dar, Dec, Srr0, Srr1, Sprg, Vrsave, Usprg0,
  TbRead, TbuRead, TbWrite, TbuWrite, Pvr, Pir, Hid0, Hid1, Iabr, Dabr, Ear, Esr,
};

enum SprAccess : uint8_t { SPR_READ = 1, SPR_WRITE = 2, SPR_RW = 3 };

struct SprDef {
  uint16_t num;
  const char* name;   // as in the extended mnemonics: mf<name> / mt<name>
  SprReg reg;
  uint8_t index;      // SPRG number for SprReg::Sprg
  uint8_t access;     // SprAccess bits
  uint8_t requires_;  // isa::Feature bits a core needs to have this register
  uint8_t excludes;   // isa::Feature bits that remove it (classic-only registers on 440 cores)

  // The architecture's rule: SPR numbers with bit 0x10 set are privileged (for both mfspr and
  // mtspr); in problem state they raise a privileged-instruction program interrupt.
  bool privileged() const { return num & 0x10; }
  bool on(uint8_t features) const {
    return (features & requires_) == requires_ && !(features & excludes);
  }
};

// Every entry, in SPR number order (a number may appear twice with different cores).
std::span<const SprDef> spr_table();
// The register this core has at number num (0..1023), or null (an illegal instruction).
const SprDef* find_spr(uint32_t num, uint8_t features);
// By name, for assemblers and gdb ("lr", "srr0", ...). Some names have a read number and a write
// number (tbl: 268/284, sprg4: 260/276): `access` picks an entry that allows that access.
const SprDef* find_spr(std::string_view name, uint8_t features, uint8_t access = SPR_READ);

}  // namespace pimnic
