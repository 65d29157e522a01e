// The NIC's side of the host interface device (pimnic/host_interface.h), whatever protocol runs
// over it: the doorbells the host rang, and completions of four words pushed into the host's ring,
// counting the free slots the device reported so that it is read only when they run out. The
// firmware's own host link (the MPI engine's: firmware/mpi/nic/host_link.h) gives the words their
// meaning. Inline: every call sits on the firmware's completion path.
#pragma once
#include <cstdint>

#include <pimnic/host_interface.h>

namespace nic {

class HostInterface {
 public:
  void init() { pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_IRQ_ENABLE, 1); }  // a doorbell wakes the idle core
  // Doorbells the host rang and the firmware has not popped yet; pop them oldest first.
  uint32_t doorbells() const { return pimnic_hif_doorbells(); }
  uint32_t pop_doorbell() { return pimnic_hif_pop_doorbell(); }
  // A new process on the host: nothing is known about its ring yet.
  void restart() { space_ = 0; }
  // True if the host's ring has a free slot.
  bool room() {
    if (!space_) space_ = pimnic_mmio_read32(PIMNIC_HIF_NIC_BASE + HIF_N_CQ_SPACE);
    return space_ != 0;
  }
  // One completion into the host's ring (waits for a free slot).
  void push(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3) {
    while (!room()) {
    }
    --space_;
    pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_CQ_WORD0, w0);
    pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_CQ_WORD1, w1);
    pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_CQ_WORD2, w2);
    pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_CQ_WORD3, w3);
    pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_CQ_PUSH, 1);
  }
  void ack_irq() { pimnic_mmio_write32(PIMNIC_HIF_NIC_BASE + HIF_N_IRQ_STATUS, 1); }

 private:
  uint32_t space_ = 0;  // completion slots known free
};

}  // namespace nic
