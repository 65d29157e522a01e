// Capacities of the NIC engine's rings: descriptors of the network port and of each DMA engine, and
// the largest packet payload its receive buffers hold. Powers of two (ring indices are masked). The
// firmware built on the engine sizes its own state around these (firmware/mpi/nic/config.h).
#pragma once
#include <cstdint>

namespace nic {

inline constexpr uint32_t kMaxFragment = 4096;      // largest packet payload used (the network may allow less)
inline constexpr uint32_t kRxRing = 8;              // receive descriptors given to the port
inline constexpr uint32_t kRxSpare = 6;             // buffers to swap in while a DMA drains a received one
inline constexpr uint32_t kTxRing = 32;             // transmit descriptors
inline constexpr uint32_t kDmaRing = 32;            // descriptors per DMA engine

}  // namespace nic
