// The functional "model": one cycle per instruction, executed by Hart::run at full speed (no
// records, no pipeline). The reference the timed models are checked against.
#pragma once
#include <algorithm>

#include "timing/core_model.h"

namespace pimnic::timing {

class FunctionalModel final : public CoreModel {
 public:
  const char* kind() const override { return "functional"; }
  StopReason run(Hart& h, uint64_t budget, uint64_t until_cycle) override {
    uint64_t now = h.cycles();
    if (until_cycle <= now) return StopReason::SliceEnd;
    return h.run(std::min(budget, until_cycle - now));  // one cycle per instruction
  }
  void account(Hart&, const ExecRecord&) override {}
  bool steps() const override { return false; }
};

}  // namespace pimnic::timing
