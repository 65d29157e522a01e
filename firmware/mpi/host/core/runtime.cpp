#include "core/runtime.h"

namespace pimnic::mpi {

Runtime& runtime() {
  static Runtime state;
  return state;
}

}  // namespace pimnic::mpi
