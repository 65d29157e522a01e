// The host half of the NIC-based reduction (seed nic-based-reduction; docs/nic-reduction.md): the
// offload transport's Transport::reduce. It qualifies the reduction (an op and element the NIC
// combines, 1..64 elements, a tree whose members have at most 64 children, NIC slots offered by the
// firmware, not forced to the host), builds the tree, writes the descriptor into a free NIC slot
// through the window and posts it. A non-root member of a reduce-to-one is done at once (its value
// is in the NIC); the root, and every member of a reduce-to-all, is done when the NIC hands the
// slot back with the result. Settings (environment, `pimnic mpirun -x`): PIMNIC_REDUCE=nic|host
// (host: always the MPI layer's own algorithm), PIMNIC_REDUCE_TREE (reduction_tree.h),
// PIMNIC_REDUCE_STATS=1 (each rank prints its counts to stderr at MPI_Finalize).
#pragma once
#include <cstdint>
#include <vector>

#include <pimnic/mpi_wire.h>

#include "transport/offload/reduction_tree.h"
#include "transport/transport.h"

namespace pimnic::mpi {

class OffloadTransport;

class NicReduction {
 public:
  explicit NicReduction(OffloadTransport& link) : link_(link) {}
  // After the mailbox is read: the firmware's slots (none: every reduction stays on the host) and
  // the settings; false with a one-line reason for a bad setting.
  bool open(uint32_t slots, uint32_t slot_count, uint32_t stats, const char** why);
  bool reduce(const Reduction& r);
  // MPIW_CQ_REDUCE: a slot handed back.
  void on_completion(const mpiw_completion& c);
  bool busy() const { return busy_ != 0; }
  void report() const;  // PIMNIC_REDUCE_STATS

 private:
  struct Slot {
    bool busy = false;
    Operation* done = nullptr;  // the root's or a reduce-to-all's: Done once the result is copied
    void* result = nullptr;
    uint32_t bytes = 0;
  };
  bool qualifies(const Reduction& r) const;
  uint32_t free_slot();  // waits for one

  OffloadTransport& link_;
  uint32_t slots_ = 0, stats_ = 0;
  std::vector<Slot> slot_;
  uint32_t busy_ = 0;
  bool forced_host_ = false, report_ = false;
  ReductionTree tree_;
  uint64_t on_nic_ = 0, on_host_ = 0;
};

}  // namespace pimnic::mpi
