// NIC firmware of `pimnic mpirun --nic portals`: Portals 3.3 address translation on the NIC
// (portals_nic.h). The main loop checks every source of work and sleeps when there is none.
#include "portals_nic.h"

namespace {
ptlnic::PortalsNic engine;  // tables and state: .bss in the NIC SRAM
alignas(32) uint8_t buffers[ptlnic::PortalsNic::kNoinitBytes] __attribute__((section(".noinit")));
}  // namespace

int main() {
  engine.init(buffers);
  for (;;)
    if (!engine.poll()) engine.idle();
}
