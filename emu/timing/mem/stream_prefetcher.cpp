#include "timing/mem/stream_prefetcher.h"

#include <algorithm>
#include <stdexcept>

#include "sim/params.h"

namespace pimnic::timing {

void PrefetchConfig::declare(ParamRegistry& p, const std::string& prefix) {
  p.declare(prefix + ".prefetch_streams", streams, streams,
            "4 KiB regions the stream prefetcher follows at once (0: no prefetcher)");
  p.declare(prefix + ".prefetch_ahead", ahead, ahead, "bytes a prefetch stream stays ahead of the accesses");
  p.declare(prefix + ".prefetch_trigger", trigger, trigger,
            "largest distance in bytes between two misses that starts a prefetch stream");
}

void PrefetchConfig::check(const std::string& prefix) const {
  if (streams > 64) throw std::invalid_argument(prefix + ": prefetch_streams must be at most 64");
  if (streams && (ahead == 0 || ahead >= StreamPrefetcher::kRegion))
    throw std::invalid_argument(prefix + ": prefetch_ahead must be between 1 and 4095 bytes");
  if (streams && (trigger == 0 || trigger >= StreamPrefetcher::kRegion))
    throw std::invalid_argument(prefix + ": prefetch_trigger must be between 1 and 4095 bytes");
}

StreamPrefetcher::StreamPrefetcher(const PrefetchConfig& cfg, uint32_t line_bytes)
    : cfg_(cfg), line_(line_bytes), streams_(cfg.streams) {}

void StreamPrefetcher::reset() {
  std::fill(streams_.begin(), streams_.end(), Stream{});
  stamp_ = 0;
}

StreamPrefetcher::Range StreamPrefetcher::observe(uint32_t line, bool missed) {
  const uint32_t region = line / kRegion;
  auto s = std::find_if(streams_.begin(), streams_.end(), [&](const Stream& x) { return x.region == region; });
  if (s == streams_.end()) {
    if (!missed) return {};
    // A miss in a region no stream follows: it replaces the least recently used stream.
    s = std::min_element(streams_.begin(), streams_.end(), [](const Stream& a, const Stream& b) { return a.used < b.used; });
    *s = Stream{region, line, line + line_, false, ++stamp_};
    return {};
  }
  s->used = ++stamp_;
  if (!s->trained) {
    if (!missed) return {};
    // The second miss, ahead of the first and close enough to it, starts the stream.
    s->trained = line > s->last_miss && line - s->last_miss <= cfg_.trigger;
    s->last_miss = line;
    if (!s->trained) return {};
  }
  const uint64_t region_end = uint64_t(region + 1) * kRegion;
  const uint32_t target = uint32_t(std::min<uint64_t>(uint64_t(line) + line_ + cfg_.ahead, region_end));
  const uint32_t first = std::max(s->frontier, line + line_);
  if (first >= target) return {};
  s->frontier = target;
  return {first, target};
}

}  // namespace pimnic::timing
