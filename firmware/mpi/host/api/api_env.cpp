// The environment: MPI_Init .. MPI_Finalize, MPI_Abort, time, names, versions.
#include <cstdio>
#include <cstring>

#include "api/api.h"
#include "core/attributes.h"
#include "core/bsend.h"
#include "core/call.h"
#include "coll/coll.h"
#include "core/context_ids.h"
#include "core/errors.h"
#include "core/platform.h"
#include "core/request.h"
#include "core/runtime.h"
#include "transport/transport.h"

using namespace pimnic::mpi;

namespace {

int init(const char* call) {
  Runtime& rt = runtime();
  if (rt.phase == Runtime::Phase::Running) return fail_outside(call, MPI_ERR_OTHER, "MPI is already initialized");
  if (rt.phase == Runtime::Phase::Finalized) fatal_error(call, MPI_ERR_OTHER, "called after MPI_Finalize");
  const char* why = "no transport";
  Transport* transport = open_transport(&why);
  if (!transport) fatal_error(call, MPI_ERR_OTHER, why ? why : "no transport");
  rt.transport = transport;
  rt.world_rank = transport->rank();
  rt.world_size = transport->size();
  rt.tag_ub = transport->max_tag();
  const uint32_t pairs = transport->context_ids() / 2;
  if (pairs < 2) fatal_error(call, MPI_ERR_INTERN, "the transport carries fewer than 4 context ids");
  context_ids().reset(pairs);
  Comm* world = create_comm(nullptr, rt.world_size, rt.world_rank, 0, MPI_ERRORS_ARE_FATAL);
  const int32_t me = rt.world_rank;
  Comm* self = create_comm(&me, 1, 0, 1, MPI_ERRORS_ARE_FATAL);
  if (world->handle != MPI_COMM_WORLD || self->handle != MPI_COMM_SELF) {
    fatal_error(call, MPI_ERR_INTERN, "predefined communicators got unexpected handles");
  }
  strcpy(world->name, "MPI_COMM_WORLD");
  strcpy(self->name, "MPI_COMM_SELF");
  rt.phase = Runtime::Phase::Running;
  return MPI_SUCCESS;
}

}  // namespace

extern "C" int PMPI_Init(int* argc, char*** argv) {
  (void)argc;
  (void)argv;
  return init("MPI_Init");
}
PIMNIC_MPI_ALIAS(MPI_Init)

extern "C" int PMPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  (void)argc;
  (void)argv;
  (void)required;
  const int e = init("MPI_Init_thread");
  if (provided) *provided = MPI_THREAD_SINGLE;  // one thread per process; MPI lets us give less
  return e;
}
PIMNIC_MPI_ALIAS(MPI_Init_thread)

extern "C" int PMPI_Initialized(int* flag) {
  if (!flag) return fail_outside("MPI_Initialized", MPI_ERR_ARG, "flag is null");
  *flag = runtime().phase != Runtime::Phase::Before;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Initialized)

extern "C" int PMPI_Finalized(int* flag) {
  if (!flag) return fail_outside("MPI_Finalized", MPI_ERR_ARG, "flag is null");
  *flag = runtime().phase == Runtime::Phase::Finalized;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Finalized)

// Sends the user freed and buffered sends still complete; then everyone meets, so that no message
// is in flight when the transport lets the NIC go.
extern "C" int PMPI_Finalize(void) {
  Call call("MPI_Finalize");
  // MPI_COMM_SELF's attributes are deleted first, last set first (the standard's hook for
  // libraries to clean up while MPI still runs).
  if (int e = delete_all_attributes(MPI_COMM_SELF, find_comm(MPI_COMM_SELF)->attributes)) {
    return call.fail(MPI_ERR_OTHER, "an attribute's delete callback failed (%d)", e);
  }
  reap_freed_requests(true);
  wait_buffered_sends();
  if (int e = coll_barrier(call, *world_comm())) return e;
  runtime().transport->finalize();
  runtime().phase = Runtime::Phase::Finalized;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Finalize)

extern "C" int PMPI_Query_thread(int* provided) {
  Call call("MPI_Query_thread");
  if (int e = call.arg(provided != nullptr, "provided is null")) return e;
  *provided = MPI_THREAD_SINGLE;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Query_thread)

extern "C" int PMPI_Is_thread_main(int* flag) {
  Call call("MPI_Is_thread_main");
  if (int e = call.arg(flag != nullptr, "flag is null")) return e;
  *flag = 1;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Is_thread_main)

// Ends this rank at once with `errorcode` as its exit status (1 when that would read as success);
// `pimnic mpirun` then ends the others.
extern "C" int PMPI_Abort(MPI_Comm comm_handle, int errorcode) {
  Call call("MPI_Abort");
  const Comm* comm = find_comm(comm_handle);
  char line[256];
  if (comm && comm->name[0]) {
    snprintf(line, sizeof line, "pimnic-mpi: rank %d: MPI_Abort(%s, %d) called", runtime().world_rank, comm->name,
             errorcode);
  } else {
    snprintf(line, sizeof line, "pimnic-mpi: rank %d: MPI_Abort(communicator 0x%x, %d) called", runtime().world_rank,
             unsigned(comm_handle), errorcode);
  }
  platform::write_error_line(line);
  const int status = errorcode & 0xff;
  platform::exit_process(status ? status : 1);
}
PIMNIC_MPI_ALIAS(MPI_Abort)

extern "C" double PMPI_Wtime(void) {
  return runtime().running() ? runtime().transport->wtime() : 0.0;
}
PIMNIC_MPI_ALIAS(MPI_Wtime)

extern "C" double PMPI_Wtick(void) {
  return runtime().running() ? runtime().transport->wtick() : 0.0;
}
PIMNIC_MPI_ALIAS(MPI_Wtick)

extern "C" int PMPI_Get_processor_name(char* name, int* resultlen) {
  Call call("MPI_Get_processor_name");
  if (int e = call.arg(name && resultlen, "name or resultlen is null")) return e;
  *resultlen = snprintf(name, MPI_MAX_PROCESSOR_NAME, "node%d", runtime().world_rank);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Get_processor_name)

extern "C" int PMPI_Get_version(int* version, int* subversion) {
  if (!version || !subversion) return fail_outside("MPI_Get_version", MPI_ERR_ARG, "version or subversion is null");
  *version = MPI_VERSION;
  *subversion = MPI_SUBVERSION;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Get_version)

extern "C" int PMPI_Get_library_version(char* version, int* resultlen) {
  if (!version || !resultlen) return fail_outside("MPI_Get_library_version", MPI_ERR_ARG, "version or resultlen is null");
  *resultlen = snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING, "pimnic MPI %d.%d (libpimnic_mpi)", MPI_VERSION,
                        MPI_SUBVERSION);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Get_library_version)
