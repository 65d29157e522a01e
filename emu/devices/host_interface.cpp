#include "devices/host_interface.h"

#include <algorithm>
#include <array>

#include "pimnic/memmap.h"
#include "sim/stats.h"

namespace pimnic {

namespace {
constexpr uint32_t kHostIrqCompletion = 1, kHostIrqNic = 2;
constexpr uint32_t kNicIrqDoorbell = 1;
constexpr uint32_t kCqEntryBytes = 16;
bool power_of_two(uint32_t v) { return v && !(v & (v - 1)); }
}  // namespace

HostInterface::HostInterface(EventQueue& events, AddressSpace& host_mem, IrqLine& host_irq, IrqLine& nic_irq,
                             Tick pio_latency, Tick completion_latency)
    : events_(events), host_mem_(host_mem), host_irq_(host_irq), nic_irq_(nic_irq),
      host_source_(host_irq.add_source()), nic_source_(nic_irq.add_source()), pio_(pio_latency),
      completion_(completion_latency) {}

void HostInterface::update_irqs() {
  host_irq_.set(host_source_, host_irq_status_ & host_irq_enable_);
  nic_irq_.set(nic_source_, nic_irq_status_ & nic_irq_enable_);
}

uint32_t HostInterface::nic_cq_space() const {
  return nic_cq_entries_ ? nic_cq_entries_ - (nic_cq_pushed_ - nic_cq_head_) : 0;
}

// ---- host side --------------------------------------------------------------------------------

bool HostInterface::HostSide::read(uint32_t offset, unsigned, uint64_t& value, const MmioAccess&) {
  switch (offset) {
    case HIF_H_CQ_BASE: value = hif.cq_base_; return true;
    case HIF_H_CQ_ENTRIES: value = hif.cq_entries_; return true;
    case HIF_H_CQ_HEAD: value = hif.cq_head_; return true;
    case HIF_H_CQ_TAIL: value = hif.cq_tail_; return true;
    case HIF_H_IRQ_STATUS: value = hif.host_irq_status_; return true;
    case HIF_H_IRQ_ENABLE: value = hif.host_irq_enable_; return true;
    default: value = 0; return offset < PIMNIC_DEVICE_SIZE;
  }
}

bool HostInterface::HostSide::write(uint32_t offset, unsigned, uint64_t v, const MmioAccess& by) {
  const uint32_t value = uint32_t(v);
  const Tick at = by.time + hif.pio_;
  switch (offset) {
    case HIF_H_DOORBELL:
      ++hif.doorbells_rung_;
      hif.events_.schedule(at, [h = &hif, value] {
        h->doorbells_.push_back(value);
        h->max_doorbell_depth_ = std::max<uint64_t>(h->max_doorbell_depth_, h->doorbells_.size());
        h->nic_irq_status_ |= kNicIrqDoorbell;
        h->update_irqs();
      }, kPrioDeviceUpdate, "hif.doorbell");
      return true;
    case HIF_H_CQ_BASE: hif.cq_base_ = value; return true;
    case HIF_H_CQ_ENTRIES:
      if (!power_of_two(value) && value != 0) return false;  // bus error: the driver's bug shows at once
      hif.cq_entries_ = value;
      hif.cq_head_ = hif.cq_tail_ = 0;
      hif.events_.schedule(at, [h = &hif, value] {
        h->nic_cq_entries_ = value;
        h->nic_cq_head_ = h->nic_cq_pushed_ = 0;
      }, kPrioDeviceUpdate, "hif.cq_reset");
      return true;
    case HIF_H_CQ_HEAD:
      hif.cq_head_ = value;
      hif.events_.schedule(at, [h = &hif, value] { h->nic_cq_head_ = value; }, kPrioDeviceUpdate, "hif.cq_head");
      return true;
    case HIF_H_IRQ_STATUS: hif.host_irq_status_ &= ~value; hif.update_irqs(); return true;
    case HIF_H_IRQ_ENABLE: hif.host_irq_enable_ = value; hif.update_irqs(); return true;
    default: return offset < PIMNIC_DEVICE_SIZE;
  }
}

// ---- NIC side ---------------------------------------------------------------------------------

bool HostInterface::NicSide::read(uint32_t offset, unsigned, uint64_t& value, const MmioAccess&) {
  switch (offset) {
    case HIF_N_DOORBELL_COUNT: value = hif.doorbells_.size(); return true;
    case HIF_N_DOORBELL_POP:
      value = 0;
      if (!hif.doorbells_.empty()) {
        value = hif.doorbells_.front();
        hif.doorbells_.pop_front();
      }
      return true;
    case HIF_N_CQ_SPACE: value = hif.nic_cq_space(); return true;
    case HIF_N_IRQ_STATUS: value = hif.nic_irq_status_; return true;
    case HIF_N_IRQ_ENABLE: value = hif.nic_irq_enable_; return true;
    default: value = 0; return offset < PIMNIC_DEVICE_SIZE;
  }
}

bool HostInterface::NicSide::write(uint32_t offset, unsigned, uint64_t v, const MmioAccess& by) {
  const uint32_t value = uint32_t(v);
  switch (offset) {
    case HIF_N_CQ_WORD0: case HIF_N_CQ_WORD1: case HIF_N_CQ_WORD2: case HIF_N_CQ_WORD3:
      hif.cq_word_[(offset - HIF_N_CQ_WORD0) / 4] = value;
      return true;
    case HIF_N_CQ_PUSH: hif.push_completion(by.time + hif.completion_); return true;
    case HIF_N_RAISE_HOST_IRQ:
      hif.events_.schedule(by.time + hif.pio_, [h = &hif] {
        h->host_irq_status_ |= kHostIrqNic;
        h->update_irqs();
      }, kPrioDeviceUpdate, "hif.raise_host_irq");
      return true;
    case HIF_N_IRQ_STATUS: hif.nic_irq_status_ &= ~value; hif.update_irqs(); return true;
    case HIF_N_IRQ_ENABLE: hif.nic_irq_enable_ = value; hif.update_irqs(); return true;
    default: return offset < PIMNIC_DEVICE_SIZE;
  }
}

// The entry is taken now; it lands in host memory (and the tail moves) at `at`. Pushing into a
// full ring loses the entry and is counted: firmware must look at HIF_N_CQ_SPACE first.
void HostInterface::push_completion(Tick at) {
  if (nic_cq_space() == 0) {
    ++completion_overflows_;
    return;
  }
  const uint32_t slot = nic_cq_pushed_++ & (nic_cq_entries_ - 1);
  uint8_t entry[kCqEntryBytes];
  for (unsigned w = 0; w < 4; ++w)
    for (unsigned b = 0; b < 4; ++b) entry[4 * w + b] = uint8_t(cq_word_[w] >> (24 - 8 * b));
  ++completions_;
  events_.schedule(at, [this, slot, e = std::to_array(entry)] {
    host_mem_.write_bytes(cq_base_ + slot * kCqEntryBytes, e.data(), kCqEntryBytes);
    ++cq_tail_;
    host_irq_status_ |= kHostIrqCompletion;
    update_irqs();
  }, kPrioDeviceUpdate, "hif.completion");
}

void HostInterface::register_stats(StatRegistry& s, const std::string& p) {
  s.counter(p + "doorbells", &doorbells_rung_, "doorbells the host rang");
  s.counter(p + "completions", &completions_, "completion entries the NIC posted to host memory");
  s.counter(p + "completion_overflows", &completion_overflows_, "completion entries lost to a full ring");
  s.counter(p + "max_doorbell_depth", &max_doorbell_depth_, "most doorbells waiting in the NIC's FIFO");
}

}  // namespace pimnic
