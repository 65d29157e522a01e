// A Linux user-mode process (`pimnic linux`) as a debug target: one thread, n0.host.c0t0. While
// gdb is attached the process is traced as under ptrace: every signal (a fault, kill, a timer;
// not SIGKILL, nor those gdb lists in QPassSignals) stops it before delivery ("Program received
// signal ..."), and the way gdb resumes says what becomes of it: passed (C: the handler runs, or
// the default action, e.g. the end of the process), discarded (c: a fault then repeats) or
// replaced by another signal.
#pragma once
#include "gdb/debug_target.h"
#include "gdb/server.h"
#include "linux/process.h"

namespace pimnic::gdb {

class LinuxTarget : public DebugTarget {
 public:
  explicit LinuxTarget(linux_user::LinuxProcess& p);
  ~LinuxTarget() override;

  StopReason run_hart(size_t i, uint64_t n) override;
  StopEvent classify(size_t i, StopReason why) override;
  void deliver_signal(size_t i, int gdb_signal) override;
  void set_attached(bool attached) override;
  void set_pass_signals(const std::vector<int>& gdb_signals) override;
  bool reset(std::string& error) override;
  std::string stats() override;

  linux_user::ProcessResult result() const;

 private:
  linux_user::LinuxProcess& proc_;
  bool insn_limit_ = false;
};

// `pimnic linux --gdb`: serve gdb on the process until it ends.
linux_user::ProcessResult debug_process(linux_user::LinuxProcess& p, const ServerOptions& options);

}  // namespace pimnic::gdb
