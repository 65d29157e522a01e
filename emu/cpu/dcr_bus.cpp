#include "cpu/dcr_bus.h"

#include <stdexcept>
#include <string>

namespace pimnic {

void DcrBus::attach(uint32_t first, uint32_t count, DcrDevice* dev) {
  if (!dev || count == 0 || first >= kCount || count > kCount - first)
    throw std::invalid_argument("DCR range " + std::to_string(first) + "+" + std::to_string(count) +
                                " is outside 0..1023");
  for (uint32_t n = first; n < first + count; ++n)
    if (slots_[n]) throw std::invalid_argument("DCR " + std::to_string(n) + " is already claimed");
  for (uint32_t n = first; n < first + count; ++n) slots_[n] = dev;
}

void DcrBus::detach(DcrDevice* dev) {
  for (DcrDevice*& s : slots_)
    if (s == dev) s = nullptr;
}

}  // namespace pimnic
