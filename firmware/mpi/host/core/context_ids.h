// Context ids: every communicator owns a pair k (point to point on context 2k, collectives on 2k+1,
// so collectives never match user messages). A new communicator's pair must be free at every
// member: the members AND their free masks together (an allreduce over the parent communicator)
// and take the lowest pair free everywhere, so all agree without a coordinator. Pairs are reused
// after MPI_Comm_free. Pair 0 is MPI_COMM_WORLD's, pair 1 MPI_COMM_SELF's.
#pragma once
#include <cstdint>

namespace pimnic::mpi {

class ContextIdPool {
 public:
  static constexpr uint32_t kMaxPairs = 2048;
  static constexpr uint32_t kWords = kMaxPairs / 32;

  // All pairs below `pairs` (at most kMaxPairs) free, the rest never handed out.
  void reset(uint32_t pairs);
  void claim(uint32_t pair);
  void release(uint32_t pair);
  bool is_free(uint32_t pair) const;
  // kWords words; bit b of word w set: pair 32w+b is free here.
  const uint32_t* free_mask() const { return free_; }
  // The lowest pair set in `agreed` (kWords words), or -1 when none is.
  static int lowest_free(const uint32_t* agreed);

 private:
  uint32_t free_[kWords] = {};
};

ContextIdPool& context_ids();

}  // namespace pimnic::mpi
