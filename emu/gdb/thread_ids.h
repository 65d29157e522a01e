// Thread ids of the remote protocol: "p<pid>.<tid>" when multiprocess is negotiated, else "<tid>";
// -1 means all and 0 means any. gdb thread = hart index + 1, gdb process = process index + 1.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pimnic::gdb {

struct ThreadId {
  int64_t pid = -1;  // -1: all (or not given)
  int64_t tid = -1;  // -1: all, 0: any
};

std::optional<ThreadId> parse_thread_id(std::string_view s);
std::string format_thread_id(bool multiprocess, unsigned pid, unsigned tid);

}  // namespace pimnic::gdb
