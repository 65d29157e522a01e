#include "timing/model_stepper.h"

namespace pimnic::timing {

namespace {
// Rows after which interrupts must be looked at again: writers of MSR (mtmsr, rfi, wrtee), of an
// SPR (mtdec re-arms the decrementer), and serializing instructions.
struct RecheckRows {
  bool rows[size_t(isa::InsnId::Count)];
  RecheckRows() {
    for (const isa::InsnRow& row : isa::table())
      rows[size_t(row.id)] = (row.flags & (isa::F_MSR | isa::F_SERIALIZE)) || row.cls == isa::OpClass::Spr;
  }
};
}  // namespace

ModelStepper::ModelStepper() {
  static const RecheckRows rows;
  recheck_ = rows.rows;
}

}  // namespace pimnic::timing
