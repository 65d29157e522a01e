// The offload transport (firmware/mpi/host/transport/offload/offload_transport.*) and the NIC
// firmware without the MPI layer: rank 0 sends each size to rank 1, which sends it back; every byte
// is checked. Then a 0-byte ping-pong measures the one-way latency in simulated time. Usage:
// transport_pingpong [ITERATIONS [latency]] (latency: only the ping-pong). Prints one line per size
// ("size N: ok") and "latency_us X".
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vector>

#include "transport/transport.h"

using namespace pimnic::mpi;

namespace {
void wait(Transport* t, Operation& op) {
  while (!op.done()) t->progress(true);
}
}  // namespace

int main(int argc, char** argv) {
  const char* why = nullptr;
  Transport* t = open_transport(&why);
  if (!t) {
    fprintf(stderr, "transport_pingpong: %s\n", why);
    return 1;
  }
  const int me = t->rank(), peer = 1 - me;
  const int iterations = argc > 1 ? atoi(argv[1]) : 100;
  const unsigned sizes[] = {0, 1, 100, 4095, 4096, 4097, 8192, 8193, 100000, 1u << 20, 4u << 20};
  const bool latency_only = argc > 2 && !strcmp(argv[2], "latency");
  for (unsigned size : sizes) {
    if (latency_only) break;
    std::vector<unsigned char> out(size + 1), in(size + 1, 0xEE);
    for (unsigned i = 0; i < size; ++i) out[i] = (unsigned char)(i * 131 + size);
    Operation s, r;
    if (me == 0) {
      t->send(s, out.data(), size, peer, 7, 3, SendMode::Standard);
      t->recv(r, in.data(), size, peer, 8, 3);
      wait(t, s);
      wait(t, r);
      const bool ok = r.found.bytes == size && r.found.source == peer && r.found.tag == 8 && !r.truncated &&
                      !memcmp(in.data(), out.data(), size) && in[size] == 0xEE;
      printf("size %u: %s\n", size, ok ? "ok" : "CORRUPT");
    } else {
      t->recv(r, in.data(), size, kAnySource, kAnyTag, 3);
      wait(t, r);
      t->send(s, in.data(), r.found.bytes, r.found.source, 8, 3, SendMode::Standard);
      wait(t, s);
    }
  }
  char b[1];
  double start = 0;
  for (int i = 0; i <= iterations; ++i) {
    if (i == 1) start = t->wtime();
    Operation s, r;
    if (me == 0) {
      t->recv(r, b, 0, peer, 6, 0);
      t->send(s, b, 0, peer, 5, 0, SendMode::Standard);
      wait(t, s);
      wait(t, r);
    } else {
      t->recv(r, b, 0, peer, 5, 0);
      wait(t, r);
      t->send(s, b, 0, peer, 6, 0, SendMode::Standard);
      wait(t, s);
    }
  }
  if (me == 0) printf("latency_us %.4f\n", (t->wtime() - start) * 1e6 / iterations / 2);
  t->finalize();
  return 0;
}
