// The network (emu/net, docs/network.md): links with busy-until serialization, the crossbar's
// output queues, end-to-end timing against values computed from the config, deterministic
// ordering, bad configurations, and a 4096-node network.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "net/link.h"
#include "net/network.h"
#include "sim/event_queue.h"
#include "sim/stats.h"

using namespace pimnic;
using namespace pimnic::net;

namespace {

// Serialization time in picoseconds, computed here from the definition (not by the link).
double ser_ps(double wire_bytes, double bandwidth) { return wire_bytes / bandwidth * 1e12; }

Packet make_packet(unsigned src, unsigned dst, size_t payload, uint8_t seed = 0) {
  Packet p;
  p.src_node = src;
  p.dst_node = dst;
  p.payload.resize(payload);
  for (size_t i = 0; i < payload; ++i) p.payload[i] = uint8_t(seed + i * 31);
  return p;
}

// The message of the std::invalid_argument that f throws ("" if none is thrown).
template <typename F>
std::string thrown(F f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_SUITE("net") {

TEST_CASE("net: one packet arrives after 2 link latencies + switch latency + 2 serializations") {
  EventQueue q;
  NetworkConfig cfg;
  cfg.nodes = 2;
  cfg.switch_latency = ns_to_ticks(50);
  cfg.packet_overhead_bytes = 16;
  cfg.max_payload = 1 << 20;
  Network net(cfg, q);
  std::vector<std::tuple<unsigned, Tick, Tick>> wire;
  net.on_wire = [&](const Packet&, unsigned link, Tick s, Tick e) { wire.emplace_back(link, s, e); };
  Tick arrived = 0;
  Packet got;
  net.attach(0, [](Packet&&) { FAIL("nothing is sent to node 0"); });
  net.attach(1, [&](Packet&& p) { arrived = q.now(), got = std::move(p); });

  Packet p = make_packet(0, 1, 1 << 20, 7);
  p.header[3] = 0xdeadbeef;
  std::vector<uint8_t> sent_payload = p.payload;
  q.advance_to(1000);
  CHECK(net.send(std::move(p)) == 0);
  q.run_until(kMaxTick);

  // 1 MiB + 32 header bytes + 16 overhead bytes at 3 GB/s: about 349.5 us per link.
  double ser = ser_ps(32 + (1 << 20) + 16, 3e9);
  double expected = 1000 + 2 * 200'000.0 + 50'000.0 + 2 * ser;
  CHECK(std::fabs(double(arrived) - expected) <= 2.0);
  CHECK(net.unloaded_latency(1 << 20) == arrived - 1000);
  CHECK(got.payload == sent_payload);
  CHECK(got.header[3] == 0xdeadbeef);
  CHECK(got.id == 0);
  CHECK(got.sent_at == 1000);
  CHECK(got.src_node == 0);
  // The timeline hook saw the up-link (id 0) then the down-link (id nodes + 1 = 3).
  REQUIRE(wire.size() == 2);
  CHECK(std::get<0>(wire[0]) == net.uplink_id(0));
  CHECK(std::get<1>(wire[0]) == 1000);
  CHECK(std::get<0>(wire[1]) == net.downlink_id(1));
  CHECK(std::get<0>(wire[1]) == 3);
  CHECK(std::get<1>(wire[1]) == std::get<2>(wire[0]) + 200'000 + 50'000);
  CHECK(std::get<2>(wire[1]) + 200'000 == arrived);
  CHECK(net.packets_delivered() == 1);
  CHECK(net.in_flight() == 0);
}

TEST_CASE("net: back-to-back packets on one link are serialized at the configured bandwidth") {
  SUBCASE("a bare link") {
    EventQueue q;
    Link link(q, 0, ns_to_ticks(200), 3e9);
    std::vector<Tick> arrivals;
    link.set_deliver([&](Packet&&) { arrivals.push_back(q.now()); });
    Tick free_at = 0;
    for (int i = 0; i < 3; ++i) free_at = link.transmit(make_packet(0, 1, 4064));  // 4096 wire bytes
    Tick s = link.serialization_time(4096);
    CHECK(std::fabs(double(s) - ser_ps(4096, 3e9)) <= 0.5);
    CHECK(free_at == 3 * s);
    CHECK(link.busy_until() == 3 * s);
    q.run_until(kMaxTick);
    CHECK(arrivals == std::vector<Tick>{s + 200'000, 2 * s + 200'000, 3 * s + 200'000});
    CHECK(link.packets() == 3);
    CHECK(link.bytes() == 3 * 4096);
    CHECK(link.busy_ticks() == 3 * s);
    // A packet handed over after the link went idle starts at once.
    q.advance_to(q.now() + 1'000'000);
    Tick t0 = q.now();
    CHECK(link.transmit(make_packet(0, 1, 0)) == t0 + link.serialization_time(32));
  }

  SUBCASE("through the network, measured at the receiver") {
    EventQueue q;
    NetworkConfig cfg;
    cfg.nodes = 2;
    Network net(cfg, q);
    StatRegistry stats;
    net.register_stats(stats, "net.");
    std::vector<std::pair<Tick, Tick>> up;  // up-link occupancy
    net.on_wire = [&](const Packet&, unsigned link, Tick s, Tick e) {
      if (link == net.uplink_id(0)) up.emplace_back(s, e);
    };
    std::vector<Tick> arrivals;
    uint64_t bytes = 0;
    net.attach(1, [&](Packet&& p) {
      arrivals.push_back(q.now());
      bytes += p.wire_bytes(net.config().packet_overhead_bytes);
    });
    net.attach(0, [](Packet&&) {});
    const int n = 2000;
    for (int i = 0; i < n; ++i) net.send(make_packet(0, 1, 4096));
    q.run_until(kMaxTick);
    REQUIRE(arrivals.size() == size_t(n));
    REQUIRE(up.size() == size_t(n));
    for (int i = 1; i < n; ++i) CHECK(up[i].first == up[i - 1].second);  // busy-until, no gaps
    // The receiver sees one packet per serialization time: bandwidth = bytes / time.
    double secs = double(arrivals.back() - arrivals.front()) / 1e12;
    double achieved = double(bytes - bytes / n) / secs;
    CHECK(std::fabs(achieved / 3e9 - 1.0) < 0.001);
    CHECK(stats.value("net.node0.up.packets") == n);
    CHECK(stats.value("net.node0.up.bytes") == double(n) * (4096 + 32));
    CHECK(stats.value("net.node1.down.packets") == n);
    CHECK(stats.value("net.packets_delivered") == n);
    CHECK(stats.value("net.payload_bytes_delivered") == double(n) * 4096);
    CHECK(stats.value("net.switch.max_queue_depth") == 1);  // the down-link keeps pace with the up-link
    CHECK(stats.value("net.node0.up.utilization") > 0.99);
  }
}

TEST_CASE("net: two senders to one destination queue at the switch output") {
  EventQueue q;
  NetworkConfig cfg;
  cfg.nodes = 3;
  Network net(cfg, q);
  StatRegistry stats;
  net.register_stats(stats, "net.");
  std::vector<std::pair<Tick, uint64_t>> got;
  for (unsigned n = 0; n < 3; ++n) net.attach(n, [&](Packet&& p) { got.emplace_back(q.now(), p.id); });
  CHECK(net.send(make_packet(0, 2, 4096)) == 0);
  CHECK(net.send(make_packet(1, 2, 4096)) == 1);
  q.run_until(kMaxTick);

  double ser = ser_ps(4096 + 32, 3e9);
  REQUIRE(got.size() == 2);
  CHECK(got[0].second == 0);  // equal arrival times at the switch: served in arrival sequence
  CHECK(got[1].second == 1);
  CHECK(std::fabs(double(got[0].first) - (2 * 200'000.0 + 2 * ser)) <= 2.0);
  // The second packet is delayed by exactly one serialization time.
  CHECK(got[1].first - got[0].first == net.link(net.downlink_id(2)).serialization_time(4096 + 32));
  CHECK(stats.value("net.switch.max_queue_depth") == 2);
  CHECK(stats.value("net.switch.port2.max_queue_depth") == 2);
  CHECK(stats.value("net.switch.port2.packets") == 2);
  CHECK(stats.value("net.switch.port0.packets") == 0);
  CHECK(stats.value("net.switch.packets") == 2);
  // Depth 2 for one serialization, 1 for the next, over [0, last arrival].
  double mean = stats.value("net.switch.port2.mean_queue_depth");
  CHECK(mean == doctest::Approx(3 * ser / double(q.now())).epsilon(1e-6));
  CHECK(net.crossbar().queue_depth(2) == 0);
}

TEST_CASE("net: a random all-to-all of 16 nodes is deterministic and delivers every packet once") {
  struct Arrival {
    Tick t;
    uint64_t id;
    unsigned node;
    bool operator==(const Arrival&) const = default;
  };
  const unsigned nodes = 16, per_node = 150;
  auto run = [&](uint64_t seed) {
    EventQueue q;
    NetworkConfig cfg;
    cfg.nodes = nodes;
    cfg.switch_latency = ns_to_ticks(30);
    cfg.packet_overhead_bytes = 8;
    Network net(cfg, q);
    std::vector<Arrival> log;
    std::vector<int> seen;
    uint64_t wire_events = 0;
    net.on_wire = [&](const Packet&, unsigned, Tick s, Tick e) { wire_events += (e > s); };
    std::mt19937_64 rng(seed);
    for (unsigned n = 0; n < nodes; ++n)
      net.attach(n, [&, n](Packet&& p) {
        CHECK(p.dst_node == n);
        // Payload intact: byte i is (seed + i * 31) with seed = header[0].
        bool ok = true;
        for (size_t i = 0; i < p.payload.size(); ++i) ok &= p.payload[i] == uint8_t(p.header[0] + i * 31);
        CHECK(ok);
        log.push_back({q.now(), p.id, n});
        if (seen.size() <= p.id) seen.resize(p.id + 1);
        ++seen[p.id];
        // A reply for every tenth packet: sends from inside delivery callbacks.
        if (p.id % 10 == 0) {
          Packet r = make_packet(n, p.src_node, 64, uint8_t(p.id));
          r.header[0] = uint8_t(p.id);
          net.send(std::move(r));
        }
      });
    for (unsigned i = 0; i < per_node; ++i)
      for (unsigned src = 0; src < nodes; ++src) {
        unsigned dst = unsigned(rng() % (nodes - 1));
        if (dst >= src) ++dst;
        uint8_t s = uint8_t(rng());
        Packet p = make_packet(src, dst, size_t(rng() % 4097), s);
        p.header[0] = s;
        Tick when = rng() % ns_to_ticks(20'000);
        net.send_at(std::move(p), when);
      }
    q.run_until(kMaxTick);
    CHECK(net.packets_delivered() == net.packets_sent());
    CHECK(wire_events == 2 * net.packets_sent());
    CHECK(seen.size() == net.packets_sent());
    bool once = true;
    for (int c : seen) once &= c == 1;
    CHECK(once);
    return log;
  };
  auto a = run(42), b = run(42);
  CHECK(a.size() > nodes * per_node);
  CHECK(a == b);
  for (size_t i = 1; i < a.size(); ++i) REQUIRE(a[i - 1].t <= a[i].t);
  CHECK_FALSE(a == run(43));
}

TEST_CASE("net: bad configurations and packets throw a one-line message naming the parameter") {
  EventQueue q;
  auto msg = [&](auto mutate) {
    NetworkConfig cfg;
    mutate(cfg);
    return thrown([&] { Network net(cfg, q); });
  };
  std::string m = msg([](NetworkConfig& c) { c.link_latency = 0; });
  CHECK(m.find("link_latency") != std::string::npos);
  CHECK(msg([](NetworkConfig& c) { c.link_bandwidth = 0; }).find("link_bandwidth") != std::string::npos);
  CHECK(msg([](NetworkConfig& c) { c.link_bandwidth = -3e9; }).find("link_bandwidth") != std::string::npos);
  CHECK(msg([](NetworkConfig& c) { c.link_bandwidth = NAN; }).find("link_bandwidth") != std::string::npos);
  CHECK(msg([](NetworkConfig& c) { c.link_bandwidth = INFINITY; }).find("link_bandwidth") != std::string::npos);
  CHECK(msg([](NetworkConfig& c) { c.nodes = 1; }).empty());  // a lone NIC loops back through the switch
  CHECK(msg([](NetworkConfig& c) { c.nodes = 0; }).find("nodes") != std::string::npos);
  CHECK(msg([](NetworkConfig&) {}).empty());
  CHECK(m.find('\n') == std::string::npos);
  CHECK(thrown([&] { Link l(q, 0, 0, 3e9); }).find("link_latency") != std::string::npos);
  CHECK(thrown([&] { Link l(q, 0, 1, 0.0); }).find("link_bandwidth") != std::string::npos);

  NetworkConfig cfg;
  cfg.nodes = 4;
  Network net(cfg, q);
  for (unsigned n = 0; n < 3; ++n) net.attach(n, [](Packet&&) {});
  CHECK(thrown([&] { net.send(make_packet(0, 4, 8)); }).find("unknown destination node 4") != std::string::npos);
  CHECK(thrown([&] { net.send(make_packet(9, 1, 8)); }).find("unknown source node 9") != std::string::npos);
  CHECK(thrown([&] { net.send(make_packet(0, 3, 8)); }).find("nothing attached") != std::string::npos);
  CHECK(thrown([&] { net.send(make_packet(0, 1, 4097)); }).find("max_payload") != std::string::npos);
  CHECK(thrown([&] { net.attach(4, [](Packet&&) {}); }).find("unknown node 4") != std::string::npos);
  CHECK(thrown([&] { net.send(make_packet(0, 1, 4096)); }).empty());  // the largest payload is fine
  q.advance_to(500);
  CHECK(thrown([&] { net.send_at(make_packet(0, 1, 8), 499); }).find("before now") != std::string::npos);
  CHECK(net.packets_sent() == 1);  // rejected packets take no id
  CHECK(net.next_id() == 1);
  CHECK(net.lookahead() == cfg.link_latency);
}

TEST_CASE("net: parameters are declared with defaults and set by name") {
  ParamRegistry params;
  NetworkConfig cfg;
  cfg.declare(params, "net");
  params.set("net.nodes", "64");
  params.set("net.link_latency_ps", "150000");
  params.set("net.link_bandwidth", "1.25e9");
  CHECK(cfg.nodes == 64);
  CHECK(cfg.link_latency == 150'000);
  CHECK(cfg.link_bandwidth == 1.25e9);
  CHECK(params.has("net.switch_latency_ps"));
  CHECK(params.has("net.max_payload"));
  CHECK_THROWS_AS(params.set("net.nodes", "many"), ParamError);
}

TEST_CASE("net: send_at keeps send order on an up-link and reports when the node's wire is free") {
  EventQueue q;
  NetworkConfig cfg;
  Network net(cfg, q);
  std::vector<uint64_t> order;
  net.attach(0, [](Packet&&) {});
  net.attach(1, [&](Packet&& p) { order.push_back(p.id); });
  Tick s = net.link(0).serialization_time(32 + 1000);
  CHECK(net.send_at(make_packet(0, 1, 1000), 10'000) == 10'000 + s);
  // Sent later for an earlier time: it waits behind the first (a FIFO transmit side).
  CHECK(net.send_at(make_packet(0, 1, 1000), 0) == 10'000 + 2 * s);
  CHECK(net.uplink_free_at(0) == 10'000 + 2 * s);
  q.run_until(kMaxTick);
  CHECK(order == std::vector<uint64_t>{0, 1});
}

TEST_CASE("net: 4096 nodes construct and move 10^4 packets") {
  EventQueue q;
  NetworkConfig cfg;
  cfg.nodes = 4096;
  Network net(cfg, q);
  StatRegistry stats;
  net.register_stats(stats, "net.");
  CHECK(stats.size() < 32);  // no per-port stats for thousands of nodes
  uint64_t got = 0, bytes = 0;
  for (unsigned n = 0; n < cfg.nodes; ++n)
    net.attach(n, [&, n](Packet&& p) {
      got += p.dst_node == n;
      bytes += p.payload.size();
    });
  std::mt19937_64 rng(1);
  uint64_t sent_bytes = 0;
  for (int i = 0; i < 10'000; ++i) {
    size_t len = rng() % 512;
    sent_bytes += len;
    net.send_at(make_packet(unsigned(rng() % 4096), unsigned(rng() % 4096), len), rng() % 1'000'000);
  }
  q.run_until(kMaxTick);
  CHECK(got == 10'000);
  CHECK(bytes == sent_bytes);
  CHECK(stats.value("net.packets_delivered") == 10'000);
  CHECK(stats.value("net.packets_in_flight") == 0);
  CHECK(stats.value("net.switch.packets") == 10'000);
}

}  // TEST_SUITE
