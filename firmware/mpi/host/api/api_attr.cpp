// Attributes: the predefined ones (MPI_TAG_UB, MPI_HOST, MPI_IO, MPI_WTIME_IS_GLOBAL) and user
// keyvals with their callbacks, under the MPI-2 names and the MPI-1 ones (MPI_Attr_put, ...).
// Datatypes' attributes: api_type_attr.cpp.
#include "api/api_attr.h"

#include "api/api.h"
#include "core/attributes.h"
#include "core/call.h"
#include "core/runtime.h"

using namespace pimnic::mpi;

namespace {

// The value of a predefined attribute: the standard hands out a pointer to it.
int* predefined_attribute(int keyval) {
  static int tag_ub, host, io, wtime_is_global, appnum, universe, last_code;
  switch (keyval) {
    case MPI_TAG_UB: tag_ub = runtime().tag_ub; return &tag_ub;
    case MPI_HOST: host = MPI_PROC_NULL; return &host;
    case MPI_IO: io = MPI_ANY_SOURCE; return &io;  // every rank has stdio
    case MPI_WTIME_IS_GLOBAL: wtime_is_global = 1; return &wtime_is_global;  // one simulated clock
    case MPI_APPNUM: appnum = 0; return &appnum;                        // one program
    case MPI_UNIVERSE_SIZE: universe = runtime().world_size; return &universe;  // no room to spawn
    case MPI_LASTUSEDCODE: last_code = MPI_ERR_LASTCODE; return &last_code;  // no codes added
    default: return nullptr;
  }
}

int get(const char* name, MPI_Comm comm_handle, int keyval, void* attribute_val, int* flag) {
  Call call(name);
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(attribute_val && flag, "attribute_val or flag is null")) return e;
  if (int* value = predefined_attribute(keyval)) {
    *static_cast<void**>(attribute_val) = value;
    *flag = 1;
    return MPI_SUCCESS;
  }
  if (!keyval_valid(keyval)) return call.fail(MPI_ERR_ARG, "invalid attribute key 0x%x", unsigned(keyval));
  void* value;
  *flag = get_attribute(comm->attributes, keyval, value);
  if (*flag) *static_cast<void**>(attribute_val) = value;
  return MPI_SUCCESS;
}


int put(const char* name, MPI_Comm comm_handle, int keyval, void* value) {
  Call call(name);
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = user_keyval(call, keyval)) return e;
  if (int e = set_attribute(comm->handle, comm->attributes, keyval, value)) {
    return call.fail(MPI_ERR_OTHER, "the attribute's delete callback failed (%d)", e);
  }
  return MPI_SUCCESS;
}

int remove(const char* name, MPI_Comm comm_handle, int keyval) {
  Call call(name);
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = user_keyval(call, keyval)) return e;
  if (int e = delete_attribute(comm->handle, comm->attributes, keyval)) {
    return call.fail(MPI_ERR_OTHER, "the attribute's delete callback failed (%d)", e);
  }
  return MPI_SUCCESS;
}

}  // namespace

int pimnic::mpi::user_keyval(Call& call, int keyval) {
  if (predefined_attribute(keyval)) return call.fail(MPI_ERR_ARG, "predefined attributes cannot be changed");
  return keyval_valid(keyval) ? MPI_SUCCESS : call.fail(MPI_ERR_ARG, "invalid attribute key 0x%x", unsigned(keyval));
}

int pimnic::mpi::create(const char* name, MPI_Comm_copy_attr_function* copy, MPI_Comm_delete_attr_function* del,
                        int* keyval, void* extra_state) {
  Call call(name);
  if (int e = call.arg(keyval != nullptr, "keyval is null")) return e;
  *keyval = create_keyval(copy, del, extra_state);
  return MPI_SUCCESS;
}

int pimnic::mpi::release(const char* name, int* keyval) {
  Call call(name);
  if (int e = call.arg(keyval != nullptr, "keyval is null")) return e;
  if (int e = user_keyval(call, *keyval)) return e;
  free_keyval(*keyval);
  *keyval = MPI_KEYVAL_INVALID;
  return MPI_SUCCESS;
}

extern "C" int PMPI_Comm_get_attr(MPI_Comm comm, int keyval, void* attribute_val, int* flag) {
  return get("MPI_Comm_get_attr", comm, keyval, attribute_val, flag);
}
PIMNIC_MPI_ALIAS(MPI_Comm_get_attr)

extern "C" int PMPI_Attr_get(MPI_Comm comm, int keyval, void* attribute_val, int* flag) {
  return get("MPI_Attr_get", comm, keyval, attribute_val, flag);
}
PIMNIC_MPI_ALIAS(MPI_Attr_get)

extern "C" int PMPI_Comm_set_attr(MPI_Comm comm, int keyval, void* attribute_val) {
  return put("MPI_Comm_set_attr", comm, keyval, attribute_val);
}
PIMNIC_MPI_ALIAS(MPI_Comm_set_attr)

extern "C" int PMPI_Attr_put(MPI_Comm comm, int keyval, void* attribute_val) {
  return put("MPI_Attr_put", comm, keyval, attribute_val);
}
PIMNIC_MPI_ALIAS(MPI_Attr_put)

extern "C" int PMPI_Comm_delete_attr(MPI_Comm comm, int keyval) { return remove("MPI_Comm_delete_attr", comm, keyval); }
PIMNIC_MPI_ALIAS(MPI_Comm_delete_attr)

extern "C" int PMPI_Attr_delete(MPI_Comm comm, int keyval) { return remove("MPI_Attr_delete", comm, keyval); }
PIMNIC_MPI_ALIAS(MPI_Attr_delete)

extern "C" int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function* copy, MPI_Comm_delete_attr_function* del,
                                       int* keyval, void* extra_state) {
  return create("MPI_Comm_create_keyval", copy, del, keyval, extra_state);
}
PIMNIC_MPI_ALIAS(MPI_Comm_create_keyval)

extern "C" int PMPI_Keyval_create(MPI_Copy_function* copy, MPI_Delete_function* del, int* keyval, void* extra_state) {
  return create("MPI_Keyval_create", copy, del, keyval, extra_state);
}
PIMNIC_MPI_ALIAS(MPI_Keyval_create)

extern "C" int PMPI_Comm_free_keyval(int* keyval) { return release("MPI_Comm_free_keyval", keyval); }
PIMNIC_MPI_ALIAS(MPI_Comm_free_keyval)

extern "C" int PMPI_Keyval_free(int* keyval) { return release("MPI_Keyval_free", keyval); }
PIMNIC_MPI_ALIAS(MPI_Keyval_free)
