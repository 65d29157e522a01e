// Communicators: rank and size, dup, split, free, compare, names.
#include <cstring>

#include "api/api.h"
#include "core/attributes.h"
#include "core/call.h"
#include "coll/coll.h"
#include "core/comm_create.h"
#include "core/intercomm.h"
#include "core/split_order.h"

using namespace pimnic::mpi;

namespace {

// Communicators with the same members (as a set) and, with `ordered`, in the same order.
bool same_members(const Comm& a, const Comm& b, bool ordered) {
  if (a.size != b.size) return false;
  for (int r = 0; r < a.size; ++r) {
    if (ordered ? a.world_rank(r) != b.world_rank(r) : b.rank_of_world(a.world_rank(r)) < 0) return false;
  }
  return true;
}

}  // namespace

extern "C" int PMPI_Comm_rank(MPI_Comm comm_handle, int* rank) {
  Call call("MPI_Comm_rank");
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(rank != nullptr, "rank is null")) return e;
  *rank = comm->rank;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Comm_rank)

extern "C" int PMPI_Comm_size(MPI_Comm comm_handle, int* size) {
  Call call("MPI_Comm_size");
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(size != nullptr, "size is null")) return e;
  *size = comm->size;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Comm_size)

extern "C" int PMPI_Comm_dup(MPI_Comm comm_handle, MPI_Comm* newcomm) {
  Call call("MPI_Comm_dup");
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(newcomm != nullptr, "newcomm is null")) return e;
  if (comm->inter) {
    if (int e = intercomm_dup(call, *comm, *newcomm)) return e;
  } else {
    Vec<int32_t> members;
    for (int r = 0; r < comm->size; ++r) members.push_back(comm->world_rank(r));
    if (int e = create_from_members(call, *comm, members.data(), comm->size, *newcomm)) return e;
  }
  Comm& dup = *find_comm(*newcomm);
  if (comm->cartesian) copy_grid(dup, comm->grid);  // a dup keeps the topology
  if (comm->graph) copy_graph(dup, *comm);
  if (comm->dist_graph) copy_dist_graph(dup, *comm);
  if (int e = copy_attributes(comm->handle, comm->attributes, dup.attributes)) {        // and what the attributes' copy callbacks say
    return call.fail(MPI_ERR_OTHER, "an attribute's copy callback failed (%d)", e);
  }
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Comm_dup)

extern "C" int PMPI_Comm_split(MPI_Comm comm_handle, int color, int key, MPI_Comm* newcomm) {
  Call call("MPI_Comm_split");
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(newcomm != nullptr, "newcomm is null")) return e;
  if (color < 0 && color != MPI_UNDEFINED) return call.fail(MPI_ERR_ARG, "negative color %d", color);
  if (comm->inter) return intercomm_split(call, *comm, color, key, *newcomm);
  const int n = comm->size;
  Scratch everyone(sizeof(int) * 2 * uint32_t(n));
  int* color_key = reinterpret_cast<int*>(everyone.bytes());
  const int mine[2] = {color, key};
  if (int e = coll_allgather_bytes(call, *comm, mine, sizeof mine, color_key)) return e;
  Scratch order(sizeof(int) * uint32_t(n)), worlds(sizeof(int32_t) * uint32_t(n));
  int* members = reinterpret_cast<int*>(order.bytes());
  int32_t* world_ranks = reinterpret_cast<int32_t*>(worlds.bytes());
  const int size = color == MPI_UNDEFINED ? 0 : split_members(color_key, n, color, members);
  for (int i = 0; i < size; ++i) world_ranks[i] = comm->world_rank(members[i]);
  return create_from_members(call, *comm, world_ranks, size, *newcomm);  // everyone, MPI_UNDEFINED too
}
PIMNIC_MPI_ALIAS(MPI_Comm_split)

extern "C" int PMPI_Comm_free(MPI_Comm* comm_handle) {
  Call call("MPI_Comm_free");
  if (int e = call.arg(comm_handle != nullptr, "comm is null")) return e;
  Comm* comm;
  if (int e = call.comm(*comm_handle, comm)) return e;
  if (*comm_handle == MPI_COMM_WORLD || *comm_handle == MPI_COMM_SELF) {
    return call.fail(MPI_ERR_COMM, "%s cannot be freed", comm->name);
  }
  if (int e = delete_all_attributes(comm->handle, comm->attributes)) {
    return call.fail(MPI_ERR_OTHER, "an attribute's delete callback failed (%d)", e);
  }
  free_comm_handle(comm);
  *comm_handle = MPI_COMM_NULL;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Comm_free)

// Without dynamic processes, disconnecting is freeing once the communicator's messages are done
// (MPI_Comm_free already lets requests in flight finish on their own).
extern "C" int PMPI_Comm_disconnect(MPI_Comm* comm) { return PMPI_Comm_free(comm); }
PIMNIC_MPI_ALIAS(MPI_Comm_disconnect)

extern "C" int PMPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int* result) {
  Call call("MPI_Comm_compare");
  Comm *a, *b;
  if (int e = call.comm(comm1, a)) return e;
  if (int e = call.comm(comm2, b)) return e;
  if (int e = call.arg(result != nullptr, "result is null")) return e;
  *result = a == b                       ? MPI_IDENT
            : same_members(*a, *b, true)  ? MPI_CONGRUENT
            : same_members(*a, *b, false) ? MPI_SIMILAR
                                          : MPI_UNEQUAL;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Comm_compare)

extern "C" int PMPI_Comm_test_inter(MPI_Comm comm_handle, int* flag) {
  Call call("MPI_Comm_test_inter");
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(flag != nullptr, "flag is null")) return e;
  *flag = comm->inter;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Comm_test_inter)

extern "C" int PMPI_Comm_set_name(MPI_Comm comm_handle, const char* name) {
  Call call("MPI_Comm_set_name");
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(name != nullptr, "name is null")) return e;
  strncpy(comm->name, name, MPI_MAX_OBJECT_NAME - 1);
  comm->name[MPI_MAX_OBJECT_NAME - 1] = 0;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Comm_set_name)

extern "C" int PMPI_Comm_get_name(MPI_Comm comm_handle, char* name, int* resultlen) {
  Call call("MPI_Comm_get_name");
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(name && resultlen, "name or resultlen is null")) return e;
  strcpy(name, comm->name);
  *resultlen = int(strlen(name));
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Comm_get_name)
