#include "trace/commit_sink.h"

#include <cstring>

#include "trace/commit_format.h"
#include "trace/reg_values.h"

namespace pimnic::trace {

CommitSink::CommitSink(std::unique_ptr<OutputStream> out) : out_(std::move(out)) {
  out_->write(commit_header(), std::strlen(commit_header()));
}

void CommitSink::record(const TraceRecord& r, const InsnInfo& info, bool) {
  CommitLine l;
  l.node = r.node;
  l.core = r.core;
  l.thread = r.thread;
  l.cycle = r.cycle;
  l.icount = r.icount;
  l.pc = r.pc;
  if (r.fetched) {
    const std::string& t = r.insns->text(info);
    l.text = t.data();
    l.text_len = t.size();
  } else {
    l.text = fetch_fault_text();
    l.text_len = std::strlen(l.text);
  }
  RegValue regs[kMaxWrittenRegs];
  for (unsigned i = 0; i < r.nkeys; ++i) read_reg(*r.hart, r.keys[i], regs[i]);
  l.regs = regs;
  l.nregs = r.nkeys;
  if (r.exec) {
    l.mem = r.exec->mem;
    l.nmem = r.exec->nmem;
    l.mem_overflow = r.exec->mem_overflow;
  }
  l.interrupted = r.interrupted;
  l.interrupt = r.interrupt;
  char* p = out_->reserve(commit_line_max(l));
  out_->advance(format_commit_line(l, p));
}

}  // namespace pimnic::trace
