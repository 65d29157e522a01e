// `--trace commit:FILE`: one text line per retired instruction (commit_format.h).
#pragma once
#include <memory>

#include "trace/output_stream.h"
#include "trace/trace_sink.h"

namespace pimnic::trace {

struct KeyPrefixes;

class CommitSink : public TraceSink {
 public:
  explicit CommitSink(std::unique_ptr<OutputStream> out);
  void record(const TraceRecord& r, const InsnInfo& info, bool accepted) override;
  void finish() override { out_->finish(); }
  OutputStream* stream() override { return out_.get(); }

 private:
  // A decimal number kept as text: consecutive values (the next instruction's count and cycle)
  // are a digit increment instead of a conversion.
  struct Counter {
    uint64_t value = 0;
    unsigned len = 1;
    char text[24] = {'0'};
    char* put(char* p, uint64_t v);
  };

  std::unique_ptr<OutputStream> out_;
  const KeyPrefixes* keys_;  // " r3=", " cr0=", ...
  uint32_t context_ = ~0u;  // TraceRecord::context of the prefix below
  unsigned prefix_len_ = 0;
  char prefix_[24];         // "node:core:thread "
  Counter cycle_, icount_;
};

}  // namespace pimnic::trace
