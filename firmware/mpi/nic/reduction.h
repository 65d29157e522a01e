// The NIC's reduction engine (seed nic-based-reduction, section III; docs/nic-reduction.md): the
// host hands it a descriptor (operation, datatype, its value(s), parent and children of the tree the
// host built) in one of kReduceSlots slots and goes on. Each slot is an instance; several may
// be outstanding on one communicator, told apart by (context, instance number). Children's
// contributions are folded into the host's in the descriptor's child order, never in arrival order,
// so the bits of a float result do not depend on timing: the next contribution in that order is
// folded straight from the packet; one that comes early (out of order, or before the host's
// descriptor) waits in one of a few unexpected-contribution buffers; with none free it is refused
// and its sender keeps it until this NIC asks for it again (REDUCE_RESEND), when a buffer frees or a
// descriptor comes. Nothing is lost and the counts are in struct mpiw_reduce_stats. The buffers'
// data comes from the eager pool (shared with unexpected eager messages). An image that has no SRAM
// to spare for the slots gives none (ReductionSlots): its mailbox then offers no reduction and the
// host library keeps its own algorithm.
#pragma once
#include <cstdint>

#include <pimnic/mpi_wire.h>

#include "../../nic-engine/port.h"
#include "config.h"
#include "eager_pool.h"
#include "host_link.h"

namespace nic {

inline constexpr uint32_t kReduceBuffers = 8;  // unexpected-contribution buffers (the seed's limited pool)
inline constexpr uint32_t kReduceSlots = 4;    // reductions of one host at the NIC at once

// The descriptors, in the image's own .bss (the host writes them through the window).
struct ReductionSlots {
  alignas(32) mpiw_reduce_desc desc[kReduceSlots];
};

class ReductionEngine {
 public:
  // slots: null in an image without NIC reduction.
  void init(Port* port, HostLink* host, EagerPool* pool, ReductionSlots* slots);
  // An unexpected-contribution buffer went back to the eager pool since the last call.
  bool take_freed() {
    const bool f = freed_;
    freed_ = false;
    return f;
  }
  static bool is_packet(uint8_t type) { return type >= MPIW_PKT_REDUCE_UP && type <= MPIW_PKT_REDUCE_RESEND; }
  // MPIW_OP_REDUCE: the descriptor in `slot` is ready.
  void post(uint32_t slot);
  void on_packet(const mpiw_packet& h, uint32_t src, uint32_t payload, uint32_t n);
  // Slots whose last packets are still leaving the port (their values are the payload).
  bool draining() const { return draining_ != 0; }
  bool poll();

 private:
  struct Instance {
    enum : uint8_t { Free, Folding, Up, Draining } state;
    bool acked, down, refused;
    uint16_t next;    // the child whose contribution is folded next
    uint32_t ticket;  // Draining: the last packet sent from the values
  };
  struct Buffer {  // an unexpected (or early) contribution
    bool used;
    uint16_t context, src;
    uint32_t instance;
    uint32_t data;  // in the eager pool
    uint16_t chunks;
  };

  uint32_t bytes(const mpiw_reduce_desc& d) const { return d.count * mpiw_reduce_element_size(d.element); }
  int find(uint16_t context, uint32_t instance, uint8_t state) const;
  void advance(uint32_t slot);  // fold what is here, in order; finish when all is
  void fold(uint32_t slot, const uint8_t* contribution);
  void finish(uint32_t slot);
  void maybe_done(uint32_t slot);
  void send_down(uint32_t slot);
  void hand_back(uint32_t slot);
  Buffer* buffered(uint16_t context, uint32_t instance, uint16_t src);
  Buffer* new_buffer(uint32_t n);
  void free_buffer(Buffer* b);
  void refuse(const mpiw_packet& h, uint32_t src);
  void ask_again();  // REDUCE_RESEND to every node we refused
  uint32_t send(uint32_t node, uint8_t type, uint16_t context, uint32_t instance, uint32_t payload, uint32_t n);
  uint32_t send_values(uint32_t node, uint8_t type, const mpiw_reduce_desc& d);  // the slot's values

  Port* port_ = nullptr;
  HostLink* host_ = nullptr;
  EagerPool* pool_ = nullptr;
  mpiw_reduce_desc* slots_ = nullptr;
  uint32_t slot_count_ = 0;
  Instance inst_[kReduceSlots];
  Buffer buffers_[kReduceBuffers];
  uint32_t buffers_used_ = 0, draining_ = 0;
  uint32_t refused_[kMaxPeers / 32];  // nodes whose contribution we refused (bit per node)
  bool any_refused_ = false, freed_ = false;
  alignas(8) mpiw_reduce_stats stats_;
};

}  // namespace nic
