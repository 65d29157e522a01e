#include "coll_layout.h"

namespace pimnic::mpi {

int Layout::uniform(Call& call, int count, const TypeInfo& type) {
  if (int e = call.count(count)) return e;
  uint32_t block;
  if (int e = call.memory_bytes(count, type, block)) return e;
  if (uint64_t(block) * uint32_t(n_) > 0x7fffffffu) {
    return call.fail(MPI_ERR_COUNT, "%d ranks of %d items of %s are more than INT_MAX bytes", n_, count, type.name);
  }
  for (int i = 0; i < n_; ++i) {
    lengths()[i] = block;
    offsets()[i] = uint32_t(i) * block;
  }
  return MPI_SUCCESS;
}

int Layout::consecutive(Call& call, const int* counts, const TypeInfo& type) {
  if (int e = call.arg(counts != nullptr, "counts are null")) return e;
  uint64_t at = 0;
  for (int i = 0; i < n_; ++i) {
    if (int e = call.count(counts[i])) return e;
    if (int e = call.memory_bytes(counts[i], type, lengths()[i])) return e;
    offsets()[i] = uint32_t(at);
    at += lengths()[i];
    if (at > 0x7fffffffu) return call.fail(MPI_ERR_COUNT, "counts add up to more than INT_MAX bytes");
  }
  return MPI_SUCCESS;
}

int Layout::displaced(Call& call, const int* counts, const int* displs, const TypeInfo& type) {
  if (int e = call.arg(counts && displs, "counts or displacements are null")) return e;
  for (int i = 0; i < n_; ++i) {
    if (int e = call.count(counts[i])) return e;
    if (int e = call.memory_bytes(counts[i], type, lengths()[i])) return e;
    if (displs[i] < 0) return call.fail(MPI_ERR_ARG, "negative displacement %d", displs[i]);
    if (int e = call.memory_bytes(displs[i], type, offsets()[i])) return e;
  }
  return MPI_SUCCESS;
}

uint32_t Layout::total() {
  uint32_t sum = 0;
  for (int i = 0; i < n_; ++i) sum += lengths()[i];
  return sum;
}

uint32_t Layout::span() {
  uint32_t end = 0;
  for (int i = 0; i < n_; ++i) {
    if (offsets()[i] + lengths()[i] > end) end = offsets()[i] + lengths()[i];
  }
  return end;
}

bool Layout::packed() {
  uint32_t next = 0;
  for (int i = 0; i < n_; ++i) {
    if (offsets()[i] != next) return false;
    next += lengths()[i];
  }
  return true;
}

}  // namespace pimnic::mpi
