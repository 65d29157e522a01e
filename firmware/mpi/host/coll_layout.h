// Where each rank's block sits in a collective's buffer, in bytes: uniform (count items per rank,
// one after the other), consecutive (counts[i] items, one after the other) or displaced (counts[i]
// items at displs[i] items). Filling one checks the counts like arguments.
#pragma once
#include <cstdint>

#include "call.h"
#include "datatype.h"
#include "vec.h"

namespace pimnic::mpi {

class Layout {
 public:
  explicit Layout(int n) : storage_(2 * sizeof(uint32_t) * uint32_t(n)), n_(n) {}
  uint32_t* lengths() { return reinterpret_cast<uint32_t*>(storage_.bytes()); }
  uint32_t* offsets() { return lengths() + n_; }

  int uniform(Call& call, int count, const TypeInfo& type);
  int consecutive(Call& call, const int* counts, const TypeInfo& type);
  int displaced(Call& call, const int* counts, const int* displs, const TypeInfo& type);

  uint32_t total();  // the sum of the lengths
  uint32_t span();   // the end of the block that ends last
  bool packed();     // blocks follow each other in rank order from offset 0

 private:
  Scratch storage_;
  int n_;
};

}  // namespace pimnic::mpi
