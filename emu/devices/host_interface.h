// The host interface between a host core and its NIC (memmap.h HIF_H_* / HIF_N_*): doorbells from
// host to NIC (a FIFO, after hif.pio_ns), a completion ring in host memory that the NIC fills
// (entries land hif.completion_ns after the push) and interrupts both ways. The host side and
// the NIC side are two MMIO pages over one state.
#pragma once
#include <cstdint>
#include <deque>
#include <string>

#include "devices/irq_line.h"
#include "mem/address_space.h"
#include "mem/mmio_device.h"
#include "sim/event_queue.h"

namespace pimnic {
class StatRegistry;

class HostInterface {
 public:
  HostInterface(EventQueue& events, AddressSpace& host_mem, IrqLine& host_irq, IrqLine& nic_irq, Tick pio_latency,
                Tick completion_latency);
  MmioDevice& host_side() { return host_side_; }
  MmioDevice& nic_side() { return nic_side_; }
  void register_stats(StatRegistry& s, const std::string& prefix);

 private:
  struct HostSide : MmioDevice {
    HostInterface& hif;
    explicit HostSide(HostInterface& h) : hif(h) {}
    std::string name() const override { return "hif.host"; }
    bool read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess& by) override;
    bool write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) override;
  };
  struct NicSide : MmioDevice {
    HostInterface& hif;
    explicit NicSide(HostInterface& h) : hif(h) {}
    std::string name() const override { return "hif.nic"; }
    bool read(uint32_t offset, unsigned size, uint64_t& value, const MmioAccess& by) override;
    bool write(uint32_t offset, unsigned size, uint64_t value, const MmioAccess& by) override;
  };
  void update_irqs();
  uint32_t nic_cq_space() const;
  void push_completion(Tick at);

  EventQueue& events_;
  AddressSpace& host_mem_;
  IrqLine &host_irq_, &nic_irq_;
  unsigned host_source_, nic_source_;
  Tick pio_, completion_;
  HostSide host_side_{*this};
  NicSide nic_side_{*this};
  // Host side.
  uint32_t cq_base_ = 0, cq_entries_ = 0, cq_head_ = 0, cq_tail_ = 0;
  uint32_t host_irq_status_ = 0, host_irq_enable_ = 0;
  // NIC side: what the NIC knows (the host's head arrives after the PIO latency).
  std::deque<uint32_t> doorbells_;
  uint32_t nic_cq_entries_ = 0, nic_cq_head_ = 0, nic_cq_pushed_ = 0;
  uint32_t cq_word_[4] = {};
  uint32_t nic_irq_status_ = 0, nic_irq_enable_ = 0;
  // Statistics.
  uint64_t doorbells_rung_ = 0, completions_ = 0, completion_overflows_ = 0;
  uint64_t max_doorbell_depth_ = 0;
};

}  // namespace pimnic
