// Reading a binary trace (binary_format.h) back as commit lines, for `pimnic trace-dump`.
// Plain, zstd- and gzip-compressed files are all accepted (told apart by their first bytes).
#pragma once
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "trace/commit_format.h"

namespace pimnic::trace {

class BinaryTraceReader {
 public:
  // Throws TraceError when the file cannot be read or is not a pimnic binary trace.
  explicit BinaryTraceReader(const std::string& path);
  // Read from an open file (closed by this reader); path names it in messages.
  BinaryTraceReader(std::FILE* f, const std::string& path);
  ~BinaryTraceReader();
  // The next instruction as a commit line (pointing into this reader until the next call);
  // false after the end record or at the end of the file. Throws TraceError when malformed.
  bool next(CommitLine& line);
  // Whether the end record was seen (otherwise the run was cut short).
  bool complete() const { return complete_; }
  uint64_t records() const { return records_; }

 private:
  bool fill(size_t n);  // make n bytes available; false at a clean end of file
  void need(size_t n);  // as fill, but the end of the file is an error
  uint8_t u8() { need(1); return uint8_t(buf_[pos_++]); }
  template <typename T> T le();
  uint64_t uleb();
  int64_t sleb();

  std::string path_;
  struct CloseFile {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::unique_ptr<std::FILE, CloseFile> f_;  // closed also when the constructor throws
  struct Decoder;  // the decompressor, if the file is compressed
  struct ZstdDecoder;
  struct GzipDecoder;
  std::unique_ptr<Decoder> z_;
  std::vector<char> buf_;
  size_t pos_ = 0, end_ = 0;
  bool eof_ = false;

  struct ThreadState {
    uint32_t pc = 0;
    uint64_t icount = 0;
    int64_t cycle_delta = 0;
    unsigned vec_bytes = 0;
  };
  std::map<std::tuple<uint16_t, uint8_t, uint8_t>, ThreadState> threads_;
  ThreadState* cur_ = nullptr;
  uint16_t node_ = 0;
  uint8_t core_ = 0, thread_ = 0;
  std::unordered_map<uint64_t, std::string> defs_;  // node:core:thread:pc -> text
  uint64_t def_bytes_ = 0;
  static constexpr uint64_t kMaxDefBytes = 256ull << 20;
  static constexpr size_t kMaxThreads = size_t(1) << 20;
  RegValue regs_[kMaxWrittenRegs];
  MemAccess mem_[ExecRecord::kMaxAccesses];
  bool complete_ = false;
  uint64_t records_ = 0;
};

}  // namespace pimnic::trace
