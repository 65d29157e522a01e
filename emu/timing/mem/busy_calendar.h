// The reservations of one resource (a DRAM bank, a data bus) over time: disjoint intervals, each
// with a tag (a bank's row). A request takes the first gap at or after the time it may start, so
// requests need not arrive in time order: a core that runs behind another (the two PIM cores of a
// NIC run in alternating quanta; an out-of-order core issues a load before an older store is
// written) fills the gaps the other left instead of queueing behind its later reservations, as a
// busy-until time would make it. Reservations ending more than kHorizon before the latest request
// are forgotten (a request that far back finds the resource free then).
#pragma once
#include <cstdint>
#include <vector>

#include "sim/clock.h"

namespace pimnic::timing {

class BusyCalendar {
 public:
  static constexpr Tick kHorizon = 10'000'000;  // 10 us
  struct Slot {
    Tick start, end;
    uint32_t tag;
  };
  // The first start >= earliest at which the resource is free for `length(tag of the reservation
  // before it)` (the length may depend on the state the previous user left: a row hit or miss),
  // reserved with `tag`. length is called with kNoTag when nothing is reserved before.
  static constexpr uint32_t kNoTag = ~0u;
  template <typename Length>
  Tick reserve(Tick earliest, uint32_t tag, Length&& length) {
    latest_ = earliest > latest_ ? earliest : latest_;
    prune();
    // The slots are sorted and disjoint; requests mostly come in time order, so search backwards
    // for the last slot that starts at or before `earliest`.
    size_t i = s_.size();
    while (i > head_ && s_[i - 1].start > earliest) --i;
    Tick at = earliest;
    uint32_t before = forgotten_tag_;
    if (i > head_) {
      before = s_[i - 1].tag;
      if (s_[i - 1].end > at) at = s_[i - 1].end;
    }
    for (;; ++i) {
      const Tick len = length(before);
      if (i == s_.size() || at + len <= s_[i].start) {
        s_.insert(s_.begin() + ptrdiff_t(i), Slot{at, at + len, tag});
        return at;
      }
      before = s_[i].tag;
      if (s_[i].end > at) at = s_[i].end;
    }
  }
  Tick reserve(Tick earliest, Tick length) {
    return reserve(earliest, 0, [length](uint32_t) { return length; });
  }
  void reset() {
    s_.clear();
    head_ = 0;
    latest_ = 0;
    forgotten_tag_ = kNoTag;
  }

 private:
  void prune() {
    while (head_ < s_.size() && s_[head_].end + kHorizon < latest_) forgotten_tag_ = s_[head_++].tag;
    if (head_ > 64 && head_ * 2 > s_.size()) {
      s_.erase(s_.begin(), s_.begin() + ptrdiff_t(head_));
      head_ = 0;
    }
  }
  std::vector<Slot> s_;
  size_t head_ = 0;  // slots before it are forgotten
  Tick latest_ = 0;
  uint32_t forgotten_tag_ = kNoTag;
};

}  // namespace pimnic::timing
