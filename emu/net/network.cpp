#include "net/network.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pimnic::net {

namespace {
constexpr unsigned kMaxNodes = 1u << 20;
constexpr unsigned kMaxPayloadLimit = 1u << 30;
}  // namespace

void NetworkConfig::validate() const {
  auto bad = [](const std::string& what) { throw std::invalid_argument("network: " + what); };
  if (nodes < 1 || nodes > kMaxNodes)
    bad("nodes must be between 1 and " + std::to_string(kMaxNodes) + " (got " + std::to_string(nodes) + ")");
  if (link_latency == 0) bad("link_latency must be > 0 ps (it is the lookahead of a partitioned run)");
  if (!(link_bandwidth > 0) || !std::isfinite(link_bandwidth))
    bad("link_bandwidth must be a positive number of bytes/s (got " + std::to_string(link_bandwidth) + ")");
  if (max_payload > kMaxPayloadLimit)
    bad("max_payload must be at most " + std::to_string(kMaxPayloadLimit) + " bytes (got " + std::to_string(max_payload) + ")");
}

void NetworkConfig::declare(ParamRegistry& p, const std::string& prefix) {
  p.declare(prefix + ".nodes", nodes, nodes, "number of nodes on the switch (1 to 1048576; one node's packets loop back through it)");
  p.declare(prefix + ".link_latency_ps", link_latency, link_latency,
            "wire latency of every link in picoseconds (> 0; the lookahead of a partitioned run)");
  p.declare(prefix + ".link_bandwidth", link_bandwidth, link_bandwidth, "bandwidth of every link in bytes/s (> 0)");
  p.declare(prefix + ".switch_latency_ps", switch_latency, switch_latency,
            "time for a fully received packet to cross the switch fabric, in picoseconds");
  p.declare(prefix + ".packet_overhead_bytes", packet_overhead_bytes, packet_overhead_bytes,
            "framing bytes per packet on the wire in addition to the 32-byte header");
  p.declare(prefix + ".max_payload", max_payload, max_payload, "largest packet payload in bytes");
  p.declare(prefix + ".per_port_stats_max_nodes", per_port_stats_max_nodes, per_port_stats_max_nodes,
            "register per-link and per-port statistics only for networks of at most this many nodes");
}

Network::Network(const NetworkConfig& config, EventQueue& events)
    : cfg_((config.validate(), config)), events_(events), switch_(events, config.nodes, config.switch_latency) {
  up_.reserve(cfg_.nodes);
  down_.reserve(cfg_.nodes);
  nodes_.resize(cfg_.nodes);
  for (unsigned n = 0; n < cfg_.nodes; ++n) {
    up_.emplace_back(events, uplink_id(n), cfg_.link_latency, cfg_.link_bandwidth, cfg_.packet_overhead_bytes);
    down_.emplace_back(events, downlink_id(n), cfg_.link_latency, cfg_.link_bandwidth, cfg_.packet_overhead_bytes);
  }
  for (unsigned n = 0; n < cfg_.nodes; ++n) {
    up_[n].set_deliver([this](Packet&& p) { switch_.arrive(std::move(p)); });
    up_[n].set_wire_hook(&on_wire);
    down_[n].set_deliver([this, n](Packet&& p) { deliver(n, std::move(p)); });
    down_[n].set_wire_hook(&on_wire);
    switch_.connect_output(n, &down_[n]);
  }
}

void Network::attach(unsigned node, Deliver deliver) {
  if (node >= cfg_.nodes)
    throw std::invalid_argument("network: attach to unknown node " + std::to_string(node) + " (nodes = " +
                                std::to_string(cfg_.nodes) + ")");
  nodes_[node] = std::move(deliver);
}

void Network::check(const Packet& p) const {
  if (p.src_node >= cfg_.nodes)
    throw std::invalid_argument("network: unknown source node " + std::to_string(p.src_node) + " (nodes = " +
                                std::to_string(cfg_.nodes) + ")");
  if (p.dst_node >= cfg_.nodes)
    throw std::invalid_argument("network: unknown destination node " + std::to_string(p.dst_node) + " (nodes = " +
                                std::to_string(cfg_.nodes) + ")");
  if (!nodes_[p.dst_node])
    throw std::invalid_argument("network: destination node " + std::to_string(p.dst_node) + " has nothing attached");
  if (p.payload.size() > cfg_.max_payload)
    throw std::invalid_argument("network: payload of " + std::to_string(p.payload.size()) +
                                " bytes exceeds max_payload " + std::to_string(cfg_.max_payload));
}

uint64_t Network::send(Packet p) {
  uint64_t id = next_id_;
  send_at(std::move(p), events_.now());
  return id;
}

Tick Network::send_at(Packet p, Tick when) {
  check(p);
  if (when < events_.now())
    throw std::invalid_argument("network: send_at time " + std::to_string(when) + " ps is before now (" +
                                std::to_string(events_.now()) + " ps)");
  p.id = next_id_++;
  p.sent_at = when;
  ++sent_;
  payload_sent_ += p.payload.size();
  unsigned src = p.src_node;
  return up_[src].transmit(std::move(p), when);
}

void Network::deliver(unsigned node, Packet&& p) {
  ++delivered_;
  payload_delivered_ += p.payload.size();
  Tick lat = events_.now() - p.sent_at;
  latency_sum_ += lat;
  latency_max_ = std::max(latency_max_, lat);
  nodes_[node](std::move(p));
}

Tick Network::unloaded_latency(uint64_t payload_bytes) const {
  Tick ser = up_[0].serialization_time(Packet::kHeaderBytes + payload_bytes + cfg_.packet_overhead_bytes);
  return 2 * cfg_.link_latency + cfg_.switch_latency + 2 * ser;
}

void Network::register_stats(StatRegistry& s, const std::string& prefix) {
  s.counter(prefix + "packets_sent", &sent_, "packets handed to the network");
  s.counter(prefix + "packets_delivered", &delivered_, "packets delivered to their destination node");
  s.counter(prefix + "payload_bytes_sent", &payload_sent_, "payload bytes handed to the network");
  s.counter(prefix + "payload_bytes_delivered", &payload_delivered_, "payload bytes delivered");
  s.formula(prefix + "packets_in_flight", [this] { return double(in_flight()); },
            "packets sent but not yet delivered", true);
  s.formula(prefix + "mean_latency_ns", [this] { return delivered_ ? double(latency_sum_) / double(delivered_) / 1e3 : 0.0; },
            "mean one-way packet latency (send to delivery), ns");
  s.formula(prefix + "max_latency_ns", [this] { return double(latency_max_) / 1e3; },
            "largest one-way packet latency (send to delivery), ns");
  auto sum = [](const std::vector<Link>& links, uint64_t (Link::*get)() const) {
    uint64_t t = 0;
    for (const Link& l : links) t += (l.*get)();
    return double(t);
  };
  s.formula(prefix + "links.bytes", [this, sum] { return sum(up_, &Link::bytes) + sum(down_, &Link::bytes); },
            "wire bytes on all links (each packet counts on its up-link and its down-link)", true);
  s.formula(prefix + "links.busy_ticks", [this, sum] { return sum(up_, &Link::busy_ticks) + sum(down_, &Link::busy_ticks); },
            "picoseconds all links together spent serializing", true);
  s.formula(prefix + "links.mean_utilization",
            [this, sum] {
              Tick now = events_.now();
              if (!now) return 0.0;
              return (sum(up_, &Link::busy_ticks) + sum(down_, &Link::busy_ticks)) / double(now) / double(2 * cfg_.nodes);
            },
            "busy fraction of simulated time, averaged over all links");
  bool per_port = cfg_.nodes <= cfg_.per_port_stats_max_nodes;
  switch_.register_stats(s, prefix + "switch.", per_port);
  if (!per_port) return;
  for (unsigned n = 0; n < cfg_.nodes; ++n) {
    up_[n].register_stats(s, prefix + "node" + std::to_string(n) + ".up.");
    down_[n].register_stats(s, prefix + "node" + std::to_string(n) + ".down.");
  }
}

}  // namespace pimnic::net
