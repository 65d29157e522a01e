// The network of a machine: N nodes, each with an up-link to one crossbar switch and a down-link
// from it (a star). A packet goes node -> up-link -> switch (output queue) -> down-link -> the
// destination's deliver callback, at its arrival time. Unloaded one-way latency:
//   2 * link_latency + switch_latency + 2 * wire_bytes / link_bandwidth   (store-and-forward).
// Memory is O(N) (a few hundred bytes per node, no N x N tables). See docs/network.md.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "net/link.h"
#include "net/packet.h"
#include "net/switch.h"
#include "sim/clock.h"
#include "sim/event_queue.h"
#include "sim/params.h"
#include "sim/stats.h"

namespace pimnic::net {

struct NetworkConfig {
  unsigned nodes = 2;
  Tick link_latency = 200'000;        // 200 ns wire latency of every link
  double link_bandwidth = 3e9;        // bytes/s of every link
  Tick switch_latency = 0;            // fabric crossing time (0: the seed's model has only links)
  unsigned packet_overhead_bytes = 0; // framing bytes per packet on top of the 32-byte header
  unsigned max_payload = 4096;        // largest payload accepted by send()
  unsigned per_port_stats_max_nodes = 64;  // per-link/per-port stats only up to this many nodes

  // Throws std::invalid_argument with a one-line message naming the bad parameter.
  void validate() const;
  // Declares <prefix>.nodes, .link_latency_ps, .link_bandwidth, .switch_latency_ps,
  // .packet_overhead_bytes, .max_payload, .per_port_stats_max_nodes bound to this config.
  void declare(ParamRegistry& params, const std::string& prefix);
};

class Network {
 public:
  using Deliver = std::function<void(Packet&&)>;
  using WireHook = Link::WireHook;

  // Validates the config (std::invalid_argument). The network keeps a reference to `events`.
  Network(const NetworkConfig& config, EventQueue& events);
  Network(const Network&) = delete;
  Network& operator=(const Network&) = delete;

  // Where packets for `node` go, called at their arrival time (event priority kPrioDeviceUpdate).
  void attach(unsigned node, Deliver deliver);
  // Send now; returns the packet's id. Throws std::invalid_argument for an unknown or unattached
  // node or a payload above max_payload.
  uint64_t send(Packet p);
  // Hand the packet to its source node's up-link at `when` (>= now); returns the time its last
  // byte leaves the node. The up-link serves packets in the order they were sent, so a packet
  // never overtakes one sent before it from the same node. The id is next_id() before the call.
  Tick send_at(Packet p, Tick when);

  // Network totals, switch queue stats, and (when nodes <= per_port_stats_max_nodes) per link
  // and per port: <prefix>node<i>.up.*, <prefix>node<i>.down.*, <prefix>switch.port<i>.*.
  void register_stats(StatRegistry& stats, const std::string& prefix);
  const NetworkConfig& config() const { return cfg_; }
  // The minimum link latency: how far a partition of the machine may run ahead of another.
  Tick lookahead() const { return cfg_.link_latency; }

  // Optional timeline hook: a packet occupies link `link_id` during [start, end). Set it before
  // sending; an empty function costs nothing.
  WireHook on_wire;

  // Link ids: node n's up-link is n, its down-link nodes + n.
  unsigned uplink_id(unsigned node) const { return node; }
  unsigned downlink_id(unsigned node) const { return cfg_.nodes + node; }
  const Link& link(unsigned id) const { return id < cfg_.nodes ? up_.at(id) : down_.at(id - cfg_.nodes); }
  const Switch& crossbar() const { return switch_; }
  // When node's up-link is free again (its transmit side can start a new packet immediately).
  Tick uplink_free_at(unsigned node) const { return up_.at(node).busy_until(); }
  // One-way time of a packet with this payload through an idle network.
  Tick unloaded_latency(uint64_t payload_bytes) const;

  uint64_t next_id() const { return next_id_; }
  uint64_t packets_sent() const { return sent_; }
  uint64_t packets_delivered() const { return delivered_; }
  uint64_t payload_bytes_delivered() const { return payload_delivered_; }
  uint64_t in_flight() const { return sent_ - delivered_; }

 private:
  void check(const Packet& p) const;
  void deliver(unsigned node, Packet&& p);

  NetworkConfig cfg_;
  EventQueue& events_;
  std::vector<Link> up_, down_;
  Switch switch_;
  std::vector<Deliver> nodes_;
  uint64_t next_id_ = 0;
  uint64_t sent_ = 0, delivered_ = 0, payload_sent_ = 0, payload_delivered_ = 0;
  uint64_t latency_sum_ = 0, latency_max_ = 0;  // sent_at -> delivery, picoseconds
};

}  // namespace pimnic::net
