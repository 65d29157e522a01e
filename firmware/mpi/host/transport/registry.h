// Transports register themselves by name; open_transport (transport.h) starts the one named in
// PIMNIC_TRANSPORT. A transport's .cpp says
//   PIMNIC_MPI_TRANSPORT("offload", open_offload);   // Transport* open_offload(const char** why)
// and nothing else in the library lists transports. The entries are collected by the linker in one
// section, so every transport must be linked in: pimnic-mpicc links the transports' archive
// (libpimnic_mpi_transports.a, every .cpp under transport/<name>/) whole.
#pragma once

#include "transport/transport.h"

namespace pimnic::mpi {

struct TransportEntry {
  const char* name;  // the value of PIMNIC_TRANSPORT that selects it
  // Start it from its own environment (rank, size, devices): the transport, or null with a
  // one-line reason in *why.
  Transport* (*open)(const char** why);
};

}  // namespace pimnic::mpi

#define PIMNIC_MPI_TRANSPORT_CAT(a, b) a##b
#define PIMNIC_MPI_TRANSPORT_NAME(line) PIMNIC_MPI_TRANSPORT_CAT(pimnic_mpi_transport_, line)
#define PIMNIC_MPI_TRANSPORT(name, open)                                                             \
  [[gnu::used, gnu::section("pimnic_mpi_transports")]] static const ::pimnic::mpi::TransportEntry \
  PIMNIC_MPI_TRANSPORT_NAME(__LINE__) = {name, open}
