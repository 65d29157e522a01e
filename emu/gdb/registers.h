// The registers gdb sees for a hart, numbered as gdb's 32-bit PowerPC target descriptions expect:
// r0-r31 0-31, f0-f31 32-63 (FPU cores), pc 64, msr 65, cr 66, lr 67, ctr 68, xer 69, fpscr 70
// (FPU), vr0-vr31 71-102, vscr 103, vrsave 104 (vector cores; 128 or 256 bits wide), then the
// supervisor SPRs of the core's SPR table (srr0, dec, sprg0, ...) from 105 on.
// Values travel big-endian, as the target's memory would hold them.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cpu/spr_registers.h"

namespace pimnic {
struct Hart;
struct CoreConfig;
}

namespace pimnic::gdb {

enum class RegKind : uint8_t { Gpr, Fpr, Pc, Msr, Cr, Lr, Ctr, Xer, Fpscr, Vr, Vscr, Vrsave, Spr };

struct RegDef {
  std::string name;
  unsigned regnum;
  unsigned bits;
  RegKind kind;
  unsigned index = 0;           // GPR/FPR/VR number
  const SprDef* spr = nullptr;  // RegKind::Spr
};

// Every register of a core with these features and vector width, in regnum order.
struct RegisterLayout {
  bool fpu = false;
  unsigned vec_bytes = 0;  // 0, 16 or 32
  std::vector<RegDef> regs;

  static RegisterLayout for_core(const CoreConfig& cfg);
  const RegDef* find(unsigned regnum) const;
  size_t total_bytes() const;
};

// Big-endian bytes of one register; write returns false when the size is wrong.
std::string read_register(const Hart& h, const RegDef& r);
bool write_register(Hart& h, const RegDef& r, const std::string& bytes);

}  // namespace pimnic::gdb
