// NIC firmware of the conventional NIC (PowerPC 440-class core, `pimnic mpirun --nic conv`): the
// MPI engine of firmware/mpi/nic with linked-list matching queues (matching_lists.cpp), or, linked
// as nic-conv-binned (`--nic conv-binned`), a binned posted queue (matching_bins.cpp). The main
// loop checks for work continually (seed section IV-B) and sleeps when there is none.
#include "../mpi/nic/engine.h"

namespace {
nic::Engine engine;  // queues and per-node state: .bss in the NIC SRAM
// Packet, staging and eager buffers: not cleared at start-up (their contents never matter).
alignas(32) uint8_t buffers[nic::Engine::kNoinitBytes] __attribute__((section(".noinit")));
}  // namespace

int main() {
  engine.init(buffers);
  for (;;)
    if (!engine.poll()) engine.idle();
}
