#include "devices/dma_engine.h"

#include <algorithm>
#include <vector>

#include "util/bits.h"
#include "pimnic/memmap.h"
#include "sim/stats.h"

namespace pimnic {

namespace {
constexpr uint32_t kDescBytes = 16;
constexpr uint32_t kMaxLength = 16u << 20;
constexpr uint32_t kIrqDone = 1, kIrqError = 2;
}  // namespace

DmaEngine::DmaEngine(std::string name, Direction dir, EventQueue& events, AddressSpace& host_mem, AddressSpace& sram,
                     IrqLine& irq, DmaTiming timing)
    : name_(std::move(name)), dir_(dir), events_(events), host_(host_mem), sram_(sram), irq_(irq),
      source_(irq.add_source()), timing_(timing) {}

bool DmaEngine::read(uint32_t offset, unsigned, uint64_t& value, const MmioAccess&) {
  switch (offset) {
    case DMA_RING_BASE: value = ring_base_; return true;
    case DMA_RING_ENTRIES: value = ring_entries_; return true;
    case DMA_TAIL: value = tail_; return true;
    case DMA_HEAD: value = head_; return true;
    case DMA_IRQ_STATUS: value = irq_status_; return true;
    case DMA_IRQ_ENABLE: value = irq_enable_; return true;
    default: value = 0; return offset < PIMNIC_DEVICE_SIZE;
  }
}

bool DmaEngine::write(uint32_t offset, unsigned, uint64_t v, const MmioAccess& by) {
  const uint32_t value = uint32_t(v);
  switch (offset) {
    case DMA_RING_BASE: ring_base_ = value; return true;
    case DMA_RING_ENTRIES:
      if (value & (value - 1)) return false;  // not a power of two: bus error
      ring_entries_ = value;
      head_ = tail_ = 0;
      return true;
    case DMA_TAIL:
      if (!ring_entries_ || value - head_ > ring_entries_) return false;  // more posted than the ring holds
      tail_ = value;
      start_next(by.time + timing_.bus);
      return true;
    case DMA_IRQ_STATUS: irq_status_ &= ~value; update_irq(); return true;
    case DMA_IRQ_ENABLE: irq_enable_ = value; update_irq(); return true;
    default: return offset < PIMNIC_DEVICE_SIZE;
  }
}

void DmaEngine::start_next(Tick at) {
  if (busy_ || head_ == tail_) return;
  busy_ = true;
  events_.schedule(at, [this] {
    const Tick start = events_.now();
    const uint32_t desc = ring_base_ + (head_ & (ring_entries_ - 1)) * kDescBytes;
    uint8_t d[kDescBytes] = {};
    sram_.read_bytes(desc, d, kDescBytes);
    const uint32_t length = load_be<uint32_t>(d + 8);
    const Tick transfer = timing_.setup + Tick(double(std::min(length, kMaxLength)) * 1e12 / timing_.bytes_per_second + 0.5);
    events_.schedule(start + transfer, [this, desc, start] { complete(desc, start); }, kPrioDeviceUpdate,
                     "dma.complete");
  }, kPrioDeviceUpdate, "dma.fetch");
}

// The bytes move now, at the end of the transfer, so nothing sees them early.
void DmaEngine::complete(uint32_t desc, Tick started) {
  uint8_t d[kDescBytes] = {};
  sram_.read_bytes(desc, d, kDescBytes);
  const uint32_t host_addr = load_be<uint32_t>(d), nic_addr = load_be<uint32_t>(d + 4), length = load_be<uint32_t>(d + 8);
  bool ok = length <= kMaxLength;
  if (ok && length) {
    std::vector<uint8_t> buf(length);
    AddressSpace& src = dir_ == Direction::HostToNic ? host_ : sram_;
    AddressSpace& dst = dir_ == Direction::HostToNic ? sram_ : host_;
    const uint32_t src_addr = dir_ == Direction::HostToNic ? host_addr : nic_addr;
    const uint32_t dst_addr = dir_ == Direction::HostToNic ? nic_addr : host_addr;
    ok = src.read_bytes(src_addr, buf.data(), length) && dst.is_ram(dst_addr, length) &&
         dst.write_bytes(dst_addr, buf.data(), length);
  }
  uint8_t status[4];
  store_be<uint32_t>(status, ok ? DMA_DESC_DONE : DMA_DESC_DONE | DMA_DESC_ERROR);
  sram_.write_bytes(desc + 12, status, 4);
  ++head_;
  ++descriptors_;
  if (ok) bytes_ += length;
  else ++errors_;
  irq_status_ |= ok ? kIrqDone : kIrqDone | kIrqError;
  update_irq();
  const Tick now = events_.now();
  busy_ps_ += now - started;
  if (on_transfer) on_transfer(name_, ok ? length : 0, started, now);
  busy_ = false;
  start_next(now + timing_.bus);
}

void DmaEngine::register_stats(StatRegistry& s, const std::string& p) {
  s.counter(p + "bytes", &bytes_, "bytes the engine moved");
  s.counter(p + "descriptors", &descriptors_, "descriptors the engine completed");
  s.counter(p + "errors", &errors_, "descriptors that failed (address outside memory, length above 16 MiB)");
  s.formula(p + "busy_ns", [this] { return double(busy_ps_) / 1000.0; }, "ns the engine spent transferring");
}

}  // namespace pimnic
