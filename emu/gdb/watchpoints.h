// Data watchpoints of one address space, checked by the harts' memory slow paths (Hart::watcher).
// Watched pages get no fast mapping, so only accesses near a watchpoint pay for the check.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "cpu/hart.h"

namespace pimnic::gdb {

enum class WatchType : uint8_t { Write, Read, Access };  // gdb's Z2, Z3, Z4

class WatchSet : public AccessWatcher {
 public:
  struct Hit {
    const Hart* hart;
    uint32_t addr;   // first watched byte the access touched
    WatchType type;  // how to report it: watch, rwatch or awatch
    uint64_t icount; // the hart's count before the accessing instruction
  };

  bool add(uint32_t addr, uint32_t len, WatchType t);
  bool remove(uint32_t addr, uint32_t len, WatchType t);
  void clear() { points_.clear(); }
  bool empty() const { return points_.empty(); }

  // The hit that stopped h, if any (and forget it).
  std::optional<Hit> take_hit(const Hart* h);
  // Accesses by this hart are not checked (while it steps over the access that hit).
  const Hart* suppressed = nullptr;

  // AccessWatcher
  bool watches_page(uint32_t page_addr, bool write) const override;
  bool hit(Hart& h, uint32_t ea, unsigned len, bool write) override;

 private:
  struct Point {
    uint32_t addr, len;
    WatchType type;
  };
  std::vector<Point> points_;
  std::optional<Hit> last_;
};

}  // namespace pimnic::gdb
