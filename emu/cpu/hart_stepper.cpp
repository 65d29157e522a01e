#include "cpu/hart_stepper.h"

#include "isa/fields.h"

namespace pimnic {

namespace {

// Rows after which interrupts must be looked at again before the next instruction: anything
// that writes MSR (mtmsr, rfi, wrtee), an SPR (mtdec re-arms the decrementer), or serializes.
struct RecheckRows {
  bool rows[0x10000];  // indexed by any InsnId: Invalid (0xFFFF, an illegal word) rechecks too
  RecheckRows() {
    for (bool& b : rows) b = true;
    for (const isa::InsnRow& row : isa::table())
      rows[size_t(row.id)] = (row.flags & (isa::F_MSR | isa::F_SERIALIZE)) || row.cls == isa::OpClass::Spr;
  }
};

}  // namespace

bool HartStepper::harmless_spr_move(isa::InsnId id, uint32_t word) {
  if (id != isa::InsnId::mfspr && id != isa::InsnId::mtspr) return false;
  const uint32_t n = isa::spr(word);
  return n == 1 || n == 8 || n == 9 || n == 256 || (n >= 272 && n <= 279);
}

HartStepper::HartStepper() {
  static const RecheckRows rows;
  recheck_ = rows.rows;
}

}  // namespace pimnic
