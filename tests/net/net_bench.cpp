// Network benchmark (docs/network.md): simulated microseconds per wall second and host bytes per
// node for a 16-node all-to-all and a 1,024-node ring, on the network alone (no cores).
//   all-to-all: in rounds, every node sends one packet to each of the other 15; a round starts
//               when the previous one has been delivered.
//   ring:       every node starts `tokens` packets towards node+1; each arrival forwards the
//               packet to the next node, so the ring stays busy for the whole run.
// Memory per node is the heap in use (glibc mallinfo2) after construction and after the run,
// divided by the node count. Not a test: the figures depend on the host.
#include <malloc.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "net/network.h"
#include "sim/event_queue.h"

using namespace pimnic;
using namespace pimnic::net;

namespace {

size_t heap_in_use() {
  struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;  // small chunks in the arena plus mmapped large blocks
}

struct Result {
  const char* name;
  unsigned nodes;
  unsigned payload;
  double sim_us, wall_s;
  uint64_t packets, events;
  double bytes_per_node_built, bytes_per_node_after;
};

void print(const Result& r) {
  std::printf("%-10s %6u nodes %5u B payload: %8.0f sim us in %6.3f wall s = %9.0f sim us/wall s, "
              "%6.2f M packets/wall s, %5.2f M events/wall s; host bytes/node %6.0f built, %6.0f after run\n",
              r.name, r.nodes, r.payload, r.sim_us, r.wall_s, r.sim_us / r.wall_s, double(r.packets) / r.wall_s / 1e6,
              double(r.events) / r.wall_s / 1e6, r.bytes_per_node_built, r.bytes_per_node_after);
}

Packet packet(unsigned src, unsigned dst, unsigned payload) {
  Packet p;
  p.src_node = src;
  p.dst_node = dst;
  p.payload.assign(payload, uint8_t(src));
  return p;
}

Result all_to_all(unsigned nodes, unsigned payload, Tick sim_time) {
  size_t heap0 = heap_in_use();
  EventQueue q;
  NetworkConfig cfg;
  cfg.nodes = nodes;
  Network net(cfg, q);
  uint64_t outstanding = 0;
  auto round = [&] {
    for (unsigned d = 1; d < nodes; ++d)
      for (unsigned s = 0; s < nodes; ++s) net.send(packet(s, (s + d) % nodes, payload));
    outstanding = uint64_t(nodes) * (nodes - 1);
  };
  for (unsigned n = 0; n < nodes; ++n)
    net.attach(n, [&](Packet&&) {
      if (--outstanding == 0 && q.now() < sim_time) round();
    });
  size_t built = heap_in_use() - heap0;
  auto t0 = std::chrono::steady_clock::now();
  round();
  q.run_until(kMaxTick);
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  size_t after = heap_in_use() - heap0;
  return {"all-to-all", nodes, payload, double(q.now()) / 1e6, wall, net.packets_delivered(), q.events_run(),
          double(built) / nodes, double(after) / nodes};
}

Result ring(unsigned nodes, unsigned payload, unsigned tokens, Tick sim_time) {
  size_t heap0 = heap_in_use();
  EventQueue q;
  NetworkConfig cfg;
  cfg.nodes = nodes;
  Network net(cfg, q);
  for (unsigned n = 0; n < nodes; ++n)
    net.attach(n, [&, n](Packet&& p) {
      if (q.now() >= sim_time) return;
      p.src_node = n;
      p.dst_node = (n + 1) % nodes;
      net.send(std::move(p));
    });
  size_t built = heap_in_use() - heap0;
  auto t0 = std::chrono::steady_clock::now();
  for (unsigned t = 0; t < tokens; ++t)
    for (unsigned n = 0; n < nodes; ++n) net.send(packet(n, (n + 1) % nodes, payload));
  q.run_until(kMaxTick);
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  size_t after = heap_in_use() - heap0;
  return {"ring", nodes, payload, double(q.now()) / 1e6, wall, net.packets_delivered(), q.events_run(),
          double(built) / nodes, double(after) / nodes};
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  Tick scale = quick ? 10 : 1;
  std::printf("network alone: links 200 ns, 3 GB/s, switch latency 0, 32-byte headers\n");
  print(all_to_all(16, 4096, ns_to_ticks(20'000'000) / scale));
  print(all_to_all(16, 256, ns_to_ticks(2'000'000) / scale));
  print(ring(1024, 4096, 1, ns_to_ticks(2'000'000) / scale));
  print(ring(1024, 256, 4, ns_to_ticks(200'000) / scale));
  return 0;
}
