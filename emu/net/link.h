// A unidirectional link (SST-style): a wire latency fixed at construction and a bandwidth, with
// serialization as busy-until. A packet handed over at time t starts when the wire is free,
// start = max(t, busy_until), occupies it for wire_bytes / bandwidth, and arrives `latency`
// after its last byte left: arrival = start + serialization + latency. Only the arrival is an
// event; packets in flight wait in a FIFO (a link never reorders: arrivals are monotonic).
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "net/fifo.h"
#include "net/packet.h"
#include "sim/clock.h"
#include "sim/event_queue.h"
#include "sim/stats.h"

namespace pimnic::net {

class Link {
 public:
  using Deliver = std::function<void(Packet&&)>;
  // Called when a packet's transmission is decided: it occupies link `link_id` during [start, end).
  using WireHook = std::function<void(const Packet&, unsigned link_id, Tick start, Tick end)>;

  // Throws std::invalid_argument if latency is 0 or bandwidth (bytes/s) is not a positive finite number.
  Link(EventQueue& events, unsigned id, Tick latency, double bandwidth, unsigned overhead_bytes = 0);
  Link(Link&&) = default;

  // Where arriving packets go (called at the arrival time, from an event of priority kPrioDeviceUpdate).
  void set_deliver(Deliver deliver) { deliver_ = std::move(deliver); }
  // An optional hook owned elsewhere (it must outlive the link); an empty function is skipped.
  void set_wire_hook(const WireHook* hook) { hook_ = hook; }

  // Hand a packet to the link at max(now, earliest); returns the time its last byte leaves.
  Tick transmit(Packet&& p, Tick earliest = 0);

  Tick serialization_time(uint64_t wire_bytes) const;
  Tick latency() const { return latency_; }
  double bandwidth() const { return bandwidth_; }
  unsigned overhead_bytes() const { return overhead_; }
  unsigned id() const { return id_; }
  Tick busy_until() const { return busy_until_; }
  size_t in_flight() const { return in_flight_.size(); }

  uint64_t packets() const { return packets_; }
  uint64_t bytes() const { return bytes_; }            // wire bytes (header + payload + overhead)
  uint64_t busy_ticks() const { return busy_ticks_; }  // total serialization time
  // Registers <prefix>packets, bytes, busy_ticks, utilization.
  void register_stats(StatRegistry& stats, const std::string& prefix) const;

 private:
  void arrive();

  EventQueue* events_;
  const WireHook* hook_ = nullptr;
  Deliver deliver_;
  Fifo<Packet> in_flight_;
  Tick latency_;
  double ps_per_byte_;
  double bandwidth_;
  Tick busy_until_ = 0;
  uint64_t packets_ = 0, bytes_ = 0, busy_ticks_ = 0;
  unsigned id_;
  unsigned overhead_;
};

}  // namespace pimnic::net
