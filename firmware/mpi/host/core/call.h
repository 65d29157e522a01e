// One API call's argument checks and error raising. Each check returns MPI_SUCCESS or the class of
// the error it raised (through the error handler of the call's communicator: fatal by default), so
// an API function reads
//   Call call("MPI_Send");
//   Comm* comm;
//   if (int e = call.comm(comm_handle, comm)) return e;
//   if (int e = call.count(count)) return e;  ...
#pragma once
#include <cstdint>

#include "core/comm.h"
#include "core/datatype.h"
#include "mpi.h"
#include "core/op.h"

namespace pimnic::mpi {

class Call {
 public:
  // Ends the process (one line) if MPI is not running: before MPI_Init or after MPI_Finalize.
  explicit Call(const char* name);

  const char* name() const { return name_; }
  // Errors from now on go to this communicator's handler (request-based calls set it).
  void use_comm(const Comm* comm) { comm_ = comm; }

  int comm(MPI_Comm handle, Comm*& out);
  int count(int count);
  int datatype(MPI_Datatype handle, const TypeInfo*& out);      // committed: for communication
  int any_datatype(MPI_Datatype handle, const TypeInfo*& out);  // committed or not: queries, constructors
  int buffer(const void* buf, int count);  // null with items to move
  // count * size (the bytes a message carries) or count * extent (the bytes the items span in
  // memory), at most INT_MAX.
  int packed_bytes(int count, const TypeInfo& type, uint32_t& out);
  int memory_bytes(int count, const TypeInfo& type, uint32_t& out);
  int dest(const Comm& comm, int rank);    // a rank of comm or MPI_PROC_NULL
  int source(const Comm& comm, int rank);  // ... or MPI_ANY_SOURCE
  int root(const Comm& comm, int root);
  int send_tag(int tag);
  int recv_tag(int tag);  // ... or MPI_ANY_TAG
  int op(MPI_Op handle, const TypeInfo& type, const OpInfo*& out);
  int arg(bool ok, const char* what);  // MPI_ERR_ARG "what" unless ok

  // The buffer arguments of a message: communicator, count, datatype, buffer.
  int message(MPI_Comm comm_handle, Comm*& comm, const void* buf, int count, MPI_Datatype datatype,
              const TypeInfo*& type);
  // A send's: the message's, the destination, the tag; the bytes the message carries. A receive's:
  // the same with a source and a tag that may be wildcards.
  int send(MPI_Comm comm_handle, Comm*& comm, const void* buf, int count, MPI_Datatype datatype, const TypeInfo*& type,
           int dest, int tag, uint32_t& bytes);
  int receive(MPI_Comm comm_handle, Comm*& comm, const void* buf, int count, MPI_Datatype datatype,
              const TypeInfo*& type, int source, int tag, uint32_t& bytes);
  // A reduction's: communicator, count, datatype, op (and that it applies), count * extent.
  int reduction(MPI_Comm comm_handle, Comm*& comm, int count, MPI_Datatype datatype, const TypeInfo*& type,
                MPI_Op op_handle, const OpInfo*& op, uint32_t& bytes);

  // Raise an error of `error_class`; printf-style detail.
  int fail(int error_class, const char* format, ...) __attribute__((format(printf, 3, 4)));

 private:
  const char* name_;
  const Comm* comm_ = nullptr;
};

// For calls allowed before MPI_Init and after MPI_Finalize (MPI_Initialized, MPI_Get_version, ...):
// errors there use MPI_COMM_WORLD's handler while MPI runs, else they are fatal.
int fail_outside(const char* call, int error_class, const char* detail);

}  // namespace pimnic::mpi
