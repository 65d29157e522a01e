// User attributes on communicators and datatypes: keyvals (MPI_Comm_create_keyval,
// MPI_Type_create_keyval) with their copy and delete callbacks, and each object's attributes: its
// handle (what the callbacks are given) and its list. The predefined attributes (MPI_TAG_UB, ...)
// are answered by api_attr.cpp and cannot be set or deleted.
#pragma once
#include "core/attribute_list.h"
#include "mpi.h"

namespace pimnic::mpi {

bool keyval_valid(int keyval);  // a live user keyval
int create_keyval(MPI_Comm_copy_attr_function* copy, MPI_Comm_delete_attr_function* del, void* extra_state);
// MPI_Comm_free_keyval: the handle goes; attributes set with it keep working until deleted (and it
// may be freed again meanwhile, as a delete callback may do).
void free_keyval(int keyval);

// The attribute `keyval` in `list`: found (value set) or not.
bool get_attribute(const AttributeList& list, int keyval, void*& value);
// Set (the old value's delete callback runs first) or delete an attribute of `object`; the
// callback's failure is returned (MPI_SUCCESS otherwise).
int set_attribute(int object, AttributeList& list, int keyval, void* value);
int delete_attribute(int object, AttributeList& list, int keyval);
// MPI_Comm_dup, MPI_Type_dup: the copy callbacks decide what `to` gets from `from`.
int copy_attributes(int from_object, const AttributeList& from, AttributeList& to);
// MPI_Comm_free, MPI_Type_free: every attribute's delete callback, last set first.
int delete_all_attributes(int object, AttributeList& list);

}  // namespace pimnic::mpi
