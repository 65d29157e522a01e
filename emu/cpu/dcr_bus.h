// Device control registers of a 440-class core (mfdcr/mtdcr): a 10-bit register space on a bus of
// its own, where on-chip devices put their control registers. One bus per core; devices attach to
// a range of numbers. A number no device claims is an illegal instruction (program interrupt), as
// for unknown SPRs: firmware touching a DCR that does not exist is a bug worth stopping at.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace pimnic {

// A device's DCR side. Called only by mfdcr/mtdcr (rare, supervisor-only), so virtual is fine.
class DcrDevice {
 public:
  virtual ~DcrDevice() = default;
  virtual uint32_t dcr_read(uint32_t dcrn) = 0;
  virtual void dcr_write(uint32_t dcrn, uint32_t value) = 0;
};

class DcrBus {
 public:
  static constexpr uint32_t kCount = 1024;
  // Claim [first, first+count). Throws std::invalid_argument if out of range or already claimed.
  void attach(uint32_t first, uint32_t count, DcrDevice* dev);
  void detach(DcrDevice* dev);
  DcrDevice* device(uint32_t dcrn) const { return dcrn < kCount ? slots_[dcrn] : nullptr; }

 private:
  std::array<DcrDevice*, kCount> slots_{};
};

// Plain read/write registers with no side effects: a scratch block for firmware experiments and
// tests, and a model for a device whose control registers are simple latches.
// Attach it to the same range it was made for.
class DcrLatches : public DcrDevice {
 public:
  DcrLatches(uint32_t first, uint32_t count) : first_(first), regs_(count) {}
  uint32_t first() const { return first_; }
  uint32_t count() const { return uint32_t(regs_.size()); }
  uint32_t dcr_read(uint32_t dcrn) override { return regs_.at(dcrn - first_); }
  void dcr_write(uint32_t dcrn, uint32_t v) override { regs_.at(dcrn - first_) = v; }

 private:
  uint32_t first_;
  std::vector<uint32_t> regs_;
};

}  // namespace pimnic
