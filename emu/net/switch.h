// A crossbar switch with N ports and output queueing: a packet fully received on an input port
// (store-and-forward) crosses the fabric in `switch_latency`, joins the FIFO of the output port of
// its destination node (port i leads to node i), and leaves on that port's output link when the
// link is free. Inputs never block each other (no head-of-line blocking); queues are unbounded.
//
// Ordering is deterministic: packets enter an output FIFO in the order the event kernel delivers
// their arrivals, which is (time, priority, scheduling sequence), so equal-time arrivals from
// different inputs are served in arrival sequence, never by pointer or hash order.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "net/fifo.h"
#include "net/link.h"
#include "net/packet.h"
#include "sim/clock.h"
#include "sim/event_queue.h"
#include "sim/stats.h"

namespace pimnic::net {

class Switch {
 public:
  Switch(EventQueue& events, unsigned ports, Tick switch_latency = 0);
  Switch(const Switch&) = delete;
  Switch& operator=(const Switch&) = delete;

  // The link leaving output port `port` (owned by the caller, must outlive the switch).
  void connect_output(unsigned port, Link* link) { ports_.at(port).link = link; }
  // A packet fully received on some input port; routed to output port p.dst_node.
  void arrive(Packet&& p);

  unsigned ports() const { return unsigned(ports_.size()); }
  Tick latency() const { return latency_; }
  // Per output port. Queue depth counts the packets waiting plus the one on the output wire.
  uint64_t packets(unsigned port) const { return ports_.at(port).packets; }
  uint64_t max_queue_depth(unsigned port) const { return ports_.at(port).max_depth; }
  uint64_t queue_depth(unsigned port) const;  // now
  // Time-averaged depth over [0, now].
  double mean_queue_depth(unsigned port) const;
  uint64_t total_packets() const { return total_packets_; }
  uint64_t max_queue_depth() const;  // over all ports
  double mean_queue_depth() const;   // time-averaged, averaged over ports

  // <prefix>packets, max_queue_depth, mean_queue_depth; per port too when per_port is true
  // (<prefix>port<i>.packets, ...).
  void register_stats(StatRegistry& stats, const std::string& prefix, bool per_port) const;

 private:
  struct OutputPort {
    Link* link = nullptr;
    Fifo<Packet> waiting;
    double area = 0;        // integral of depth over time (packet-picoseconds) up to last_change
    Tick last_change = 0;
    uint64_t depth = 0;     // waiting + on the wire, as of last_change
    uint64_t max_depth = 0;
    uint64_t packets = 0;
    bool drain_pending = false;
  };
  void enqueue(Packet&& p);
  void drain(unsigned port);
  // The depth integral of a port brought up to `now`, including a wire that went idle on its own.
  struct Settled {
    double area;
    Tick last;
    uint64_t depth;
  };
  static Settled settled(const OutputPort& o, Tick now);
  static void settle(OutputPort& o, Tick now);

  EventQueue* events_;
  Tick latency_;
  std::vector<OutputPort> ports_;
  Fifo<Packet> fabric_;  // packets crossing the fabric (all take `latency_`, so FIFO order holds)
  uint64_t total_packets_ = 0;
};

}  // namespace pimnic::net
