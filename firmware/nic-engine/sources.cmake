# The NIC engine: what NIC firmware needs whatever protocol it runs - the network port
# (port.*), the DMA engines as queues of jobs (dma_queue*.h), the host interface device
# (host_interface.h), the intrusive list and the ring capacities (capacities.h). Firmware built on
# it (the MPI engine, firmware/mpi/nic; later Portals and reduction firmware) includes this file,
# adds ${PIMNIC_NIC_ENGINE_SOURCES} to its own library or image, and includes
# "../nic-engine/<file>.h" (relative to its folder). Sources rather than a library of their own:
# the user places them in its link order, which fixes the image's code addresses (the timing
# models' caches and branch predictors see them).
set(PIMNIC_NIC_ENGINE_SOURCES ${CMAKE_CURRENT_LIST_DIR}/port.cpp)
