// How mpi.h's integer handles are built: the kind in the top byte, an index below it; index 0 is the
// kind's null handle (MPI_COMM_NULL, MPI_REQUEST_NULL, ...). The values in mpi.h follow this.
#pragma once
#include <cstdint>

namespace pimnic::mpi {

enum class HandleKind : uint32_t {
  Comm = 1,
  Datatype = 2,
  Op = 3,
  Request = 4,
  Errhandler = 5,
  Keyval = 6,
  Group = 7,
  Info = 8,
  Message = 9,
};

inline constexpr uint32_t kHandleIndexLimit = 1u << 24;

constexpr int make_handle(HandleKind kind, uint32_t index) { return int((uint32_t(kind) << 24) | index); }
constexpr bool handle_is(int handle, HandleKind kind) { return (uint32_t(handle) >> 24) == uint32_t(kind); }
constexpr uint32_t handle_index(int handle) { return uint32_t(handle) & (kHandleIndexLimit - 1); }

}  // namespace pimnic::mpi
