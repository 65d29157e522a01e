// The end of an MPI run that deadlocked (`pimnic mpirun`, exit status kExitDeadlock): every rank's
// buffered standard output is written out first, then which MPI call each rank waits in, on which
// communicator, for which peer and tag (the record the MPI library keeps, firmware/mpi/host/core/
// blocked.h). docs/mpi.md, "Deadlocks".
#pragma once
#include <string>

namespace pimnic {
class MultiNodeMachine;
}

namespace pimnic::cli {

// The message for stderr; `machine_message` is the machine's own (which cores wait where).
std::string mpi_deadlock_report(MultiNodeMachine& m, const std::string& machine_message);

}  // namespace pimnic::cli
