#include "net/link.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pimnic::net {

Link::Link(EventQueue& events, unsigned id, Tick latency, double bandwidth, unsigned overhead_bytes)
    : events_(&events), latency_(latency), bandwidth_(bandwidth), id_(id), overhead_(overhead_bytes) {
  if (latency == 0) throw std::invalid_argument("link " + std::to_string(id) + ": link_latency must be > 0 ps");
  if (!(bandwidth > 0) || !std::isfinite(bandwidth))
    throw std::invalid_argument("link " + std::to_string(id) + ": link_bandwidth must be a positive number of bytes/s");
  ps_per_byte_ = double(kTicksPerSecond) / bandwidth;
}

Tick Link::serialization_time(uint64_t wire_bytes) const {
  // Rounded to the nearest picosecond; a non-empty packet always takes at least 1 ps.
  Tick t = Tick(std::llround(double(wire_bytes) * ps_per_byte_));
  return (t == 0 && wire_bytes != 0) ? 1 : t;
}

Tick Link::transmit(Packet&& p, Tick earliest) {
  uint64_t wire = p.wire_bytes(overhead_);
  Tick start = std::max({events_->now(), earliest, busy_until_});
  Tick ser = serialization_time(wire);
  Tick end = start + ser;
  busy_until_ = end;
  ++packets_;
  bytes_ += wire;
  busy_ticks_ += ser;
  if (hook_ && *hook_) (*hook_)(p, id_, start, end);
  in_flight_.push(std::move(p));
  events_->schedule(end + latency_, [this] { arrive(); }, kPrioDeviceUpdate, "net.link.arrive");
  return end;
}

void Link::arrive() {
  Packet p = in_flight_.pop();
  if (deliver_) deliver_(std::move(p));
}

void Link::register_stats(StatRegistry& stats, const std::string& prefix) const {
  stats.counter(prefix + "packets", &packets_, "packets transmitted on this link");
  stats.counter(prefix + "bytes", &bytes_, "wire bytes transmitted (header + payload + overhead)");
  stats.counter(prefix + "busy_ticks", &busy_ticks_, "picoseconds the link spent serializing packets");
  const EventQueue* ev = events_;
  stats.formula(prefix + "utilization", [this, ev] { return ev->now() ? double(busy_ticks_) / double(ev->now()) : 0.0; },
                "fraction of simulated time the link was busy");
}

}  // namespace pimnic::net
