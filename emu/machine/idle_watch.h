// Whether a machine can still change (MultiNodeMachine::run_turn): with nothing pending in the
// event queue, a core that waits (retires nothing and cannot wake itself) or that polls (at the
// end of a slice its hardware threads are in a state they were in at the end of an earlier slice
// of this stretch, with external interrupts off) will do the same for ever; when every live core
// does, nothing can change any more, and the run ends with a message saying so instead of
// spinning until a limit. Any event, exit or change of which cores live starts a new stretch.
//
// "The same state" is every register the program sees (pc, MSR, CR, LR, CTR, XER, GPRs, FPRs,
// the thread's state; a free PIM thread only its state) and the top kStackBytes of each thread's
// stack, compared by a hash; a core that reads its time base or a timer, or keeps a count in a
// register or its stack frames, never repeats. A loop that changes only other memory (a global
// counter) would be taken for polling; the SDK's drivers poll device registers and compare.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace pimnic {

class Core;

class IdleWatch {
 public:
  // A new stretch (something is pending, or a core exited): O(1), each core's state starts
  // afresh the next time it is looked at.
  void reset() {
    ++stretch_;
    idle_ = polling_ = 0;
  }
  // After a slice of core `index` (of `cores` live ones) with nothing pending: how it went (a
  // core that retired nothing but can wake itself, a fetch or its timer being due, is busy).
  enum class Slice { Retired, WaitsForTime, Waits };
  // True when every live core now waits or polls, and one polls at least (all waiting is the
  // machine's deadlock rule). A running core's state is looked at every kSample-th of its
  // slices only (a hash of every register costs about as much as a slice of a few dozen
  // instructions).
  static constexpr unsigned kSample = 64;
  bool idle_after(size_t index, const Core& core, Slice slice, size_t cores) {
    // (inline: the machine asks after nearly every slice, and mostly the answer is "not sampled")
    if (slice == Slice::Retired && index < state_.size()) {
      CoreState& s = state_[index];
      if (s.stretch == stretch_ && s.slices++ % kSample) return false;  // (keeps what the last sample said)
    }
    return look_after(index, core, slice, cores);
  }
  // "n0.host polls at 0x00004abc" / "waits at ...", for the message.
  static std::string describe(const std::string& name, const Core& core, bool waits);
  bool waits(size_t index) const {
    return index < state_.size() && state_[index].stretch == stretch_ && state_[index].waited;
  }

 private:
  // idle_after's slices that are sampled, or that begin a core's stretch.
  bool look_after(size_t index, const Core& core, Slice slice, size_t cores);
  static constexpr uint32_t kStackBytes = 2048;
  static uint64_t register_signature(const Core& core);
  static uint64_t stack_signature(const Core& core);
  struct State {  // a core's state at a slice end: hashes of its registers and of its stacks
    uint64_t regs = 0, stack = 0;
    bool has_stack = false;
  };
  // The registers' hash at once; the stacks' (the larger part) only when the registers repeat
  // (a busy core's saved states are kept without it: the first repeat of their registers keeps
  // the state again with its stacks, to be compared the next time round).
  struct Signature {
    const Core& core;
    uint64_t regs;
    uint64_t stack_hash = 0;
    bool has_stack = false;
    uint64_t stack();
    bool is(const State& st) { return regs == st.regs && st.has_stack && stack() == st.stack; }
  };
  struct CoreState {
    uint64_t stretch = 0;  // state_[i] belongs to this stretch (else it starts afresh)
    State saved;
    uint32_t power = 0, steps = 0;  // power 0: nothing saved yet
    uint32_t length = 0, at = 0;    // the loop's length in samples once found (0: searching)
    std::vector<State> loop;        // its states, from the one after `saved`
    bool idle = false, waited = false;
    unsigned slices = 0;
    void restart(uint64_t new_stretch);  // (keeps loop's storage)
  };
  // Whether the core is in a loop of its states: Brent's cycle finding (the state saved at the
  // last power of two of samples, compared with each new one) finds the loop of a polling core
  // within about twice its length; the next pass is recorded and must close where the first
  // did, and from then on every sample must be the loop's next one (a core that leaves its loop,
  // because another core wrote what it polls, is busy at once). Loops of more than kMaxLoop
  // samples are not taken for polling.
  static constexpr uint32_t kMaxLoop = 4096;
  static bool in_loop(CoreState& s, Signature& sig);
  std::vector<CoreState> state_;
  uint64_t stretch_ = 1;
  size_t idle_ = 0, polling_ = 0;
};

}  // namespace pimnic
