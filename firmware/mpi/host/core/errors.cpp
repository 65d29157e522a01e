#include "core/errors.h"

#include <cstdio>

#include "core/comm.h"
#include "core/handles.h"
#include "core/platform.h"
#include "core/runtime.h"
#include "core/vec.h"

namespace pimnic::mpi {
namespace {

struct ClassText {
  const char* name;
  const char* text;
};

// Indexed by class (mpi.h).
const ClassText kClasses[] = {
    {"MPI_SUCCESS", "no error"},
    {"MPI_ERR_BUFFER", "invalid buffer pointer"},
    {"MPI_ERR_COUNT", "invalid count argument"},
    {"MPI_ERR_TYPE", "invalid datatype"},
    {"MPI_ERR_TAG", "invalid tag"},
    {"MPI_ERR_COMM", "invalid communicator"},
    {"MPI_ERR_RANK", "invalid rank"},
    {"MPI_ERR_ROOT", "invalid root"},
    {"MPI_ERR_GROUP", "invalid group"},
    {"MPI_ERR_OP", "invalid reduction operation"},
    {"MPI_ERR_TOPOLOGY", "invalid topology"},
    {"MPI_ERR_DIMS", "invalid dimension argument"},
    {"MPI_ERR_ARG", "invalid argument"},
    {"MPI_ERR_UNKNOWN", "unknown error"},
    {"MPI_ERR_TRUNCATE", "message truncated"},
    {"MPI_ERR_OTHER", "other error"},
    {"MPI_ERR_INTERN", "internal error"},
    {"MPI_ERR_IN_STATUS", "error code is in status"},
    {"MPI_ERR_PENDING", "pending request"},
    {"MPI_ERR_REQUEST", "invalid request"},
    {"MPI_ERR_ACCESS", "access error"},
    {"MPI_ERR_AMODE", "amode error"},
    {"MPI_ERR_BAD_FILE", "bad file error"},
    {"MPI_ERR_CONVERSION", "conversion error"},
    {"MPI_ERR_DUP_DATAREP", "dup datarep error"},
    {"MPI_ERR_FILE_EXISTS", "file exists error"},
    {"MPI_ERR_FILE_IN_USE", "file in use error"},
    {"MPI_ERR_FILE", "file error"},
    {"MPI_ERR_INFO", "invalid info"},
    {"MPI_ERR_INFO_KEY", "invalid info key"},
    {"MPI_ERR_INFO_VALUE", "invalid info value"},
    {"MPI_ERR_INFO_NOKEY", "no such info key"},
    {"MPI_ERR_IO", "io error"},
    {"MPI_ERR_NAME", "invalid service name"},
    {"MPI_ERR_NO_MEM", "out of memory"},
    {"MPI_ERR_NOT_SAME", "collective arguments differ"},
    {"MPI_ERR_NO_SPACE", "no space error"},
    {"MPI_ERR_NO_SUCH_FILE", "no such file error"},
    {"MPI_ERR_PORT", "port error"},
    {"MPI_ERR_QUOTA", "quota error"},
    {"MPI_ERR_READ_ONLY", "read only error"},
    {"MPI_ERR_SERVICE", "service error"},
    {"MPI_ERR_SPAWN", "spawn error"},
    {"MPI_ERR_UNSUPPORTED_DATAREP", "unsupported datarep error"},
    {"MPI_ERR_UNSUPPORTED_OPERATION", "unsupported operation"},
    {"MPI_ERR_WIN", "win error"},
    {"MPI_ERR_BASE", "base error"},
    {"MPI_ERR_LOCKTYPE", "locktype error"},
    {"MPI_ERR_KEYVAL", "invalid attribute key"},
    {"MPI_ERR_RMA_CONFLICT", "rma conflict error"},
    {"MPI_ERR_RMA_SYNC", "rma sync error"},
    {"MPI_ERR_SIZE", "size error"},
    {"MPI_ERR_DISP", "disp error"},
    {"MPI_ERR_ASSERT", "assert error"},
    {"MPI_ERR_UNKNOWN", "unknown error"},  // (no class 54)
    {"MPI_ERR_RMA_RANGE", "rma range error"},
    {"MPI_ERR_RMA_ATTACH", "rma attach error"},
    {"MPI_ERR_RMA_SHARED", "rma shared error"},
    {"MPI_ERR_RMA_FLAVOR", "rma flavor error"},
};
constexpr int kClassCount = sizeof kClasses / sizeof kClasses[0];

// User error handlers after the two predefined ones (index 1 fatal, 2 return). Handlers are never
// reused: MPI_Errhandler_free only clears the caller's handle, a communicator may still use it.
Vec<MPI_Comm_errhandler_function*>& user_handlers() {
  static Vec<MPI_Comm_errhandler_function*> handlers;
  return handlers;
}
constexpr uint32_t kFirstUserHandler = 3;

}  // namespace

const char* error_class_name(int error_class) {
  return error_class >= 0 && error_class < kClassCount ? kClasses[error_class].name : nullptr;
}

const char* error_class_text(int error_class) {
  return error_class >= 0 && error_class < kClassCount ? kClasses[error_class].text : nullptr;
}

bool errhandler_valid(MPI_Errhandler handle) {
  if (!handle_is(handle, HandleKind::Errhandler)) return false;
  uint32_t index = handle_index(handle);
  return index == 1 || index == 2 || (index >= kFirstUserHandler && index - kFirstUserHandler < user_handlers().size());
}

MPI_Errhandler create_errhandler(MPI_Comm_errhandler_function* function) {
  user_handlers().push_back(function);
  return make_handle(HandleKind::Errhandler, kFirstUserHandler + user_handlers().size() - 1);
}

void fatal_error(const char* call, int error_class, const char* detail) {
  char line[768];
  const char* cls = error_class_name(error_class);
  const int rank = runtime().world_rank;
  if (rank >= 0) {
    snprintf(line, sizeof line, "pimnic-mpi: rank %d: %s: %s: %s", rank, call, cls ? cls : "MPI_ERR_UNKNOWN", detail);
  } else {
    snprintf(line, sizeof line, "pimnic-mpi: %s: %s: %s", call, cls ? cls : "MPI_ERR_UNKNOWN", detail);
  }
  platform::write_error_line(line);
  platform::exit_process(1);
}

bool errors_are_fatal(const Comm* comm) {
  if (!runtime().running()) return true;
  if (!comm) comm = world_comm();
  return comm->errhandler != MPI_ERRORS_RETURN && handle_index(comm->errhandler) < kFirstUserHandler;
}

int raise_error(const Comm* comm, const char* call, int error_class, const char* detail) {
  if (!runtime().running()) fatal_error(call, error_class, detail);
  if (!comm) comm = world_comm();
  if (errors_are_fatal(comm)) fatal_error(call, error_class, detail);
  const MPI_Errhandler handler = comm->errhandler;
  if (handler == MPI_ERRORS_RETURN) return error_class;
  const uint32_t index = handle_index(handler);
  MPI_Comm comm_handle = comm->handle;
  int code = error_class;
  user_handlers()[index - kFirstUserHandler](&comm_handle, &code);
  return error_class;
}

void out_of_memory(const char* what) {
  char detail[128];
  snprintf(detail, sizeof detail, "out of memory for a %s", what);
  fatal_error(runtime().current_call, MPI_ERR_OTHER, detail);
}

}  // namespace pimnic::mpi
