// What the MPI engine does when one of its DMA descriptors completes (Engine::on_dma), and its DMA
// queues (the NIC engine's DmaQueue, firmware/nic-engine/dma_queue.h, over these jobs).
#pragma once
#include <cstdint>

#include "../../nic-engine/dma_queue.h"
#include "request.h"

namespace nic {

enum class DmaOp : uint8_t {
  StageEager,      // h2n: a sent eager message into the eager buffer
  StageFragment,   // h2n: a rendezvous fragment into a staging buffer (arg: staging slot)
  DeliverPacket,   // n2h: a received packet's payload to the host (arg: the held receive buffer)
  DeliverBuffered, // n2h: an unexpected message's eager data to the host (arg: the unexpected request)
};

struct DmaJob {
  DmaOp op;
  Request* req;
  uint32_t arg;
  uint32_t length;
};

extern template class DmaQueue<DmaJob>;  // instantiated in dma_job.cpp
using MpiDmaQueue = DmaQueue<DmaJob>;

}  // namespace nic
