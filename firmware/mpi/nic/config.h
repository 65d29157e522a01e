// Capacities of the NIC side of the offloaded MPI (seed pim-nic-mpi-matching, section IV), chosen
// to fit the 384 KiB NIC SRAM of Table I with the firmware image and its stack (the totals are
// checked at link time: see firmware/nic-conv/CMakeLists.txt). docs/mpi-protocol.md explains each.
#pragma once
#include <cstdint>

#include "../../nic-engine/capacities.h"  // the port's and DMA engines' rings, kMaxFragment

namespace nic {

inline constexpr uint32_t kCmdEntries = 128;        // host command ring (32-byte commands)
inline constexpr uint32_t kHostRequests = 1088;     // host operations held at once (sends, receives, probes)
inline constexpr uint32_t kUnexpected = 384;        // unexpected message headers
inline constexpr uint32_t kEagerChunk = 256;        // eager buffer granule
inline constexpr uint32_t kEagerChunks = 192;       // 48 KiB: unexpected eager data, sent eager data until acknowledged, early reduction contributions (16 KiB went to the NIC reduction: reduction.h)
inline constexpr uint32_t kStaging = 4;             // rendezvous fragments read from the host at once
#if defined(PIMNIC_PROFILE_PIM)
// The PIM NIC's SRAM also holds its interleaved queues and its threads' stacks (firmware/nic-pim).
inline constexpr uint32_t kMaxPeers = 256;          // nodes the per-peer state is sized for
inline constexpr uint32_t kMatchJobs = 32;          // arriving messages matched in the background at once
#else
inline constexpr uint32_t kMaxPeers = 1024;
inline constexpr uint32_t kMatchJobs = 1;           // (the conventional NIC matches each message as it arrives)
#endif
inline constexpr uint32_t kDefaultEagerLimit = 8192;  // messages up to this go eagerly (the host may lower it)
inline constexpr uint32_t kAckEvery = 8;            // accepted messages from a peer before an explicit ACK

}  // namespace nic
