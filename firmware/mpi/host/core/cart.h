// Cartesian topologies: the grid arithmetic (row-major: the last dimension varies fastest, as the
// standard orders ranks) and MPI_Dims_create's choice of a balanced grid.
#pragma once
#include <cstdint>

#include "core/vec.h"

namespace pimnic::mpi {

struct CartGrid {
  Vec<int> dims;
  Vec<int> periods;  // 0 or 1
  int ndims() const { return int(dims.size()); }
  int size() const;  // the product of the dims
  void coords(int rank, int* out) const;
  // The rank at `coords`, periodic dimensions wrapped; -1 if a non-periodic one is out of range.
  int rank(const int* coords) const;
};

// Fill the zeros of dims[0..ndims) so that their product times the given ones is nnodes, as close
// to each other as possible (as MPICH: the smallest max - min), in non-increasing order. False if
// nnodes is not a multiple of the given ones.
bool dims_create(int nnodes, int ndims, int* dims);

}  // namespace pimnic::mpi
