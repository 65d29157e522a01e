// A core's hardware threads on a timeline (`--trace perfetto:FILE`): one track per thread that
// ever runs, a span for each stretch in one state (running, blocked on a full/empty bit, waiting
// for an interrupt), sampled where the machine's run loop ends a slice, and a counter of the
// threads alive. Shared by the one-core and the multi-node machine.
#pragma once
#include <string>
#include <vector>

#include "cpu/core.h"
#include "sim/trace_mark.h"
#include "sim/timeline.h"

namespace pimnic {

class CoreTimeline {
 public:
  CoreTimeline(Timeline& timeline, int pid, const Core& core, std::string name);
  // The threads' states at `now` (after a slice of the core, or a thread's turn); time never runs
  // backwards on a track (the threads of a one-core PIM run keep their own clocks).
  void sample(Tick now);
  // End every open span at `now` (end of the run).
  void close(Tick now);
  // A trace marker of hardware thread `thread` at `at`: an instant event, or the beginning or end
  // of a span, on the thread's marker track ("n0.nic marks", beside its state track; spans nest,
  // those still open at close() end there).
  void mark(size_t thread, const TraceMark& m, Tick at);

 private:
  enum class State { Free, Running, Blocked, Waiting };
  static const char* name_of(State s);
  State state_of(const Hart& h) const;
  struct Thread {
    int tid = 0;  // 0: no track yet
    int marks_tid = 0;
    State state = State::Free;
    Tick since = 0;
    std::vector<std::pair<TraceMark, Tick>> spans;  // open marker spans, innermost last
  };
  int track_of(size_t thread);
  int marks_track_of(size_t thread);
  void end_span(Thread& t, Tick at, const TraceMark* end);
  Timeline& timeline_;
  int pid_;
  const Core& core_;
  std::string name_;
  std::vector<Thread> threads_;
  int alive_ = -1;
  Tick last_ = 0;
};

}  // namespace pimnic
