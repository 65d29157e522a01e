// Reduction operations: the predefined ops of mpi.h (with the standard's rules on which types each
// applies to) and user ops from MPI_Op_create.
#pragma once
#include <cstdint>

#include "core/datatype.h"
#include "mpi.h"

namespace pimnic::mpi {

enum class OpCode : uint8_t { Max = 1, Min, Sum, Prod, Land, Band, Lor, Bor, Lxor, Bxor, Minloc, Maxloc, User };

struct OpInfo {
  const char* name;  // "MPI_SUM", or "user op"
  OpCode code;
  bool commutative;
  MPI_User_function* user;  // OpCode::User only
};

// The op of a handle (predefined or a live user op), or null.
const OpInfo* find_op(MPI_Op handle);
// A new user op; its handle.
MPI_Op create_user_op(MPI_User_function* function, bool commutative);
// Forget a user op (predefined ops cannot be freed: false).
bool free_user_op(MPI_Op handle);

// May `op` combine items of `type`? (MPI-1 4.9.2: MPI_SUM on MPI_CHAR or MPI_MAXLOC on MPI_INT is
// erroneous, and so is any predefined op on a derived type; user ops take anything.)
bool op_applies(const OpInfo& op, const TypeInfo& type);

// inout[i] = in[i] op inout[i] for `count` items in memory layout (extent apart). For a
// non-commutative op, `in` holds the lower ranks' part.
void reduce_items(const OpInfo& op, const void* in, void* inout, uint32_t count, const TypeInfo& type,
                  MPI_Datatype type_handle);

// The predefined kernels (op_kernels.cpp); `op` is not OpCode::User and applies to `type`.
void predefined_reduce(OpCode op, const void* in, void* inout, uint32_t count, const TypeInfo& type);

}  // namespace pimnic::mpi
