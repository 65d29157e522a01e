// The only OS services the MPI layer uses. Everything else in firmware/mpi/host/ is portable C++
// (freestanding-friendly: no exceptions, no RTTI, no iostream; malloc, memcpy and snprintf only), so
// that a NIC kind whose host half runs elsewhere (bare metal, a PIM core) provides just this file.
// platform_posix.cpp implements it for static powerpc-linux executables on the simulated hosts.
#pragma once

namespace pimnic::mpi::platform {

// Write `line` and a newline to the error stream, at once (unbuffered).
void write_error_line(const char* line);

// End this process with `status` after flushing the program's stdio: the way a fatal MPI error or
// MPI_Abort ends a rank (`pimnic mpirun` then ends the run with a non-zero status).
[[noreturn]] void exit_process(int status);

}  // namespace pimnic::mpi::platform
