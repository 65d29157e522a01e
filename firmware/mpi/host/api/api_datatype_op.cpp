// Datatype queries and reduction operations as the program sees them.
#include "api/api.h"
#include "core/call.h"
#include "core/reduction_data.h"

using namespace pimnic::mpi;

extern "C" int PMPI_Type_size(MPI_Datatype datatype, int* size) {
  Call call("MPI_Type_size");
  const TypeInfo* type;
  if (int e = call.any_datatype(datatype, type)) return e;
  if (int e = call.arg(size != nullptr, "size is null")) return e;
  *size = int(type->size);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_size)

extern "C" int PMPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint* lb, MPI_Aint* extent) {
  Call call("MPI_Type_get_extent");
  const TypeInfo* type;
  if (int e = call.any_datatype(datatype, type)) return e;
  if (int e = call.arg(lb && extent, "lb or extent is null")) return e;
  *lb = MPI_Aint(type->lb);
  *extent = MPI_Aint(type->extent);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Type_get_extent)

extern "C" int PMPI_Op_create(MPI_User_function* user_fn, int commute, MPI_Op* op) {
  Call call("MPI_Op_create");
  if (int e = call.arg(user_fn && op, "user_fn or op is null")) return e;
  *op = create_user_op(user_fn, commute != 0);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Op_create)

extern "C" int PMPI_Op_free(MPI_Op* op) {
  Call call("MPI_Op_free");
  if (int e = call.arg(op != nullptr, "op is null")) return e;
  if (!free_user_op(*op)) {
    return call.fail(MPI_ERR_OP, find_op(*op) ? "predefined operations cannot be freed" : "invalid operation");
  }
  *op = MPI_OP_NULL;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Op_free)

extern "C" int PMPI_Op_commutative(MPI_Op op_handle, int* commute) {
  Call call("MPI_Op_commutative");
  const OpInfo* op = find_op(op_handle);
  if (!op) return call.fail(MPI_ERR_OP, "invalid operation 0x%x", unsigned(op_handle));
  if (int e = call.arg(commute != nullptr, "commute is null")) return e;
  *commute = op->commutative;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Op_commutative)

extern "C" int PMPI_Reduce_local(const void* inbuf, void* inoutbuf, int count, MPI_Datatype datatype, MPI_Op op_handle) {
  Call call("MPI_Reduce_local");
  const TypeInfo* type;
  const OpInfo* op;
  if (int e = call.count(count)) return e;
  if (int e = call.datatype(datatype, type)) return e;
  if (int e = call.op(op_handle, *type, op)) return e;
  if (int e = call.buffer(inbuf, count)) return e;
  if (int e = call.buffer(inoutbuf, count)) return e;
  ReductionData data(*type, count);
  const void* in = data.input(inbuf);
  void* inout = data.inout(inoutbuf);
  reduce_items(*op, in, inout, uint32_t(count), *type, datatype);
  data.finish(inoutbuf);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Reduce_local)
