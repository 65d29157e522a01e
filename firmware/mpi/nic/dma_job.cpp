// The MPI engine's DMA queues: the NIC engine's DmaQueue instantiated once for its jobs.
#include "dma_job.h"

#include "../../nic-engine/dma_queue_impl.h"

template class nic::DmaQueue<nic::DmaJob>;
