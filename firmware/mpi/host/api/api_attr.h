// What communicators' and datatypes' attribute calls share (api_attr.cpp): keyvals.
#pragma once
#include "core/call.h"
#include "mpi.h"

namespace pimnic::mpi {

// A user keyval of a call that sets or deletes (predefined attributes are read-only).
int user_keyval(Call& call, int keyval);
// MPI_Comm_create_keyval, MPI_Type_create_keyval, ... and MPI_*_free_keyval, named `name`.
int create(const char* name, MPI_Comm_copy_attr_function* copy, MPI_Comm_delete_attr_function* del, int* keyval,
           void* extra_state);
int release(const char* name, int* keyval);

}  // namespace pimnic::mpi
