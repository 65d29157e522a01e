// Error classes, error handlers and how an error is raised: MPI_ERRORS_ARE_FATAL (the default) prints
// one line naming the rank, the call and the class, then ends the process with a non-zero status;
// MPI_ERRORS_RETURN returns the class; a user handler is called, then the class is returned.
#pragma once
#include "mpi.h"

namespace pimnic::mpi {

struct Comm;

// "MPI_ERR_TRUNCATE" for a class, null for anything else.
const char* error_class_name(int error_class);
// The text MPI_Error_string gives ("MPI_ERR_TRUNCATE: message truncated").
const char* error_class_text(int error_class);

bool errhandler_valid(MPI_Errhandler handle);
MPI_Errhandler create_errhandler(MPI_Comm_errhandler_function* function);

// Does an error on `comm` end the process (MPI_ERRORS_ARE_FATAL)?
bool errors_are_fatal(const Comm* comm);

// Apply the error handler of `comm` (of MPI_COMM_WORLD when null, or when MPI is not running: fatal)
// to an error of `error_class` in call `call`, `detail` saying what was wrong. Returns the class
// (when the handler returns at all).
int raise_error(const Comm* comm, const char* call, int error_class, const char* detail);

// Print the one-line message and end the process.
[[noreturn]] void fatal_error(const char* call, int error_class, const char* detail);

}  // namespace pimnic::mpi
