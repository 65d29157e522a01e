// Error handlers and error strings.
#include <cstdio>
#include <cstring>

#include "api/api.h"
#include "core/call.h"
#include "core/errors.h"

using namespace pimnic::mpi;

namespace {

int set_errhandler(Call& call, MPI_Comm comm_handle, MPI_Errhandler errhandler) {
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (!errhandler_valid(errhandler)) return call.fail(MPI_ERR_ARG, "invalid error handler 0x%x", unsigned(errhandler));
  comm->errhandler = errhandler;
  return MPI_SUCCESS;
}

int get_errhandler(Call& call, MPI_Comm comm_handle, MPI_Errhandler* errhandler) {
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(errhandler != nullptr, "errhandler is null")) return e;
  *errhandler = comm->errhandler;
  return MPI_SUCCESS;
}

int create(Call& call, MPI_Comm_errhandler_function* function, MPI_Errhandler* errhandler) {
  if (int e = call.arg(function && errhandler, "function or errhandler is null")) return e;
  *errhandler = create_errhandler(function);
  return MPI_SUCCESS;
}

}  // namespace

extern "C" int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler) {
  Call call("MPI_Comm_set_errhandler");
  return set_errhandler(call, comm, errhandler);
}
PIMNIC_MPI_ALIAS(MPI_Comm_set_errhandler)

extern "C" int PMPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler) {
  Call call("MPI_Errhandler_set");
  return set_errhandler(call, comm, errhandler);
}
PIMNIC_MPI_ALIAS(MPI_Errhandler_set)

extern "C" int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler* errhandler) {
  Call call("MPI_Comm_get_errhandler");
  return get_errhandler(call, comm, errhandler);
}
PIMNIC_MPI_ALIAS(MPI_Comm_get_errhandler)

extern "C" int PMPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler* errhandler) {
  Call call("MPI_Errhandler_get");
  return get_errhandler(call, comm, errhandler);
}
PIMNIC_MPI_ALIAS(MPI_Errhandler_get)

extern "C" int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function* function, MPI_Errhandler* errhandler) {
  Call call("MPI_Comm_create_errhandler");
  return create(call, function, errhandler);
}
PIMNIC_MPI_ALIAS(MPI_Comm_create_errhandler)

extern "C" int PMPI_Errhandler_create(MPI_Handler_function* function, MPI_Errhandler* errhandler) {
  Call call("MPI_Errhandler_create");
  return create(call, function, errhandler);
}
PIMNIC_MPI_ALIAS(MPI_Errhandler_create)

// The handle goes; a communicator that uses the handler keeps it (handlers are never reused).
extern "C" int PMPI_Errhandler_free(MPI_Errhandler* errhandler) {
  Call call("MPI_Errhandler_free");
  if (int e = call.arg(errhandler != nullptr, "errhandler is null")) return e;
  if (!errhandler_valid(*errhandler)) return call.fail(MPI_ERR_ARG, "invalid error handler 0x%x", unsigned(*errhandler));
  if (*errhandler == MPI_ERRORS_ARE_FATAL || *errhandler == MPI_ERRORS_RETURN) {
    return call.fail(MPI_ERR_ARG, "predefined error handlers cannot be freed");
  }
  *errhandler = MPI_ERRHANDLER_NULL;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Errhandler_free)

extern "C" int PMPI_Comm_call_errhandler(MPI_Comm comm_handle, int errorcode) {
  Call call("MPI_Comm_call_errhandler");
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  const char* name = error_class_name(errorcode);
  call.fail(name ? errorcode : MPI_ERR_UNKNOWN, "raised by the program");
  return MPI_SUCCESS;  // the standard: the handler ran, the call itself succeeded
}
PIMNIC_MPI_ALIAS(MPI_Comm_call_errhandler)

extern "C" int PMPI_Error_string(int errorcode, char* string, int* resultlen) {
  const char* name = error_class_name(errorcode);
  if (!string || !resultlen) return fail_outside("MPI_Error_string", MPI_ERR_ARG, "string or resultlen is null");
  if (!name) {
    char detail[64];
    snprintf(detail, sizeof detail, "invalid error code %d", errorcode);
    return fail_outside("MPI_Error_string", MPI_ERR_ARG, detail);
  }
  *resultlen = snprintf(string, MPI_MAX_ERROR_STRING, "%s: %s", name, error_class_text(errorcode));
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Error_string)

extern "C" int PMPI_Error_class(int errorcode, int* errorclass) {
  if (!errorclass) return fail_outside("MPI_Error_class", MPI_ERR_ARG, "errorclass is null");
  if (!error_class_name(errorcode)) {
    char detail[64];
    snprintf(detail, sizeof detail, "invalid error code %d", errorcode);
    return fail_outside("MPI_Error_class", MPI_ERR_ARG, detail);
  }
  *errorclass = errorcode;  // every code pimnic returns is a class
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Error_class)
