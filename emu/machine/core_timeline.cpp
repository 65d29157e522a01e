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
    if (s != State::Free) track_of(i);
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
    while (!t.spans.empty()) end_span(t, now, nullptr);
  }
}

int CoreTimeline::track_of(size_t i) {
  Thread& t = threads_[i];
  if (!t.tid) t.tid = timeline_.track(pid_, threads_.size() > 1 ? name_ + " t" + std::to_string(i) : name_);
  return t.tid;
}

int CoreTimeline::marks_track_of(size_t i) {
  Thread& t = threads_[i];
  if (!t.marks_tid) {
    track_of(i);  // (the state track first: it sorts above)
    t.marks_tid = timeline_.track(pid_, (threads_.size() > 1 ? name_ + " t" + std::to_string(i) : name_) + " marks");
  }
  return t.marks_tid;
}

namespace {
std::string value_args(const TraceMark& m) {
  return m.has_value ? "{\"value\":" + std::to_string(m.value) + "}" : "";
}
}  // namespace

void CoreTimeline::end_span(Thread& t, Tick at, const TraceMark* end) {
  auto [begin, start] = t.spans.back();
  t.spans.pop_back();
  std::string args = value_args(begin);
  if (end && end->has_value) args = "{\"value\":" + std::to_string(end->value) + "}";
  timeline_.span(pid_, t.marks_tid, begin.label, start, std::max(at, start), args);
}

void CoreTimeline::mark(size_t i, const TraceMark& m, Tick at) {
  if (i >= threads_.size()) return;
  Thread& t = threads_[i];
  const int tid = marks_track_of(i);
  if (m.kind == TraceMark::Kind::Instant) timeline_.instant(pid_, tid, m.label, at, value_args(m));
  else if (m.kind == TraceMark::Kind::Begin) t.spans.emplace_back(m, at);
  else if (!t.spans.empty()) end_span(t, at, &m);
}

}  // namespace pimnic
