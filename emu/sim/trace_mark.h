// A trace marker (sdk pimnic/trace.h, devices/trace_marker.h): a label firmware gives a point of
// its run, or the beginning or end of a stretch of it, shown in instruction traces and timelines.
#pragma once
#include <cstdint>
#include <string>

namespace pimnic {

struct TraceMark {
  enum class Kind : uint8_t { Instant, Begin, End } kind = Kind::Instant;
  std::string label;       // empty for End
  uint32_t value = 0;
  bool has_value = false;  // a value was given with it
};

inline const char* trace_mark_kind(TraceMark::Kind k) {
  return k == TraceMark::Kind::Begin ? "begin" : k == TraceMark::Kind::End ? "end" : "mark";
}

}  // namespace pimnic
