// The C layout of MPI's value-index pair types (MPI_DOUBLE_INT is struct { double; int; }).
#pragma once

namespace pimnic::mpi {

template <class V>
struct Pair {
  V value;
  int index;
};

}  // namespace pimnic::mpi
