#include "timing/pim/pim_units.h"

#include <algorithm>

#include "timing/ooo/fu_pools.h"

namespace pimnic::timing {

PimUnits::PimUnits(const PimConfig& cfg, const OpTiming& ops) : ops_(ops) {
  for (size_t c = 0; c < kind_.size(); ++c) {
    switch (pool_of(isa::OpClass(c))) {
      case Pool::IntAlu:
      case Pool::IntMult: kind_[c] = Int; break;  // one integer unit does both
      case Pool::MemPort: kind_[c] = Mem; break;
      case Pool::Vec: kind_[c] = Vec; break;
      default: kind_[c] = None; break;  // no FPU on the PIM profile
    }
  }
  units_[Int].assign(cfg.int_units, 0);
  units_[Mem].assign(cfg.mem_ports, 0);
  units_[Vec].assign(cfg.vec_units, 0);
  units_[None].assign(1, 0);
}

void PimUnits::take(isa::OpClass c, unsigned accesses, uint64_t now) {
  std::vector<uint64_t>& u = units_[size_t(kind_[size_t(c)])];
  auto unit = std::min_element(u.begin(), u.end());
  const uint64_t busy = std::max<uint64_t>({1, ops_.ivl(c), accesses});
  *unit = std::max(*unit, now) + busy;
  latest_ = std::max(latest_, *unit);
}

}  // namespace pimnic::timing
