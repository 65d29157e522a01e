#include "core/comm.h"

#include <new>

#include "core/context_ids.h"
#include "core/handles.h"

namespace pimnic::mpi {
namespace {

// Handle index -> communicator (null: free slot). Slot 0 is MPI_COMM_NULL; slots are reused.
Vec<Comm*>& table() {
  static Vec<Comm*> comms;
  return comms;
}

uint32_t free_slot() {
  Vec<Comm*>& t = table();
  if (t.empty()) t.push_back(nullptr);
  for (uint32_t i = 1; i < t.size(); ++i) {
    if (!t[i]) return i;
  }
  t.push_back(nullptr);
  return t.size() - 1;
}

}  // namespace

int Comm::rank_of_world(int32_t world) const {
  if (identity) return world >= 0 && world < size ? world : -1;
  uint32_t lo = 0, hi = by_world.size();
  while (lo < hi) {
    const uint32_t mid = (lo + hi) / 2;
    if (by_world[mid].world < world) lo = mid + 1;
    else hi = mid;
  }
  return lo < by_world.size() && by_world[lo].world == world ? by_world[lo].rank : -1;
}

int Comm::peer_of_world(int32_t world) const {
  if (!inter) return rank_of_world(world);
  for (uint32_t r = 0; r < remote_of.size(); ++r) {
    if (remote_of[r] == world) return int(r);
  }
  return -1;
}

Comm* find_comm(MPI_Comm handle) {
  if (!handle_is(handle, HandleKind::Comm)) return nullptr;
  const uint32_t index = handle_index(handle);
  return index < table().size() ? table()[index] : nullptr;
}

Comm* world_comm() { return find_comm(MPI_COMM_WORLD); }

Comm* create_comm(const int32_t* world_ranks, int size, int my_rank, uint32_t context_pair,
                  MPI_Errhandler errhandler) {
  Comm* comm = new (checked_alloc(sizeof(Comm), "communicator")) Comm;
  comm->context_pair = context_pair;
  comm->errhandler = errhandler;
  set_members(*comm, world_ranks, size, my_rank);
  context_ids().claim(context_pair);
  const uint32_t slot = free_slot();
  table()[slot] = comm;
  comm->handle = make_handle(HandleKind::Comm, slot);
  comm->refs = 1;
  return comm;
}

void set_members(Comm& target, const int32_t* world_ranks, int size, int my_rank) {
  Comm* comm = &target;
  comm->rank = my_rank;
  comm->size = size;
  comm->identity = true;
  for (int r = 0; world_ranks && r < size; ++r) comm->identity = comm->identity && world_ranks[r] == r;
  if (!comm->identity) {
    comm->world_of.resize(uint32_t(size));
    comm->by_world.resize(uint32_t(size));
    for (int r = 0; r < size; ++r) {
      comm->world_of[uint32_t(r)] = world_ranks[r];
      // insertion into the sorted reverse map (members usually arrive in world order)
      uint32_t j = uint32_t(r);
      while (j > 0 && comm->by_world[j - 1].world > world_ranks[r]) {
        comm->by_world[j] = comm->by_world[j - 1];
        --j;
      }
      comm->by_world[j] = {world_ranks[r], r};
    }
  }
}

void comm_ref(Comm* comm) { ++comm->refs; }

void comm_unref(Comm* comm) {
  if (--comm->refs > 0) return;
  if (comm->local) free_comm_handle(comm->local);
  context_ids().release(comm->context_pair);
  comm->~Comm();
  free(comm);
}

void free_comm_handle(Comm* comm) {
  table()[handle_index(comm->handle)] = nullptr;
  comm->handle = MPI_COMM_NULL;
  comm_unref(comm);
}

}  // namespace pimnic::mpi
