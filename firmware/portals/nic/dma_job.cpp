// The Portals NIC's DMA queue type, instantiated once (nic-engine/dma_queue.h says why).
#include "../../nic-engine/dma_queue_impl.h"
#include "portals_nic.h"

template class nic::DmaQueue<ptlnic::DmaJob>;
