// User attributes on communicators: keyvals (MPI_Comm_create_keyval) with their copy and delete
// callbacks, and each communicator's attributes. The predefined attributes (MPI_TAG_UB, ...) are
// answered by api_comm.cpp and cannot be set or deleted.
#pragma once
#include "core/call.h"
#include "core/comm.h"
#include "mpi.h"

namespace pimnic::mpi {

bool keyval_valid(int keyval);  // a live user keyval
int create_keyval(MPI_Comm_copy_attr_function* copy, MPI_Comm_delete_attr_function* del, void* extra_state);
// MPI_Comm_free_keyval: the handle goes; attributes set with it keep working until deleted (and it
// may be freed again meanwhile, as a delete callback may do).
void free_keyval(int keyval);

// The attribute `keyval` of `comm`: found (value set) or not.
bool get_attribute(const Comm& comm, int keyval, void*& value);
// Set (the old value's delete callback runs first) or delete an attribute; the callback's failure
// is returned (MPI_SUCCESS otherwise).
int set_attribute(Comm& comm, int keyval, void* value);
int delete_attribute(Comm& comm, int keyval);
// MPI_Comm_dup: the copy callbacks decide what `to` gets from `from`.
int copy_attributes(const Comm& from, Comm& to);
// MPI_Comm_free: every attribute's delete callback.
int delete_all_attributes(Comm& comm);

}  // namespace pimnic::mpi
