// A Linux user-mode process (`pimnic linux`) as a debug target: one thread, n0.host.c0t0. A fault
// that would kill the process stops it with the signal instead, as under a native gdb; resuming
// with that signal (gdb's default for SIGSEGV and friends) then ends the process.
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
  bool reset(std::string& error) override;
  std::string stats() override;

  linux_user::ProcessResult result() const;

 private:
  linux_user::LinuxProcess& proc_;
  int fault_signal_ = 0;  // host signal of the fault the hart stopped at
  std::string fault_message_;
  bool insn_limit_ = false;
};

// `pimnic linux --gdb`: serve gdb on the process until it ends.
linux_user::ProcessResult debug_process(linux_user::LinuxProcess& p, const ServerOptions& options);

}  // namespace pimnic::gdb
