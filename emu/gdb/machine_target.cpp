#include "gdb/machine_target.h"

#include <csignal>
#include <cstdio>
#include <sstream>

#include "gdb/target_xml.h"
#include "sim/stats.h"

namespace pimnic::gdb {

SingleCoreTarget::SingleCoreTarget(SingleCoreMachine& m, const ElfImage& img, uint64_t max_insts,
                                   const StatRegistry* stats)
    : m_(m), img_(img), max_insts_(max_insts), stats_(stats) {
  Core& core = m.core();
  TargetProcess p;
  p.mem = &m.mem();
  p.dcaches = {&core.dcache()};
  p.layout = RegisterLayout::for_core(core.config());
  p.description = target_description(p.layout);
  processes_.push_back(std::move(p));
  const char* role = core.config().profile == "host" ? "host" : "nic";
  for (size_t i = 0; i < core.num_harts(); ++i)
    harts_.push_back({"n0." + std::string(role) + ".c0t" + std::to_string(i), &core.hart(i), 0, 0, i == 0, {}});
  finish_setup();
}

StopReason SingleCoreTarget::run_hart(size_t i, uint64_t n) {
  Hart& h = *harts_[i].hart;
  if (m_.exited()) return StopReason::Exit;
  if (insn_limit_stop(max_insts_, h.icount, n)) return StopReason::InsnLimit;
  return h.run(n);
}

StopEvent SingleCoreTarget::classify(size_t i, StopReason why) {
  Hart& h = *harts_[i].hart;
  StopEvent ev;
  ev.hart = i;
  if (why == StopReason::Exit || m_.exited()) {
    ev.kind = StopEvent::Kind::Exited;
    ev.exit_code = ev.status = h.exit_code;
    return ev;
  }
  if (why == StopReason::InsnLimit) {
    insn_limit_ = true;
    ev.kind = StopEvent::Kind::Exited;
    ev.exit_code = ev.status = kExitInsnLimit;
    ev.message = insn_limit_message(h.icount);
    return ev;
  }
  ev.kind = StopEvent::Kind::Signal;
  const FatalStop fatal = fatal_stop(why, h);  // Halt, or a Fault: an interrupt with no handler
  ev.message = fatal.message;
  ev.status = fatal.status;
  ev.signal = gdb_signal_from_host(ev.status - 128);
  return ev;
}

bool SingleCoreTarget::reset(std::string&) {
  m_.reset(img_);
  outcome_ = Outcome{};
  insn_limit_ = false;
  finish_setup();
  return true;
}

std::string SingleCoreTarget::stats() {
  if (!stats_) return {};
  std::ostringstream s;
  stats_->write_text(s);
  return s.str();
}

RunResult SingleCoreTarget::result() const {
  RunResult r;
  const StopEvent& f = final_event();
  r.instructions = m_.core().hart(0).icount;
  r.message = outcome_.message;
  r.exit_code = outcome_.status;
  if (f.kind == StopEvent::Kind::Exited && insn_limit_) {
    r.kind = RunResult::Kind::InsnLimit;
  } else if (f.kind == StopEvent::Kind::Exited) {
    r.kind = RunResult::Kind::Exited;
  } else {
    r.kind = RunResult::Kind::Fault;
  }
  return r;
}

RunResult debug_machine(SingleCoreMachine& m, const ElfImage& img, const ServerOptions& options,
                        uint64_t max_insts, const StatRegistry* stats) {
  SingleCoreTarget t(m, img, max_insts, stats);
  serve(t, options);
  return t.result();
}

}  // namespace pimnic::gdb
