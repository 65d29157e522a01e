#include "machine/core_timeline.h"

#include <algorithm>

namespace pimnic {

CoreTimeline::CoreTimeline(Timeline& timeline, int pid, const Core& core, std::string name)
    : timeline_(timeline), pid_(pid), core_(core), name_(std::move(name)), threads_(core.num_harts()) {}

const char* CoreTimeline::name_of(State s) {
  switch (s) {
    case State::Running: return "running";
    case State::Blocked: return "blocked (full/empty bit)";
    case State::Waiting: return "waiting for an interrupt";
    default: return "free";
  }
}

CoreTimeline::State CoreTimeline::state_of(const Hart& h) const {
  if (h.thread_state == ThreadState::Free) return State::Free;
  if (h.thread_state == ThreadState::Blocked) return State::Blocked;
  return (h.msr & MSR_POW) ? State::Waiting : State::Running;
}

void CoreTimeline::sample(Tick now) {
  now = last_ = std::max(now, last_);
  int alive = 0;
  for (size_t i = 0; i < threads_.size(); ++i) {
    Thread& t = threads_[i];
    const State s = state_of(core_.hart(i));
    alive += s != State::Free;
    if (s == t.state) continue;
    if (t.state != State::Free) timeline_.span(pid_, t.tid, name_of(t.state), t.since, now);
    if (s != State::Free && !t.tid)
      t.tid = timeline_.track(pid_, threads_.size() > 1 ? name_ + " t" + std::to_string(i) : name_);
    t.state = s;
    t.since = now;
  }
  if (alive != alive_ && threads_.size() > 1) timeline_.counter(pid_, name_ + " threads alive", now, alive);
  alive_ = alive;
}

void CoreTimeline::close(Tick now) {
  now = std::max(now, last_);
  for (Thread& t : threads_) {
    if (t.state != State::Free) timeline_.span(pid_, t.tid, name_of(t.state), t.since, now);
    t.state = State::Free;
  }
}

}  // namespace pimnic
