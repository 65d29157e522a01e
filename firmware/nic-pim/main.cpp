// NIC firmware of the PIM NIC (two multithreaded PIM cores, `pimnic mpirun --nic pim`): the MPI
// engine of firmware/mpi/nic, run by thread 0 of the first PIM core, with the interleaved queues,
// walker threads and clean-up thread of matching_pim.cpp. The same protocol, flow control and
// progress as the conventional NIC (docs/mpi-protocol.md); docs/pim-nic.md has the threads.
#include "../mpi/nic/engine.h"
#include "matching_pim.h"

namespace {
nic::Engine engine;
alignas(32) uint8_t buffers[nic::Engine::kNoinitBytes] __attribute__((section(".noinit")));
}  // namespace

int main() {
  nic::pim::matching_init();
  engine.init(buffers);
  for (;;)
    if (!engine.poll()) engine.idle();
}
