#include "timing/bpred/ras.h"

#include <stdexcept>

namespace pimnic::timing {

ReturnStack::ReturnStack(uint32_t size) : s_(size) {
  if (size == 0 || size > 1024) throw std::invalid_argument("ras.size must be between 1 and 1024");
}

}  // namespace pimnic::timing
