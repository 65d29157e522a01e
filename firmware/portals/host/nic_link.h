// The host library's way to the Portals NIC (pimnic/portals_wire.h): the NIC's SRAM window and
// registers mapped from /dev/uio0, commands posted through the window and answered one by one in
// the completion ring, and sleeping until the NIC raises its interrupt (an event was written).
#pragma once
#include <cstdint>

#include <pimnic/memmap.h>
#include <pimnic/portals_wire.h>

namespace portals_host {

class NicLink {
 public:
  // Map the NIC and greet the firmware; false with a one-line reason.
  bool open(const char** why);
  bool is_open() const { return fd_ >= 0; }
  void close();
  // Post c and wait for its answer: the PTL_* code, and the NIC's value in *value.
  int call(ptlw_cmd& c, uint32_t* value = nullptr);
  uint32_t mailbox_word(uint32_t offset) const { return window_read(mailbox_ + offset); }
  uint32_t node() const { return node_; }
  uint32_t nodes() const { return nodes_; }
  // Sleep until the NIC raises its interrupt; ready() is asked once more after the source is
  // cleared, so an event that lands meanwhile is not slept through.
  template <typename F>
  void sleep_unless(F&& ready) {
    // Both causes: a completion left latched by the last call() would end every sleep at once.
    set_reg(HIF_H_IRQ_STATUS, kCompletion | kRaised);
    if (ready()) return;
    sleep();
  }

 private:
  static constexpr uint32_t kCompletion = 1, kRaised = 2;
  void sleep();
  uint32_t reg(uint32_t offset) const { return hif_[offset / 4]; }
  void set_reg(uint32_t offset, uint32_t value) { hif_[offset / 4] = value; }
  uint32_t window_read(uint32_t sram_addr) const {
    return *reinterpret_cast<volatile const uint32_t*>(window_ + sram_addr);
  }
  bool next_completion(uint32_t w[4]);
  [[noreturn]] void fatal(const char* what) const;

  int fd_ = -1;
  volatile uint8_t* window_ = nullptr;
  volatile uint32_t* hif_ = nullptr;
  uint32_t window_size_ = 0;
  volatile uint32_t* cq_ = nullptr;  // 16-byte entries
  uint32_t cq_entries_ = 64, cq_head_ = 0;
  uint32_t mailbox_ = 0, ring_ = 0, entries_ = 0, posted_ = 0, seq_ = 0;
  uint32_t node_ = 0, nodes_ = 0;
};

}  // namespace portals_host
