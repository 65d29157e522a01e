// MPI_Pack, MPI_Unpack, MPI_Pack_size (and their "external32" forms): items to and from their packed bytes (the bytes a message of
// them carries, so a packed buffer sent as MPI_PACKED is received by any type of the same
// signature, and the other way round).
#include "api/api.h"
#include "core/call.h"

using namespace pimnic::mpi;

extern "C" int PMPI_Pack(const void* inbuf, int incount, MPI_Datatype datatype, void* outbuf, int outsize, int* position,
                         MPI_Comm comm_handle) {
  Call call("MPI_Pack");
  Comm* comm;
  const TypeInfo* type;
  uint32_t bytes;
  if (int e = call.message(comm_handle, comm, inbuf, incount, datatype, type)) return e;
  if (int e = call.packed_bytes(incount, *type, bytes)) return e;
  if (int e = call.arg(position && (outbuf || outsize == 0) && outsize >= 0, "position or outbuf is null")) return e;
  if (*position < 0 || int64_t(*position) + bytes > outsize) {
    return call.fail(MPI_ERR_TRUNCATE, "%u bytes at position %d do not fit %d", unsigned(bytes), *position, outsize);
  }
  pack_items(*type, inbuf, uint32_t(incount), static_cast<char*>(outbuf) + *position);
  *position += int(bytes);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Pack)

extern "C" int PMPI_Unpack(const void* inbuf, int insize, int* position, void* outbuf, int outcount,
                           MPI_Datatype datatype, MPI_Comm comm_handle) {
  Call call("MPI_Unpack");
  Comm* comm;
  const TypeInfo* type;
  uint32_t bytes;
  if (int e = call.message(comm_handle, comm, outbuf, outcount, datatype, type)) return e;
  if (int e = call.packed_bytes(outcount, *type, bytes)) return e;
  if (int e = call.arg(position && (inbuf || insize == 0) && insize >= 0, "position or inbuf is null")) return e;
  if (*position < 0 || int64_t(*position) + bytes > insize) {
    return call.fail(MPI_ERR_TRUNCATE, "%u bytes at position %d are beyond the %d packed", unsigned(bytes), *position,
                     insize);
  }
  unpack_items(*type, static_cast<const char*>(inbuf) + *position, uint32_t(outcount), outbuf);
  *position += int(bytes);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Unpack)

extern "C" int PMPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm_handle, int* size) {
  Call call("MPI_Pack_size");
  Comm* comm;
  const TypeInfo* type;
  uint32_t bytes;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.count(incount)) return e;
  if (int e = call.datatype(datatype, type)) return e;
  if (int e = call.packed_bytes(incount, *type, bytes)) return e;
  if (int e = call.arg(size != nullptr, "size is null")) return e;
  *size = int(bytes);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Pack_size)

// external32 is big-endian with the sizes of ILP32 C types: the simulated hosts' own layout, so
// the canonical packing is MPI_Pack's (MPI_LONG_DOUBLE, 16 bytes in external32, is the exception).
extern "C" int PMPI_Pack_external(const char datarep[], const void* inbuf, int incount, MPI_Datatype datatype,
                                  void* outbuf, MPI_Aint outsize, MPI_Aint* position) {
  int at = int(*position);
  const int e = PMPI_Pack(inbuf, incount, datatype, outbuf, int(outsize), &at, MPI_COMM_SELF);
  (void)datarep;
  *position = at;
  return e;
}
PIMNIC_MPI_ALIAS(MPI_Pack_external)

extern "C" int PMPI_Unpack_external(const char datarep[], const void* inbuf, MPI_Aint insize, MPI_Aint* position,
                                    void* outbuf, int outcount, MPI_Datatype datatype) {
  int at = int(*position);
  const int e = PMPI_Unpack(inbuf, int(insize), &at, outbuf, outcount, datatype, MPI_COMM_SELF);
  (void)datarep;
  *position = at;
  return e;
}
PIMNIC_MPI_ALIAS(MPI_Unpack_external)

extern "C" int PMPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype datatype, MPI_Aint* size) {
  int bytes;
  const int e = PMPI_Pack_size(incount, datatype, MPI_COMM_SELF, &bytes);
  (void)datarep;
  *size = bytes;
  return e;
}
PIMNIC_MPI_ALIAS(MPI_Pack_external_size)
