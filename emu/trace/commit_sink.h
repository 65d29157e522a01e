// `--trace commit:FILE`: one text line per retired instruction (commit_format.h).
#pragma once
#include <memory>

#include "trace/output_stream.h"
#include "trace/trace_sink.h"

namespace pimnic::trace {

class CommitSink : public TraceSink {
 public:
  explicit CommitSink(std::unique_ptr<OutputStream> out);
  void record(const TraceRecord& r, const InsnInfo& info, bool accepted) override;
  void finish() override { out_->finish(); }

 private:
  std::unique_ptr<OutputStream> out_;
};

}  // namespace pimnic::trace
