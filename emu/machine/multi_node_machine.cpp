#include "machine/multi_node_machine.h"

#include <algorithm>
#include <csignal>
#include <map>
#include <memory>
#include <queue>

#include "net/network.h"
#include "timing/core_model.h"
#include "timing/pim/pim_model.h"

namespace pimnic {

MultiNodeMachine::MultiNodeMachine(const MachineConfig& cfg, std::FILE* console) : cfg_(cfg) {
  cfg_.validate();
  if (cfg_.nic != "none" && cfg_.nodes >= 2) {
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
                                            [this](NodeCore& c, int code) { on_exit(c, code); }));
    for (auto& c : nodes_.back()->cores()) cores_.push_back(c.get());
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

void MultiNodeMachine::on_exit(NodeCore& c, int code) {
  c.done = true;
  if (code != 0 && !failed_) {
    failed_ = &c;
    failed_code_ = code;
  }
}

void MultiNodeMachine::set_timeline(Timeline* tl) {
  timeline_ = tl;
  core_timelines_.clear();
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
  Core& core = *c.core;
  StopReason why;
  if (core.num_harts() == 1) {
    Hart& h = c.hart0();
    const uint64_t until = begin_slice(core, events_, h.cycles(), bound);
    if (c.timing.model && c.timing.model->steps()) why = c.timing.model->run(h, budget, until);
    else why = core.run_threads(std::min(budget, until - h.cycles()));
  } else if (auto* pim = dynamic_cast<timing::PimModel*>(c.timing.model.get())) {
    // A timed PIM core: the interleaved pipeline issues its threads; all share the core cycle.
    const uint64_t until = begin_slice(core, events_, c.pim_cycle, bound);
    why = pim->run_core(core, budget, until);
    if (why == StopReason::Deadlock) {  // every thread waits or none lives: a parcel, a device or the other core may change that
      pim->idle_until(core, until);
      why = StopReason::SliceEnd;
    }
    c.pim_cycle = pim->cycle();
  } else {
    // A PIM core run functionally: its threads take turns in one pipeline, so they share one
    // cycle count (one instruction per cycle).
    for (size_t i = 0; i < core.num_harts(); ++i) core.hart(i).cycle_offset = c.pim_cycle - core.hart(i).icount;
    const uint64_t until = begin_slice(core, events_, c.pim_cycle, bound);
    uint64_t before = 0, after = 0;
    for (size_t i = 0; i < core.num_harts(); ++i) before += core.hart(i).icount;
    why = core.run_threads(std::min(budget, until - c.pim_cycle));
    for (size_t i = 0; i < core.num_harts(); ++i) after += core.hart(i).icount;
    c.pim_cycle += after - before;
    if (why == StopReason::Deadlock) {  // as above
      c.pim_cycle = std::max(c.pim_cycle, until);
      why = StopReason::SliceEnd;
    }
  }
  end_slice(core, events_);
  return why;
}

RunResult MultiNodeMachine::run(uint64_t max_insts) {
  RunResult res;
  using Entry = std::pair<Tick, uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> ready;
  // Booted cores run their image; the other PIM cores of a booted PIM NIC run the threads that
  // parcels or the firmware start there.
  bool any_host = false;
  std::vector<bool> nic_booted(nodes_.size());
  for (NodeCore* c : cores_) nic_booted[c->node] = nic_booted[c->node] || (c->booted && c->slot != "host");
  size_t scheduled = 0;
  for (uint32_t i = 0; i < cores_.size(); ++i) {
    NodeCore& c = *cores_[i];
    if (!c.booted && !(c.slot.rfind("pim", 0) == 0 && nic_booted[c.node])) continue;
    if (!c.booted) c.hart0().thread_state = ThreadState::Free;  // no thread until one is started here
    ready.push({c.now(), i});
    ++scheduled;
    any_host |= c.booted && c.slot == "host";
  }
  if (ready.empty()) {
    res.kind = RunResult::Kind::Fault;
    res.message = "no core has an image to run (give --image n*.host=PROG.elf, n*.nic=FW.elf)";
    res.exit_code = 2;
    return res;
  }
  // The run ends when every booted host core has exited (the NICs' firmware serves them and
  // typically never exits), or every booted core when no host runs anything.
  auto finished = [&] {
    for (NodeCore* c : cores_)
      if (c->booted && !c->done && (c->slot == "host" || !any_host)) return false;
    return true;
  };
  auto core_insts = [](const NodeCore& c) {
    uint64_t n = 0;
    for (size_t i = 0; i < c.core->num_harts(); ++i) n += c.core->hart(i).icount;
    return n;
  };
  // A core in a wait state with interrupts enabled wakes on its decrementer even with nothing
  // pending; one whose threads all wait (or that has none) needs someone else.
  auto may_wake_itself = [](NodeCore& c) {
    const Hart& h = c.hart0();
    return c.core->num_harts() == 1 && (h.msr & MSR_POW) && (h.msr & MSR_EE);
  };
  uint64_t insts = 0;
  for (NodeCore* c : cores_) insts += core_insts(*c);
  size_t idle_slices = 0;  // consecutive slices that retired nothing with no event pending
  const uint64_t kSliceInsts = 1u << 20;
  while (!ready.empty()) {
    const auto [t, i] = ready.top();
    ready.pop();
    NodeCore& c = *cores_[i];
    if (c.done) continue;
    events_.run_until(t);
    if (max_insts && insts >= max_insts) {
      res.kind = RunResult::Kind::InsnLimit;
      res.message = "stopped after " + std::to_string(insts) + " instructions (--max-insts)";
      break;
    }
    const uint64_t budget = max_insts ? std::min<uint64_t>(kSliceInsts, max_insts - insts) : kSliceInsts;
    const uint64_t before = core_insts(c);
    StopReason why = run_slice(c, std::min(events_.next_time(), t + quantum_), budget);
    const uint64_t retired = core_insts(c) - before;
    insts += retired;
    if (timeline_) core_timelines_[i]->sample(c.now());
    if (failed_) {
      res.kind = RunResult::Kind::Exited;
      res.exit_code = failed_code_;
      if (failed_->slot != "host") res.message = failed_->name + " exited with status " + std::to_string(failed_code_);
      break;
    }
    if (c.done || why == StopReason::Exit) {
      c.done = true;
      --scheduled;
      if (finished()) break;
      continue;
    }
    if (why == StopReason::Fault || why == StopReason::Halt) {
      Hart& stopped = c.core->hart(c.core->stopped_hart());
      res.kind = RunResult::Kind::Fault;
      res.exit_code = why == StopReason::Fault ? fault_exit_status(stopped) : 128 + SIGILL;
      res.message = c.name + ": " +
                    (why == StopReason::Fault ? describe_fault(stopped)
                                              : "the core halted with interrupts disabled (MSR[POW] set, MSR[EE] clear)");
      break;
    }
    ready.push({c.now(), i});
    // Nothing can change any more: a full round of slices retired nothing, no device has anything
    // pending and no core waits for its own timer.
    idle_slices = retired == 0 && events_.empty() && !may_wake_itself(c) ? idle_slices + 1 : 0;
    if (idle_slices > 2 * scheduled) {
      res.kind = RunResult::Kind::Fault;
      res.exit_code = 128 + SIGILL;
      res.message = "every core waits and no device has anything pending (deadlock): ";
      for (NodeCore* o : cores_)
        if (o->booted && !o->done) {
          char b[64];
          std::snprintf(b, sizeof b, "%s at 0x%08x, ", o->name.c_str(), o->hart0().pc);
          res.message += b;
        }
      res.message.resize(res.message.size() - 2);
      break;
    }
  }
  if (res.kind == RunResult::Kind::Exited && !failed_) {
    // The exit code: the first non-zero host exit (there is none here), else 0.
    res.exit_code = 0;
  }
  for (NodeCore* c : cores_)
    if (c->booted && c->timing.model) c->timing.model->drain(c->hart0());
  if (timeline_)
    for (auto& t : core_timelines_) t->close(now());
  res.instructions = insts;
  return res;
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
    if (!c->booted) continue;
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
