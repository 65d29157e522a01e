// NIC firmware of the conventional NIC (PowerPC 440-class core, `pimnic mpirun --nic conv`): the
// MPI engine of firmware/mpi/nic with linked-list matching queues (matching_lists.cpp). The main
// loop checks for work continually (seed section IV-B) and sleeps when there is none.
#include "../mpi/nic/engine.h"

namespace {
nic::Engine engine;  // about 300 KiB of queues and buffers: .bss in the NIC SRAM
}

int main() {
  engine.init();
  for (;;)
    if (!engine.poll()) engine.idle();
}
