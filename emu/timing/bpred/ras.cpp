#include "timing/bpred/ras.h"

#include <stdexcept>

namespace pimnic::timing {

uint32_t ReturnStack::check(uint32_t size) {
  if (size == 0 || size > 1024) throw std::invalid_argument("core.bpred.ras_size must be between 1 and 1024");
  return size;
}

ReturnStack::ReturnStack(uint32_t size) : s_(check(size)) {}  // (checked before it is allocated)

}  // namespace pimnic::timing
