#include "timing/bpred/ras.h"

#include <stdexcept>

namespace pimnic::timing {

static uint32_t checked_size(uint32_t size) {  // before the stack is allocated
  if (size == 0 || size > 1024) throw std::invalid_argument("core.bpred.ras_size must be between 1 and 1024");
  return size;
}

ReturnStack::ReturnStack(uint32_t size) : s_(checked_size(size)) {}

}  // namespace pimnic::timing
