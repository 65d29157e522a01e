// The one-core machine of `pimnic run` as a debug target: its core's hardware threads are
// n0.host.c0t<i> (host profile) or n0.nic.c0t<i> (nic and pim cores, which sit on the NIC); only
// thread 0 starts, at the image's entry.
#pragma once
#include <cstdint>

#include "gdb/debug_target.h"
#include "gdb/server.h"
#include "machine/single_core_machine.h"

namespace pimnic {
class StatRegistry;
}

namespace pimnic::gdb {

class SingleCoreTarget : public DebugTarget {
 public:
  // max_insts: 0 for no limit (else the run ends as --max-insts says). stats may be null.
  SingleCoreTarget(SingleCoreMachine& m, const ElfImage& img, uint64_t max_insts, const StatRegistry* stats);

  StopReason run_hart(size_t i, uint64_t n) override;
  StopEvent classify(size_t i, StopReason why) override;
  bool reset(std::string& error) override;
  std::string stats() override;

  // How the run ended, as SingleCoreMachine::run reports it.
  RunResult result() const;

 private:
  SingleCoreMachine& m_;
  const ElfImage& img_;
  uint64_t max_insts_;
  const StatRegistry* stats_;
  bool insn_limit_ = false;
};

// `pimnic run --gdb`: serve gdb on the machine until the run ends.
RunResult debug_machine(SingleCoreMachine& m, const ElfImage& img, const ServerOptions& options,
                        uint64_t max_insts, const StatRegistry* stats);

}  // namespace pimnic::gdb
