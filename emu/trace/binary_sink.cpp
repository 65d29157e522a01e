#include "trace/binary_sink.h"

namespace pimnic::trace {

using namespace binary_detail;

BinarySink::BinarySink(std::unique_ptr<OutputStream> out) : out_(std::move(out)) {
  char header[16];
  std::memcpy(header, binfmt::kMagic, 8);
  put_le<uint32_t>(header + 8, binfmt::kVersion);
  put_le<uint32_t>(header + 12, 0);
  out_->write(header, sizeof header);
}

BinarySink::ThreadState& BinarySink::switch_to(const TraceRecord& r) {
  const uint32_t key = r.context;
  if (key == current_) [[likely]] return *cur_;
  current_ = key;
  cur_ = &threads_[key];
  cur_->vec_bytes = r.hart ? r.hart->vec_bytes() : 0;
  char* p = out_->reserve(8);
  *p++ = char(binfmt::CONTEXT);
  p = put_le<uint16_t>(p, r.node);
  *p++ = char(r.core);
  *p++ = char(r.thread);
  *p++ = char(cur_->vec_bytes);
  out_->advance(p);
  return *cur_;
}

// The text of (pc, word) goes out before its first record, and again whenever the thread's
// cache slot was refilled (a new word at pc, or another pc in the slot).
void BinarySink::define(InsnInfoCache& insns, uint32_t pc, uint32_t word, const InsnInfo& info) {
  info.described |= describe_bit;
  const std::string& text = insns.text(info);
  const size_t len = std::min<size_t>(text.size(), 0xFFFF);
  char* p = out_->reserve(11 + len);
  *p++ = char(binfmt::DEF);
  p = put_le<uint32_t>(p, pc);
  p = put_le<uint32_t>(p, word);
  p = put_le<uint16_t>(p, uint16_t(len));
  p = put_str(p, text.data(), len);
  out_->advance(p);
}

void BinarySink::lane_prefix(uint32_t lane, std::string& out) {
  const char rec[6] = {char(binfmt::CONTEXT), char(lane >> 16), char(lane >> 24), char(lane >> 8), char(lane),
                       char(threads_[lane].vec_bytes)};
  out.assign(rec, sizeof rec);
}

void BinarySink::write_mark(const TraceMark& m) {
  const size_t len = std::min<size_t>(m.label.size(), 255);
  char* p = out_->reserve(8 + len);
  *p++ = char(binfmt::MARK);
  *p++ = char(m.kind);
  *p++ = char(m.has_value);
  p = put_le<uint32_t>(p, m.value);
  *p++ = char(len);
  p = put_str(p, m.label.data(), len);
  out_->advance(p);
}

void BinarySink::record(const TraceRecord& r, const InsnInfo& info, bool) {
  if (r.context != current_) [[unlikely]] switch_to(r);
  if (r.mark) [[unlikely]] write_mark(*r.mark);
  if (!(info.described & describe_bit)) [[unlikely]] {
    if (r.fetched) define(*r.insns, r.pc, r.word, info);
  }
  static const ExecRecord kNoExec{};
  write_exec(r.pc, r.icount, r.cycle, r.keys, r.nkeys, r.hart, r.exec ? *r.exec : kNoExec, r.interrupted,
             r.interrupt, r.fetched);
}

void BinarySink::finish() {
  char* p = out_->reserve(9);
  *p++ = char(binfmt::END);
  p = put_le<uint64_t>(p, count_);
  out_->advance(p);
  out_->finish();
}

}  // namespace pimnic::trace
