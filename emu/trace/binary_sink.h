// `--trace binary:FILE`: compact records for long runs (binary_format.h, docs/traces.md);
// `pimnic trace-dump FILE` turns them back into the commit text.
#pragma once
#include <memory>
#include <unordered_map>

#include "trace/output_stream.h"
#include "trace/trace_sink.h"

namespace pimnic::trace {

class BinarySink : public TraceSink {
 public:
  explicit BinarySink(std::unique_ptr<OutputStream> out);
  void record(const TraceRecord& r, const InsnInfo& info, bool accepted) override;
  void finish() override;

 private:
  struct ThreadState {
    bool started = false;
    uint32_t pc = 0;
    uint64_t icount = 0;
    int64_t cycle_delta = 0;
    unsigned vec_bytes = 0;
  };
  ThreadState& switch_to(const TraceRecord& r);
  void define(const TraceRecord& r, const InsnInfo& info);

  std::unique_ptr<OutputStream> out_;
  std::unordered_map<uint32_t, ThreadState> threads_;
  uint32_t current_ = ~0u;
  ThreadState* cur_ = nullptr;
  uint64_t count_ = 0;
};

}  // namespace pimnic::trace
