// `--trace qemu:FILE`: the log `qemu-ppc-static -d in_asm,exec,cpu,nochain -singlestep -D FILE`
// writes, instruction by instruction, so that a Linux-mode run diffs line by line against
// qemu (scripts/qemu_trace_diff.py). Per instruction:
//   ----------------                       \  in_asm: only when qemu would translate the
//   IN: <symbol>                           |  instruction (first execution at that pc and
//   0x<pc>:  <word>  <capstone text>       |  MSR-derived flags, or again after a store to its
//   <blank>                                /  page), disassembled by Capstone as qemu does
//   Trace 0: 0x<host> [00000000/<pc>/<hflags>/00000201] <symbol>
//   NIP/MSR/TB/GPR00..GPR28/CR lines: the registers *before* the instruction; with the `fpu`
//   option (qemu's -d fpu) also FPR00..FPR28 and FPSCR.
// Fields that cannot agree with a qemu run are still printed in qemu's layout (host pointer,
// TB, MSR's FE0/FE1/IP bits, the pid in registers); the diff script masks them.
#pragma once
#include <array>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "trace/capstone_ppc.h"
#include "trace/output_stream.h"
#include "trace/qemu_symbols.h"
#include "trace/trace_sink.h"

namespace pimnic::trace {

class QemuSink : public TraceSink {
 public:
  QemuSink(std::unique_ptr<OutputStream> out, QemuSymbols symbols, bool fpu = false);
  void start(const Hart& h) override;
  void record(const TraceRecord& r, const InsnInfo& info, bool accepted) override;
  bool wants_rejected() const override { return true; }
  void finish() override { out_->finish(); }
  OutputStream* stream() override { return out_.get(); }

 private:
  // The registers qemu's -d cpu prints, captured after each instruction (= before the next).
  struct Snapshot {
    uint32_t lr = 0, ctr = 0, xer = 0, msr = 0, cr = 0, res = ~0u;
    uint64_t tb = 0;
    std::array<uint32_t, 32> gpr{};
    uint32_t fpscr = 0;
    std::array<uint64_t, 32> fpr{};
  };
  static Snapshot capture(const Hart& h);
  void note_stores(const TraceRecord& r);
  void print_in_asm(uint32_t pc, uint32_t word);
  void print_exec(const TraceRecord& r, const Snapshot& s);

  std::unique_ptr<OutputStream> out_;
  QemuSymbols symbols_;
  bool fpu_;
  CapstonePpc capstone_{true};
  std::unordered_map<const Hart*, Snapshot> before_;
  // qemu's translation cache, as far as it decides when "IN:" appears: translated (pc, flags),
  // and per page the pcs translated in it (a store to the page invalidates them).
  std::unordered_set<uint64_t> translated_;
  std::unordered_map<uint32_t, std::vector<uint64_t>> code_pages_;
};

}  // namespace pimnic::trace
