#include "net/switch.h"

#include <algorithm>
#include <stdexcept>

namespace pimnic::net {

Switch::Switch(EventQueue& events, unsigned ports, Tick switch_latency)
    : events_(&events), latency_(switch_latency), ports_(ports) {
  if (ports < 1) throw std::invalid_argument("switch: needs at least 1 port");
}

void Switch::arrive(Packet&& p) {
  if (p.dst_node >= ports_.size())
    throw std::invalid_argument("switch: no port for destination node " + std::to_string(p.dst_node));
  if (latency_ == 0) return enqueue(std::move(p));
  fabric_.push(std::move(p));
  events_->schedule_in(latency_, [this] { enqueue(fabric_.pop()); }, kPrioDeviceUpdate, "net.switch.fabric");
}

Switch::Settled Switch::settled(const OutputPort& o, Tick now) {
  Settled s{o.area, o.last_change, o.depth};
  if (s.depth == 1 && o.waiting.empty() && o.link && o.link->busy_until() <= now) {
    // The last packet finished serializing at busy_until, which is no event: account for it here.
    Tick done = std::max(o.link->busy_until(), s.last);
    s.area += double(done - s.last);
    s.last = done;
    s.depth = 0;
  }
  s.area += double(s.depth) * double(now - s.last);
  s.last = now;
  return s;
}

void Switch::settle(OutputPort& o, Tick now) {
  Settled s = settled(o, now);
  o.area = s.area;
  o.last_change = s.last;
  o.depth = s.depth;
}

void Switch::enqueue(Packet&& p) {
  unsigned port = p.dst_node;
  OutputPort& o = ports_[port];
  if (!o.link) throw std::logic_error("switch: output port " + std::to_string(port) + " has no link");
  Tick now = events_->now();
  settle(o, now);
  ++o.packets;
  ++total_packets_;
  if (o.waiting.empty() && o.link->busy_until() <= now) {
    o.link->transmit(std::move(p));
    o.depth = 1;
  } else {
    o.waiting.push(std::move(p));
    ++o.depth;
    if (!o.drain_pending) {
      o.drain_pending = true;
      events_->schedule(o.link->busy_until(), [this, port] { drain(port); }, kPrioDeviceUpdate, "net.switch.drain");
    }
  }
  o.max_depth = std::max(o.max_depth, o.depth);
}

void Switch::drain(unsigned port) {
  OutputPort& o = ports_[port];
  settle(o, events_->now());
  // The packet on the wire has finished; the head of the queue takes its place.
  --o.depth;
  o.link->transmit(o.waiting.pop());
  if (!o.waiting.empty())
    events_->schedule(o.link->busy_until(), [this, port] { drain(port); }, kPrioDeviceUpdate, "net.switch.drain");
  else
    o.drain_pending = false;
}

uint64_t Switch::queue_depth(unsigned port) const {
  return settled(ports_.at(port), events_->now()).depth;
}

double Switch::mean_queue_depth(unsigned port) const {
  Tick now = events_->now();
  return now ? settled(ports_.at(port), now).area / double(now) : 0.0;
}

uint64_t Switch::max_queue_depth() const {
  uint64_t m = 0;
  for (const auto& o : ports_) m = std::max(m, o.max_depth);
  return m;
}

double Switch::mean_queue_depth() const {
  Tick now = events_->now();
  if (!now) return 0.0;
  double area = 0;
  for (const auto& o : ports_) area += settled(o, now).area;
  return area / double(now) / double(ports_.size());
}

void Switch::register_stats(StatRegistry& stats, const std::string& prefix, bool per_port) const {
  stats.counter(prefix + "packets", &total_packets_, "packets forwarded by the switch");
  stats.formula(prefix + "max_queue_depth", [this] { return double(max_queue_depth()); },
                "deepest output queue seen (packets waiting + the one on the wire)", true);
  stats.formula(prefix + "mean_queue_depth", [this] { return mean_queue_depth(); },
                "output queue depth averaged over simulated time and over ports");
  if (!per_port) return;
  for (unsigned i = 0; i < ports_.size(); ++i) {
    std::string p = prefix + "port" + std::to_string(i) + ".";
    stats.counter(p + "packets", &ports_[i].packets, "packets forwarded to this output port");
    stats.counter(p + "max_queue_depth", &ports_[i].max_depth, "deepest queue at this output port (waiting + on the wire)");
    stats.formula(p + "mean_queue_depth", [this, i] { return mean_queue_depth(i); },
                  "queue depth at this output port averaged over simulated time");
  }
}

}  // namespace pimnic::net
