#include "core/op.h"

#include "core/handles.h"
#include "core/vec.h"

namespace pimnic::mpi {
namespace {

// Indexed by the handle's index (mpi.h); entry 0 is MPI_OP_NULL.
const OpInfo kPredefined[] = {
    {"MPI_OP_NULL", OpCode::User, true, nullptr},   {"MPI_MAX", OpCode::Max, true, nullptr},
    {"MPI_MIN", OpCode::Min, true, nullptr},        {"MPI_SUM", OpCode::Sum, true, nullptr},
    {"MPI_PROD", OpCode::Prod, true, nullptr},      {"MPI_LAND", OpCode::Land, true, nullptr},
    {"MPI_BAND", OpCode::Band, true, nullptr},      {"MPI_LOR", OpCode::Lor, true, nullptr},
    {"MPI_BOR", OpCode::Bor, true, nullptr},        {"MPI_LXOR", OpCode::Lxor, true, nullptr},
    {"MPI_BXOR", OpCode::Bxor, true, nullptr},      {"MPI_MINLOC", OpCode::Minloc, true, nullptr},
    {"MPI_MAXLOC", OpCode::Maxloc, true, nullptr},
};
constexpr uint32_t kPredefinedCount = sizeof kPredefined / sizeof kPredefined[0];
static_assert(handle_index(MPI_MAXLOC) == kPredefinedCount - 1, "kPredefined follows mpi.h's handle order");

// User ops after the predefined ones; a freed one keeps its slot (function null) so that its
// handle stays invalid.
Vec<OpInfo>& user_ops() {
  static Vec<OpInfo> ops;
  return ops;
}

}  // namespace

const OpInfo* find_op(MPI_Op handle) {
  if (!handle_is(handle, HandleKind::Op)) return nullptr;
  uint32_t index = handle_index(handle);
  if (index == 0) return nullptr;
  if (index < kPredefinedCount) return &kPredefined[index];
  index -= kPredefinedCount;
  if (index >= user_ops().size() || !user_ops()[index].user) return nullptr;
  return &user_ops()[index];
}

MPI_Op create_user_op(MPI_User_function* function, bool commutative) {
  user_ops().push_back({"user op", OpCode::User, commutative, function});
  return make_handle(HandleKind::Op, kPredefinedCount + user_ops().size() - 1);
}

bool free_user_op(MPI_Op handle) {
  const OpInfo* op = find_op(handle);
  if (!op || op->code != OpCode::User) return false;
  user_ops()[handle_index(handle) - kPredefinedCount].user = nullptr;
  return true;
}

bool op_applies(const OpInfo& op, const TypeInfo& type) {
  if (op.code == OpCode::User) return true;
  const TypeClass c = type.type_class;  // (Derived: no predefined op, as the standard says)
  switch (op.code) {
    case OpCode::Max:
    case OpCode::Min: return c == TypeClass::Integer || c == TypeClass::Floating;
    case OpCode::Sum:
    case OpCode::Prod: return c == TypeClass::Integer || c == TypeClass::Floating || c == TypeClass::Complex;
    case OpCode::Land:
    case OpCode::Lor:
    case OpCode::Lxor: return c == TypeClass::Integer || c == TypeClass::Logical;
    case OpCode::Band:
    case OpCode::Bor:
    case OpCode::Bxor: return c == TypeClass::Integer || c == TypeClass::Byte;
    case OpCode::Minloc:
    case OpCode::Maxloc: return c == TypeClass::Pair;
    default: return false;
  }
  return false;
}

void reduce_items(const OpInfo& op, const void* in, void* inout, uint32_t count, const TypeInfo& type,
                  MPI_Datatype type_handle) {
  if (count == 0) return;
  if (op.code == OpCode::User) {
    int len = int(count);
    MPI_Datatype t = type_handle;
    op.user(const_cast<void*>(in), inout, &len, &t);
    return;
  }
  predefined_reduce(op.code, in, inout, count, type);
}

}  // namespace pimnic::mpi
