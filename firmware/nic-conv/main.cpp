// NIC firmware of the conventional NIC (PowerPC 440-class core, `pimnic mpirun --nic conv`): the
// MPI engine of firmware/mpi/nic with linked-list matching queues (matching_lists.cpp), or, linked
// as nic-conv-binned (`--nic conv-binned`), a binned posted queue (matching_bins.cpp). The main
// loop checks for work continually (seed section IV-B) and sleeps when there is none. nic-conv
// also gives SRAM to the NIC-based reduction's slots (PIMNIC_NIC_REDUCTION; nic-conv-binned's
// bins leave no room for them, so its host library reduces on the host).
#include "../mpi/nic/engine.h"

namespace {
nic::Engine engine;  // queues and per-node state: .bss in the NIC SRAM
// Packet, staging and eager buffers: not cleared at start-up (their contents never matter).
alignas(32) uint8_t buffers[nic::Engine::kNoinitBytes] __attribute__((section(".noinit")));
#if PIMNIC_NIC_REDUCTION
nic::ReductionSlots reduction;
nic::ReductionSlots* const reduction_slots = &reduction;
#else
nic::ReductionSlots* const reduction_slots = nullptr;
#endif
}  // namespace

int main() {
  engine.init(buffers, reduction_slots);
  for (;;)
    if (!engine.poll()) engine.idle();
}
