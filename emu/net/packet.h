// A packet on the simulated network: who sent it, to whom, eight opaque header words that the NIC
// firmware interprets (the network never looks at them), and the payload bytes. The network
// assigns `id` (0, 1, 2, ... in send order) and `sent_at` when the packet is handed to it.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/clock.h"

namespace pimnic::net {

struct Packet {
  static constexpr unsigned kHeaderWords = 8;
  static constexpr unsigned kHeaderBytes = kHeaderWords * 4;

  // Which receiver on the destination NIC takes it: the network port (firmware's packets) or
  // the parcel engine (parcels and migrating threads).
  enum Channel : uint8_t { kPort = 0, kParcel = 1 };
  uint8_t channel = kPort;
  uint32_t src_node = 0, dst_node = 0;
  uint32_t header[kHeaderWords] = {};  // opaque words for firmware
  std::vector<uint8_t> payload;
  uint64_t id = 0;                     // assigned by the network, in send order
  Tick sent_at = 0;                    // when the packet was handed to the network

  // Bytes that occupy a wire: the 32 header bytes, the payload, and a per-packet overhead
  // (framing, CRC, routing bytes; NetworkConfig::packet_overhead_bytes).
  uint64_t wire_bytes(unsigned overhead_bytes = 0) const {
    return uint64_t(kHeaderBytes) + payload.size() + overhead_bytes;
  }
};

}  // namespace pimnic::net
