// A hardware stream prefetcher for a cache level, after the one Intel documents for the Pentium 4
// and the NetBurst Xeons (IA-32 Intel Architecture Optimization Reference Manual, order 248966-013,
// April 2006, "Hardware Prefetching of Data"): two successive misses whose distance is below a
// trigger distance start a stream; the stream then stays a fixed distance ahead of the accesses
// that follow it; one stream per 4 KiB region, a few regions at once (least recently used
// replaced), never across a 4 KiB boundary; load and store streams alike. Forward streams only.
// It only decides which lines to fetch; the cache that owns it fetches them (cache.h).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace pimnic {
class ParamRegistry;
}

namespace pimnic::timing {

struct PrefetchConfig {
  uint32_t streams = 0;    // regions followed at once; 0: no prefetcher
  uint32_t ahead = 256;    // bytes the stream keeps ahead of the last access
  uint32_t trigger = 256;  // largest distance in bytes of two misses that starts a stream
  // "<prefix>.prefetch_streams", ".prefetch_ahead", ".prefetch_trigger".
  void declare(ParamRegistry& params, const std::string& prefix);
  void check(const std::string& prefix) const;
};

class StreamPrefetcher {
 public:
  static constexpr uint32_t kRegion = 4096;  // a stream never crosses a 4 KiB boundary

  StreamPrefetcher(const PrefetchConfig& cfg, uint32_t line_bytes);
  bool enabled() const { return !streams_.empty(); }
  // A demand access to the line at `line` (its address) that missed here or hit. Returns the
  // lines to fetch now as [first, end) in line addresses (empty: first == end).
  struct Range {
    uint32_t first = 0, end = 0;
  };
  Range observe(uint32_t line, bool missed);
  void reset();

 private:
  struct Stream {
    uint32_t region = ~0u;   // address / kRegion
    uint32_t last_miss = 0;  // line address of the last miss seen in the region
    uint32_t frontier = 0;   // the first line not yet prefetched
    bool trained = false;
    uint64_t used = 0;
  };
  PrefetchConfig cfg_;
  uint32_t line_;
  std::vector<Stream> streams_;
  uint64_t stamp_ = 0;
};

}  // namespace pimnic::timing
