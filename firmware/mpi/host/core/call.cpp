#include "core/call.h"

#include <climits>
#include <cstdarg>
#include <cstdio>

#include "core/errors.h"
#include "core/runtime.h"

namespace pimnic::mpi {

Call::Call(const char* name) : name_(name) {
  Runtime& rt = runtime();
  if (rt.outer_call) name_ = rt.outer_call;
  if (rt.phase == Runtime::Phase::Before) fatal_error(name, MPI_ERR_OTHER, "called before MPI_Init");
  if (rt.phase == Runtime::Phase::Finalized) fatal_error(name, MPI_ERR_OTHER, "called after MPI_Finalize");
  rt.current_call = name;
}

int Call::fail(int error_class, const char* format, ...) {
  char detail[512];
  va_list args;
  va_start(args, format);
  vsnprintf(detail, sizeof detail, format, args);
  va_end(args);
  return raise_error(comm_, name_, error_class, detail);
}

int Call::comm(MPI_Comm handle, Comm*& out) {
  out = find_comm(handle);
  if (out) {
    comm_ = out;
    return MPI_SUCCESS;
  }
  if (handle == MPI_COMM_NULL) return fail(MPI_ERR_COMM, "null communicator");
  return fail(MPI_ERR_COMM, "invalid communicator 0x%x", unsigned(handle));
}

int Call::count(int count) { return count < 0 ? fail(MPI_ERR_COUNT, "negative count %d", count) : MPI_SUCCESS; }

int Call::any_datatype(MPI_Datatype handle, const TypeInfo*& out) {
  out = find_type(handle);
  if (out) return MPI_SUCCESS;
  if (handle == MPI_DATATYPE_NULL) return fail(MPI_ERR_TYPE, "null datatype");
  return fail(MPI_ERR_TYPE, "invalid datatype 0x%x", unsigned(handle));
}

int Call::datatype(MPI_Datatype handle, const TypeInfo*& out) {
  if (int e = any_datatype(handle, out)) return e;
  if (!out->committed) return fail(MPI_ERR_TYPE, "datatype 0x%x is not committed (MPI_Type_commit)", unsigned(handle));
  return MPI_SUCCESS;
}

int Call::buffer(const void* buf, int count) {
  return !buf && count > 0 ? fail(MPI_ERR_BUFFER, "null buffer with count %d", count) : MPI_SUCCESS;
}

namespace {
int checked_product(Call& call, int count, uint32_t item_bytes, const TypeInfo& type, uint32_t& out) {
  const uint64_t total = uint64_t(uint32_t(count)) * item_bytes;
  if (total > uint64_t(INT_MAX)) {
    return call.fail(MPI_ERR_COUNT, "%d items of %s are more than %d bytes", count, type.name, INT_MAX);
  }
  out = uint32_t(total);
  return MPI_SUCCESS;
}
}  // namespace

int Call::packed_bytes(int count, const TypeInfo& type, uint32_t& out) {
  return checked_product(*this, count, type.size, type, out);
}

int Call::memory_bytes(int count, const TypeInfo& type, uint32_t& out) {
  // The spans this measures (collective buffers) run forwards; point to point takes any extent.
  if (type.extent < 0) return fail(MPI_ERR_TYPE, "a type of negative extent (%lld) in a collective", (long long)type.extent);
  return checked_product(*this, count, uint32_t(type.extent), type, out);
}

int Call::dest(const Comm& comm, int rank) {
  if (rank == MPI_PROC_NULL || (rank >= 0 && rank < comm.peer_count())) return MPI_SUCCESS;
  return fail(MPI_ERR_RANK, "invalid rank %d (%s of %d)", rank, comm.inter ? "remote group" : "communicator",
              comm.peer_count());
}

int Call::source(const Comm& comm, int rank) { return rank == MPI_ANY_SOURCE ? MPI_SUCCESS : dest(comm, rank); }

int Call::root(const Comm& comm, int root) {
  if (root >= 0 && root < comm.peer_count()) return MPI_SUCCESS;
  if (comm.inter && (root == MPI_ROOT || root == MPI_PROC_NULL)) return MPI_SUCCESS;
  return fail(MPI_ERR_ROOT, "invalid root %d (communicator of %d)", root, comm.size);
}

int Call::send_tag(int tag) {
  if (tag >= 0 && tag <= runtime().tag_ub) return MPI_SUCCESS;
  return fail(MPI_ERR_TAG, "invalid tag %d (0 to MPI_TAG_UB = %d)", tag, runtime().tag_ub);
}

int Call::recv_tag(int tag) { return tag == MPI_ANY_TAG ? MPI_SUCCESS : send_tag(tag); }

int Call::op(MPI_Op handle, const TypeInfo& type, const OpInfo*& out) {
  out = find_op(handle);
  if (!out) {
    if (handle == MPI_OP_NULL) return fail(MPI_ERR_OP, "null operation");
    return fail(MPI_ERR_OP, "invalid operation 0x%x", unsigned(handle));
  }
  if (!op_applies(*out, type)) {
    if (type.derived()) return fail(MPI_ERR_OP, "%s is not defined for derived datatypes", out->name);
    return fail(MPI_ERR_OP, "%s is not defined for %s", out->name, type.name);
  }
  if (type.derived() && type.true_lb < 0) {
    return fail(MPI_ERR_TYPE, "reductions over a derived type with data before its origin are not supported");
  }
  return MPI_SUCCESS;
}

int Call::arg(bool ok, const char* what) { return ok ? MPI_SUCCESS : fail(MPI_ERR_ARG, "%s", what); }

int Call::message(MPI_Comm comm_handle, Comm*& comm, const void* buf, int count, MPI_Datatype datatype,
                  const TypeInfo*& type) {
  if (int e = this->comm(comm_handle, comm)) return e;
  if (int e = this->count(count)) return e;
  if (int e = this->datatype(datatype, type)) return e;
  // MPI_BOTTOM is null: a derived type may address absolute locations from it; no data, no buffer.
  return type->derived() || type->size == 0 ? MPI_SUCCESS : buffer(buf, count);
}

int Call::send(MPI_Comm comm_handle, Comm*& comm, const void* buf, int count, MPI_Datatype datatype,
               const TypeInfo*& type, int dest, int tag, uint32_t& bytes) {
  if (int e = message(comm_handle, comm, buf, count, datatype, type)) return e;
  if (int e = packed_bytes(count, *type, bytes)) return e;
  if (int e = this->dest(*comm, dest)) return e;
  return send_tag(tag);
}

int Call::receive(MPI_Comm comm_handle, Comm*& comm, const void* buf, int count, MPI_Datatype datatype,
                  const TypeInfo*& type, int source, int tag, uint32_t& bytes) {
  // Nothing arrives from MPI_PROC_NULL, so a receive of no items needs no datatype either: MPICH
  // takes MPI_DATATYPE_NULL there (its pt2pt/recvnull), and so do we (as MPI_BYTE).
  if (datatype == MPI_DATATYPE_NULL && count == 0 && source == MPI_PROC_NULL) datatype = MPI_BYTE;
  if (int e = message(comm_handle, comm, buf, count, datatype, type)) return e;
  if (int e = packed_bytes(count, *type, bytes)) return e;
  if (int e = this->source(*comm, source)) return e;
  return recv_tag(tag);
}

int Call::reduction(MPI_Comm comm_handle, Comm*& comm, int count, MPI_Datatype datatype, const TypeInfo*& type,
                    MPI_Op op_handle, const OpInfo*& op, uint32_t& bytes) {
  if (int e = this->comm(comm_handle, comm)) return e;
  if (int e = this->count(count)) return e;
  if (int e = this->datatype(datatype, type)) return e;
  if (int e = this->op(op_handle, *type, op)) return e;
  return memory_bytes(count, *type, bytes);
}

int fail_outside(const char* call, int error_class, const char* detail) {
  if (!runtime().running()) fatal_error(call, error_class, detail);
  return raise_error(nullptr, call, error_class, detail);
}

}  // namespace pimnic::mpi
