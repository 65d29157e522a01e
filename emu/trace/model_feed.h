// A trace sink that hands every record a traced run steps to the core's timing model
// (CoreModel::account), so that traces and timing see the same run: a timed core traced
// instruction by instruction takes the same simulated time as untraced.
#pragma once
#include "timing/core_model.h"
#include "trace/trace_sink.h"

namespace pimnic::trace {

class ModelFeed final : public TraceSink {
 public:
  explicit ModelFeed(timing::CoreModel* m) : m_(m) {}
  void record(const TraceRecord& r, const InsnInfo&, bool) override {
    if (r.exec && r.hart) m_->account(*const_cast<Hart*>(r.hart), *r.exec);
  }
  bool wants_rejected() const override { return true; }

 private:
  timing::CoreModel* m_;
};

}  // namespace pimnic::trace
