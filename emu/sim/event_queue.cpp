#include "sim/event_queue.h"

#include <algorithm>
#include <stdexcept>

namespace pimnic {

EventQueue::Handle EventQueue::schedule(Tick when, Callback fn, int priority, const char* name) {
  if (when < now_)
    throw std::logic_error(std::string("event '") + name + "' scheduled in the past (" + std::to_string(when) +
                           " ps < now " + std::to_string(now_) + " ps)");
  uint64_t seq = next_seq_++;
  heap_.push_back(Entry{when, priority, seq, std::move(fn), name});
  std::push_heap(heap_.begin(), heap_.end(), later);
  if (when < horizon_) {
    horizon_ = when;
    if (on_lowered_) on_lowered_(when);
  }
  return Handle{seq};
}

bool EventQueue::cancel(Handle h) {
  if (!h) return false;
  auto in_heap = std::find_if(heap_.begin(), heap_.end(), [&](const Entry& e) { return e.seq == h.seq; });
  if (in_heap == heap_.end()) return false;
  auto pos = std::lower_bound(cancelled_.begin(), cancelled_.end(), h.seq);
  if (pos != cancelled_.end() && *pos == h.seq) return false;
  cancelled_.insert(pos, h.seq);
  return true;
}

void EventQueue::run_until(Tick until) {
  while (!heap_.empty() && heap_.front().when <= until) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    Entry e = std::move(heap_.back());
    heap_.pop_back();
    auto pos = std::lower_bound(cancelled_.begin(), cancelled_.end(), e.seq);
    if (pos != cancelled_.end() && *pos == e.seq) {
      cancelled_.erase(pos);
      continue;
    }
    now_ = e.when;
    ++events_run_;
    e.fn();
  }
  if (until != kMaxTick && until > now_) now_ = until;
}

void EventQueue::advance_to(Tick t) {
  if (t < now_) return;
  if (next_time() < t) throw std::logic_error("EventQueue::advance_to would skip an event");
  now_ = t;
}

}  // namespace pimnic
