#include "machine/multi_node_machine.h"

#include <algorithm>
#include <csignal>
#include <map>
#include <memory>
#include <queue>

#include "net/network.h"
#include "timing/core_model.h"

namespace pimnic {

MultiNodeMachine::MultiNodeMachine(const MachineConfig& cfg, std::FILE* console) : cfg_(cfg) {
  cfg_.validate();
  if (cfg_.nic_hardware() != NicHardware::None) {
    net::NetworkConfig nc;
    nc.nodes = cfg_.nodes;
    nc.link_latency = ns_to_ticks(cfg_.link_latency_ns);
    nc.link_bandwidth = cfg_.link_bandwidth;
    nc.switch_latency = ns_to_ticks(cfg_.switch_latency_ns);
    nc.packet_overhead_bytes = cfg_.packet_overhead;
    nc.max_payload = cfg_.max_payload;
    network_ = std::make_unique<net::Network>(nc, events_);
  }
  for (uint32_t n = 0; n < cfg_.nodes; ++n) {
    nodes_.push_back(std::make_unique<Node>(n, cfg_, events_, network_.get(), console,
                                            [this](NodeCore& c, int code, const std::string& message) {
                                              on_exit(c, code, message);
                                            }));
    for (auto& c : nodes_.back()->cores()) cores_.push_back(c.get());
    nodes_.back()->set_mark_hook([this](NodeCore& c, const Hart& h, const TraceMark& m) {
      for (const MarkListener& l : mark_listeners_) l(c, h, m);
    });
  }
  // The smallest latency from one core to another: a host store reaching the NIC, a completion
  // reaching the host, a DMA descriptor's first bytes, a packet's first link.
  double q = cfg_.quantum_ns;
  if (q == 0) {
    q = std::min(cfg_.hif.pio_ns, cfg_.hif.completion_ns);
    q = std::min(q, cfg_.nic_bus_ns + cfg_.dma.setup_ns);
    if (network_) q = std::min(q, cfg_.link_latency_ns);
  }
  quantum_ = std::max<Tick>(ns_to_ticks(q), 1000);
}

MultiNodeMachine::~MultiNodeMachine() = default;

NodeCore* MultiNodeMachine::find_core(const std::string& name) const {
  for (NodeCore* c : cores_)
    if (c->name == name) return c;
  return nullptr;
}

void MultiNodeMachine::load(NodeCore& c, const ElfImage& img) {
  load_elf(img, c.core->mem());
  c.hart0().pc = img.entry;
  c.booted = true;
}

Tick MultiNodeMachine::now() const {
  Tick t = events_.now();
  for (const NodeCore* c : cores_)
    if (c->booted) t = std::max(t, c->now());
  return t;
}

void MultiNodeMachine::on_exit(NodeCore& c, int code, const std::string& message) {
  c.done = true;
  if (code != 0 && !failed_) {
    failed_ = &c;
    failed_code_ = code;
    failed_text_ = message;
  }
}

void MultiNodeMachine::start_linux(NodeCore& host, const linux_user::LinuxOptions& opts, const std::string& label) {
  nodes_[host.node]->start_linux(opts, label);
}

linux_user::LinuxProcess* MultiNodeMachine::process_of(const NodeCore& c) const {
  return c.slot.is_host() ? nodes_[c.node]->process() : nullptr;
}

// A sleeper wakes at an event's time or at the time of the core that raises its interrupt, so
// the next event bounds what it may still retire instead of its own (stale) clock.
Tick MultiNodeMachine::safe_time() const {
  Tick t = events_.next_time();
  for (uint32_t i = 0; i < cores_.size(); ++i)
    if (scheduled(i) && !cores_[i]->done && !asleep(i)) t = std::min(t, cores_[i]->now());
  return t;
}

void MultiNodeMachine::set_timeline(Timeline* tl) {
  timeline_ = tl;
  core_timelines_.clear();
  add_mark_listener([this](NodeCore& c, const Hart& h, const TraceMark& m) {
    for (size_t i = 0; i < cores_.size(); ++i)
      if (cores_[i] == &c) core_timelines_[i]->mark(h.index(), m, c.core->clock().ticks(h.cycles()));
  });
  for (auto& n : nodes_) {
    const int pid = tl->process("node " + std::to_string(n->id()));
    for (auto& c : n->cores()) {
      core_timelines_.push_back(std::make_unique<CoreTimeline>(*tl, pid, *c->core, c->name));
      if (c->core->num_harts() > 1)  // PIM threads change state turn by turn
        c->core->after_turn = [t = core_timelines_.back().get()](const Hart& h) { t->sample(now_of(h)); };
    }
    auto tracks = std::make_shared<std::map<std::string, int>>();
    auto track = [tl, pid, tracks](const std::string& name) {
      int& tid = (*tracks)[name];
      if (!tid) tid = tl->track(pid, name);
      return tid;
    };
    n->set_transfer_hook([tl, pid, track](const std::string& engine, uint32_t bytes, Tick start, Tick end) {
      tl->span(pid, track(engine), std::to_string(bytes) + " B", start, end);
    });
    auto raised = std::make_shared<std::map<std::string, Tick>>();
    n->set_irq_hook([this, tl, pid, track, raised](const std::string& line, bool level) {
      if (level) (*raised)[line] = events_.now();
      else tl->span(pid, track(line), "interrupt", (*raised)[line], events_.now());
    });
  }
  if (network_) {
    const int pid = tl->process("network");
    auto tracks = std::make_shared<std::map<unsigned, int>>();
    const unsigned nodes = cfg_.nodes;
    network_->on_wire = [tl, pid, tracks, nodes](const net::Packet& p, unsigned link, Tick start, Tick end) {
      int& tid = (*tracks)[link];
      if (!tid) tid = tl->track(pid, link < nodes ? "n" + std::to_string(link) + " up" : "n" + std::to_string(link - nodes) + " down");
      tl->span(pid, tid,
               "n" + std::to_string(p.src_node) + "->n" + std::to_string(p.dst_node) + " " +
                   std::to_string(p.payload.size()) + " B" + (p.channel == net::Packet::kParcel ? " parcel" : ""),
               start, end, "{\"id\":" + std::to_string(p.id) + "}");
    };
  }
}

StopReason MultiNodeMachine::run_slice(NodeCore& c, Tick bound, uint64_t budget) {
  CoreRunner& r = *c.runner;
  if (debug_ && !r.steps_through_breakpoints() && debug_->any_breakpoint(c))
    return r.run_slice_checked(events_, bound, budget, [this, &c](uint32_t pc) { return debug_->breakpoint(c, pc); });
  return r.run_slice(events_, bound, budget);
}

namespace {
constexpr uint64_t kSliceInsts = 1u << 20;
}  // namespace

// The run ends when every booted host core has exited (the NICs' firmware serves them and
// typically never exits), or every booted core when no host runs anything.
bool MultiNodeMachine::finished() const {
  for (const NodeCore* c : cores_)
    if (c->booted && !c->done && (c->slot.is_host() || !any_host_)) return false;
  return true;
}

namespace {
uint64_t core_insts(const NodeCore& c) { return c.runner->instructions(); }
}  // namespace

bool MultiNodeMachine::takes_part(const NodeCore& c) const {
  if (c.booted) return true;
  if (!c.slot.is_pim()) return false;
  for (const NodeCore* o : cores_)
    if (o->node == c.node && o->booted && !o->slot.is_host()) return true;
  return false;
}

uint64_t MultiNodeMachine::total_insts() const {
  uint64_t n = 0;
  for (const NodeCore* c : cores_) n += core_insts(*c);
  return n;
}

bool MultiNodeMachine::begin_run(uint64_t max_insts) {
  result_ = RunResult{};
  max_insts_ = max_insts;
  ready_ = {};
  scheduled_.assign(cores_.size(), false);
  scheduled_count_ = 0;
  progress();
  idle_mark_.assign(cores_.size(), 0);
  idle_.reset();
  // Booted cores run their image; the other PIM cores of a booted PIM NIC run the threads that
  // parcels or the firmware start there.
  any_host_ = false;
  for (uint32_t i = 0; i < cores_.size(); ++i) {
    NodeCore& c = *cores_[i];
    if (!takes_part(c)) continue;
    if (!c.booted) c.hart0().thread_state = ThreadState::Free;  // no thread until one is started here
    ready_.push({c.now(), i});
    scheduled_[i] = true;
    ++scheduled_count_;
    any_host_ |= c.booted && c.slot.is_host();
  }
  insts_ = total_insts();
  asleep_.assign(cores_.size(), 0);
  asleep_count_ = 0;
  wakers_.assign(cores_.size(), {});
  for (uint32_t i = 0; i < cores_.size(); ++i) {
    wakers_[i] = {this, i};
    Hart& h = cores_[i]->hart0();
    h.irq_raised = [](void* ctx) {
      auto* w = static_cast<IrqWaker*>(ctx);
      w->machine->wake(w->core);
    };
    h.irq_raised_ctx = &wakers_[i];
  }
  if (timeline_)  // the threads' states from the start, not from the end of their first slice
    for (uint32_t i = 0; i < cores_.size(); ++i)
      if (scheduled_[i]) core_timelines_[i]->sample(cores_[i]->now());
  if (ready_.empty()) {
    result_.kind = RunResult::Kind::Fault;
    result_.message = "no core has an image to run (give --image n*.host=PROG.elf, n*.nic=FW.elf)";
    result_.exit_code = 2;
    return false;
  }
  return true;
}

MultiNodeMachine::Turn MultiNodeMachine::run_turn(uint64_t budget_cap, Tick horizon, const std::vector<bool>* allowed) {
  Turn turn;
  std::vector<Entry> skipped;  // not allowed this time: they keep their place
  auto put_back = [&] {
    for (const Entry& e : skipped) ready_.push(e);
  };
  auto end = [&](RunResult::Kind kind, int code, std::string message) { end_turn(turn, kind, code, std::move(message)); };
  while (!ready_.empty()) {
    const auto [t, i] = ready_.top();
    NodeCore& c = *cores_[i];
    if (c.done) {
      ready_.pop();
      continue;
    }
    if (debug_ && t != c.now()) {  // a debugger stepped it meanwhile
      ready_.pop();
      ready_.push({c.now(), i});
      continue;
    }
    if (t >= horizon) break;
    ready_.pop();
    if (allowed && !(*allowed)[i]) {
      skipped.push_back({t, i});
      continue;
    }
    turn.core = i;
    events_.run_until(t);
    uint64_t budget = budget_cap;
    if (auto stop = insn_limit_stop(max_insts_, insts_, budget)) {
      ready_.push({t, i});
      end(RunResult::Kind::InsnLimit, stop->status, stop->message);
      break;
    }
    const uint64_t before = core_insts(c);
    StopReason why = run_slice(c, std::min({events_.next_time(), t + quantum_, horizon}), budget);
    const uint64_t retired = core_insts(c) - before;
    insts_ += retired;
    turn.why = why;
    turn.retired = retired;
    turn.kind = Turn::Kind::Ran;
    if (timeline_) core_timelines_[i]->sample(c.now());
    if (failed_) {
      end(RunResult::Kind::Exited, failed_code_, failed_message());
      break;
    }
    if (c.done || why == StopReason::Exit) {
      c.done = true;
      --scheduled_count_;
      idle_.reset();
      if (finished()) end(RunResult::Kind::Exited, 0, "");
      break;
    }
    if (why == StopReason::Fault || why == StopReason::Halt) {
      const FatalStop fatal = fatal_stop(why, c.core->hart(c.core->stopped_hart()));
      ready_.push({c.now(), i});
      end(RunResult::Kind::Fault, fatal.status, c.name + ": " + fatal.message);
      break;
    }
    if (!debug_ && c.runner->asleep()) {  // until its interrupt rises (wake)
      asleep_[i] = 1;
      ++asleep_count_;
      idle_.reset();  // (which cores live changed)
      break;
    }
    ready_.push({c.now(), i});
    if (why == StopReason::Breakpoint || why == StopReason::Watchpoint || why == StopReason::DebugRequest) {
      progress();
      idle_.reset();
      turn.kind = Turn::Kind::Stopped;
      break;
    }
    // Nothing can change any more: a full round of slices retired nothing, no device has anything
    // pending and no core waits for its own timer.
    const bool waited = retired == 0 && !c.runner->may_wake_itself();
    if (!events_.empty()) {
      idle_.reset();
    } else if (idle_.idle_after(i, *c.core, retired ? IdleWatch::Slice::Retired : waited ? IdleWatch::Slice::Waits
                                                                             : IdleWatch::Slice::WaitsForTime,
                                scheduled_count_ - asleep_count_)) {  // (a sleeper waits: it gets no slices)
      std::string message = "every core polls or waits and no device has anything pending (idle-polling: nothing "
                            "can change any more): ";
      for (uint32_t k = 0; k < cores_.size(); ++k)
        if (scheduled(k) && !cores_[k]->done)
          message += IdleWatch::describe(cores_[k]->name, *cores_[k]->core, asleep(k) || idle_.waits(k)) + ", ";
      message.resize(message.size() - 2);
      end(RunResult::Kind::Fault, kExitDeadlock, message);
      break;
    }
    if (!waited || !events_.empty()) {
      progress();
    } else if (idle_mark_[i] != idle_round_) {
      idle_mark_[i] = idle_round_;
      ++idle_cores_;
    }
    // Every core that runs had a slice in which nothing happened, and nothing happened since (a
    // core far ahead in time is not idle just because the others idle while catching up).
    if (idle_cores_ >= scheduled_count_ - asleep_count_) {
      progress();
      end(RunResult::Kind::Fault, kExitDeadlock, deadlock_message());
    }
    break;
  }
  put_back();
  if (turn.kind == Turn::Kind::Idle && ready_.empty()) {
    if (asleep_count_ && events_.empty()) {  // asleep, and nothing left that could wake them
      end(RunResult::Kind::Fault, kExitDeadlock, deadlock_message());
    } else if (asleep_count_ && events_.next_time() < horizon) {  // only events remain: they may wake a core
      events_.run_until(events_.next_time());
      turn.kind = Turn::Kind::Ran;
    } else if (!asleep_count_) {  // (else asleep until past the time limit: Idle)
      turn.kind = Turn::Kind::Ended;
      result_ = RunResult{};  // every core is done
    }
  }
  return turn;
}

void MultiNodeMachine::wake(uint32_t i) {
  if (i >= asleep_.size() || !asleep_[i]) return;
  asleep_[i] = 0;
  --asleep_count_;
  idle_.reset();
  NodeCore& c = *cores_[i];
  c.runner->wake_at(events_.now());
  ready_.push({c.now(), i});
}

std::string MultiNodeMachine::deadlock_message() const {
  std::string message = "every core waits and no device has anything pending (deadlock): ";
  for (NodeCore* o : cores_)
    if (o->booted && !o->done) {
      char b[64];
      std::snprintf(b, sizeof b, "%s at 0x%08x, ", o->name.c_str(), o->hart0().pc);
      message += b;
    }
  message.resize(message.size() - 2);
  return message;
}

RunResult MultiNodeMachine::end_run() {
  const Tick end = now();
  for (uint32_t i = 0; i < cores_.size(); ++i)  // a sleeper's clock runs on to the end, as an idling one's
    if (asleep(i)) cores_[i]->runner->wake_at(end);
  for (NodeCore* c : cores_)
    if (c->booted) c->runner->drain();
  if (timeline_)
    for (auto& t : core_timelines_) t->close(now());
  result_.instructions = insts_;
  return result_;
}

RunResult MultiNodeMachine::run(const RunLimits& limits) {
  if (!begin_run(limits.max_insts)) return result_;
  const Tick horizon = limits.max_time ? limits.max_time : kMaxTick;
  for (;;) {
    const Turn turn = run_turn(kSliceInsts, horizon);
    if (turn.kind == Turn::Kind::Ended) break;
    if (after_turn) after_turn();
    const int sig = stop_requested();
    if (turn.kind == Turn::Kind::Idle || sig) {  // every core reached the time limit, or a stop request
      result_ = RunResult{};
      result_.kind = RunResult::Kind::Stopped;
      result_.exit_code = sig ? 128 + sig : kExitSimTimeLimit;
      result_.message = sig ? stop_request_message(sig, now(), insts_) : time_limit_message(limits.max_time, insts_);
      break;
    }
  }
  return end_run();
}

void MultiNodeMachine::run_due_events() {
  Tick t = kMaxTick;
  for (uint32_t i = 0; i < cores_.size(); ++i)
    if (scheduled(i) && !cores_[i]->done && !asleep(i)) t = std::min(t, cores_[i]->now());
  if (t != kMaxTick) events_.run_until(t);
}

MultiNodeMachine::Turn MultiNodeMachine::debug_step(uint32_t i, const std::function<void()>& fn) {
  NodeCore& c = *cores_[i];
  const bool was_done = c.done;
  run_due_events();
  const uint64_t retired = c.runner->debug_step(events_, std::min(events_.next_time(), c.now() + quantum_), fn);
  insts_ += retired;
  Turn turn;
  turn.kind = Turn::Kind::Ran;
  turn.core = i;
  turn.retired = retired;
  auto end = [&](RunResult::Kind kind, int code, std::string message) { end_turn(turn, kind, code, std::move(message)); };
  if (failed_) {
    end(RunResult::Kind::Exited, failed_code_, failed_message());
  } else if (c.done && !was_done) {
    --scheduled_count_;
    if (finished()) end(RunResult::Kind::Exited, 0, "");
  }
  return turn;
}

void MultiNodeMachine::end_turn(Turn& turn, RunResult::Kind kind, int code, std::string message) {
  result_ = RunResult{};
  result_.kind = kind;
  result_.exit_code = code;
  result_.message = std::move(message);
  turn.kind = Turn::Kind::Ended;
}

// A NIC core that exits with a non-zero status ends the run and says so (a host's status is the
// run's own).
std::string MultiNodeMachine::failed_message() const {
  if (!failed_text_.empty()) return failed_text_;
  return !failed_->slot.is_host() ? failed_->name + " exited with status " + std::to_string(failed_code_) : "";
}

void MultiNodeMachine::register_stats(StatRegistry& s) {
  s.formula("sim_insts", [this] {
    double n = 0;
    for (NodeCore* c : cores_)
      for (size_t i = 0; i < c->core->num_harts(); ++i) n += double(c->core->hart(i).icount);
    return n;
  }, "instructions retired by all cores", true);
  s.formula("sim_seconds", [this] { return double(now()) / double(kTicksPerSecond); }, "simulated seconds");
  s.formula("sim_ticks", [this] { return double(now()); }, "simulated picoseconds", true);
  s.formula("sim_events", [this] { return double(events_.events_run()); }, "device and network events run", true);
  for (NodeCore* c : cores_) {
    if (!takes_part(*c)) continue;
    const std::string p = c->name + ".";
    s.formula(p + "cycles", [c] { return double(c->cycles()); }, "core cycles elapsed", true);
    s.formula(p + "committed_insts", [c] {
      double n = 0;
      for (size_t i = 0; i < c->core->num_harts(); ++i) n += double(c->core->hart(i).icount);
      return n;
    }, "instructions retired by the core", true);
    c->timing.register_stats(s, p);
  }
  for (auto& n : nodes_) n->register_stats(s);
  if (network_) network_->register_stats(s, "net.");
}

}  // namespace pimnic
