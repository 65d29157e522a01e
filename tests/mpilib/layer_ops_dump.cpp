// reference_ops' table through pimnic's MPI layer (its datatype and op modules, native): must
// print what mpich_ops_dump prints (test mpilib.ops_vs_mpich). Also checks that the layer's type
// rules (op_applies) are the standard's, for every pair, allowed or not.
#include <cstdio>
#include <cstring>

#include "core/datatype.h"
#include "core/handles.h"
#include "core/op.h"
#include "reference_ops.h"

using namespace pimnic::mpi;

namespace {

MPI_Datatype type_handle(int type) {
  for (uint32_t i = 1; i < 256; ++i) {
    const MPI_Datatype h = make_handle(HandleKind::Datatype, i);
    const TypeInfo* info = find_type(h);
    if (info && !strcmp(info->name, ref_type_names[type])) return h;
  }
  fprintf(stderr, "no datatype %s\n", ref_type_names[type]);
  return MPI_DATATYPE_NULL;
}

MPI_Op op_handle(int op) {
  for (uint32_t i = 1; i < 64; ++i) {
    const MPI_Op h = make_handle(HandleKind::Op, i);
    const OpInfo* info = find_op(h);
    if (info && !strcmp(info->name, ref_op_names[op])) return h;
  }
  fprintf(stderr, "no op %s\n", ref_op_names[op]);
  return MPI_OP_NULL;
}

int reduce_local(const void* in, void* inout, int count, int type, int op) {
  const MPI_Datatype t = type_handle(type);
  const TypeInfo* info = find_type(t);
  const OpInfo* o = find_op(op_handle(op));
  if (!info || !o || !op_applies(*o, *info)) return MPI_ERR_OP;
  reduce_items(*o, in, inout, uint32_t(count), *info, t);
  return MPI_SUCCESS;
}

int type_size(int type, int* size, long* extent) {
  const TypeInfo* info = find_type(type_handle(type));
  *size = info ? int(info->size) : -1;
  *extent = info ? long(info->extent) : -1;
  return 0;
}

}  // namespace

int main() {
  int disagreements = 0;
  for (int t = 0; t < REF_TYPES; ++t) {
    for (int o = 0; o < REF_OPS; ++o) {
      const TypeInfo* info = find_type(type_handle(t));
      const OpInfo* op = find_op(op_handle(o));
      if (info && op && op_applies(*op, *info) != bool(ref_allowed(o, t))) {
        fprintf(stderr, "%s on %s: the layer says %s, the standard %s\n", ref_op_names[o], ref_type_names[t],
                op_applies(*op, *info) ? "allowed" : "not allowed", ref_allowed(o, t) ? "allowed" : "not allowed");
        ++disagreements;
      }
    }
  }
  ref_dump(reduce_local, type_size);
  return disagreements ? 1 : 0;
}
