#include "transport/registry.h"

#include <stdlib.h>
#include <string.h>

// The linker's bounds of the section PIMNIC_MPI_TRANSPORT fills (weak: no transport linked in).
extern "C" const pimnic::mpi::TransportEntry __start_pimnic_mpi_transports[] __attribute__((weak));
extern "C" const pimnic::mpi::TransportEntry __stop_pimnic_mpi_transports[] __attribute__((weak));

namespace pimnic::mpi {

Transport* open_transport(const char** why) {
  const char* name = getenv("PIMNIC_TRANSPORT");
  if (!name) {
    *why = "not started by pimnic mpirun (PIMNIC_TRANSPORT is not set)";
    return nullptr;
  }
  for (const TransportEntry* e = __start_pimnic_mpi_transports; e != __stop_pimnic_mpi_transports; ++e)
    if (!strcmp(e->name, name)) return e->open(why);
  *why = "this MPI library has no transport named in PIMNIC_TRANSPORT";
  return nullptr;
}

}  // namespace pimnic::mpi
