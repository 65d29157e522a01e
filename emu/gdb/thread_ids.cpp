#include "gdb/thread_ids.h"

#include "gdb/hex.h"

namespace pimnic::gdb {

namespace {
std::optional<int64_t> parse_part(std::string_view s) {
  if (s == "-1") return -1;
  auto v = parse_hex(s);
  if (!v || *v > 0x7FFFFFFF) return std::nullopt;
  return int64_t(*v);
}
}  // namespace

std::optional<ThreadId> parse_thread_id(std::string_view s) {
  ThreadId id;
  if (!s.empty() && s[0] == 'p') {
    s.remove_prefix(1);
    std::string_view pid = take_until(s, '.');
    auto p = parse_part(pid);
    if (!p) return std::nullopt;
    id.pid = *p;
    if (s.empty()) return id;  // "pPID": every thread of the process
  }
  auto t = parse_part(s);
  if (!t) return std::nullopt;
  id.tid = *t;
  return id;
}

std::string format_thread_id(bool multiprocess, unsigned pid, unsigned tid) {
  return multiprocess ? "p" + hex_number(pid) + "." + hex_number(tid) : hex_number(tid);
}

}  // namespace pimnic::gdb
