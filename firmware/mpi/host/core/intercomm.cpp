#include "core/intercomm.h"

#include <cstring>

#include "coll/coll.h"
#include "core/context_ids.h"
#include "core/p2p.h"
#include "core/split_order.h"

namespace pimnic::mpi {
namespace {

// How a group's leader reaches the other group's leader: on `context` of `via` (comm ranks of
// `via`), with `tag`; `local` is the group, `leader` its leader's rank there.
struct Bridge {
  Comm& local;
  int leader;
  Comm& via;
  uint32_t context;
  int remote_leader;
  int tag;
};

int swap(Call& call, const Bridge& b, const void* out, uint32_t out_bytes, void* in, uint32_t in_bytes) {
  if (b.local.rank == b.leader) {
    Request* pair[2] = {
        start_bytes_recv(b.via, b.context, in, in_bytes, b.remote_leader, b.tag),
        start_bytes_send(b.via, b.context, out, out_bytes, b.remote_leader, b.tag, SendMode::Standard),
    };
    if (int e = coll_finish_all(call, pair, 2)) return e;
  }
  return coll_bcast(call, b.local, in, in_bytes, b.leader);
}

// Both groups' free masks ANDed; the lowest pair (and, with `second`, the next) free everywhere.
int agree(Call& call, const Bridge& b, uint32_t& pair, uint32_t* second) {
  uint32_t mine[ContextIdPool::kWords], theirs[ContextIdPool::kWords];
  memcpy(mine, context_ids().free_mask(), sizeof mine);
  if (int e = coll_allreduce(call, b.local, mine, mine, int(ContextIdPool::kWords), *find_type(MPI_UINT32_T),
                             MPI_UINT32_T, *find_op(MPI_BAND))) {
    return e;
  }
  if (int e = swap(call, b, mine, sizeof mine, theirs, sizeof theirs)) return e;
  for (uint32_t w = 0; w < ContextIdPool::kWords; ++w) mine[w] &= theirs[w];
  int lowest = ContextIdPool::lowest_free(mine);
  if (lowest >= 0 && second) {
    pair = uint32_t(lowest);
    mine[pair / 32] &= ~(1u << (pair % 32));
    lowest = ContextIdPool::lowest_free(mine);
    *second = uint32_t(lowest);
  }
  if (lowest < 0) return call.fail(MPI_ERR_OTHER, "no context id is free in both groups (too many communicators)");
  if (!second) pair = uint32_t(lowest);
  return MPI_SUCCESS;
}

void members_of(const Comm& comm, Vec<int32_t>& world) {
  for (int r = 0; r < comm.size; ++r) world.push_back(comm.world_rank(r));
}

// A new intercommunicator of `local_members` (me at `rank`) facing `remote`.
MPI_Comm make(const Vec<int32_t>& local_members, int rank, const Vec<int32_t>& remote, uint32_t pair,
              uint32_t local_pair, MPI_Errhandler errhandler) {
  const int n = int(local_members.size());
  Comm* inter = create_comm(local_members.data(), n, rank, pair, errhandler);
  inter->inter = true;
  for (uint32_t i = 0; i < remote.size(); ++i) inter->remote_of.push_back(remote[i]);
  inter->local = create_comm(local_members.data(), n, rank, local_pair, errhandler);
  return inter->handle;
}

Bridge across(Comm& inter) { return Bridge{*inter.local, 0, inter, inter.coll_context(), 0, kTagInter}; }

}  // namespace

int leaders_swap(Call& call, Comm& inter, const void* out, uint32_t out_bytes, void* in, uint32_t in_bytes) {
  return swap(call, across(inter), out, out_bytes, in, in_bytes);
}

int intercomm_create(Call& call, Comm& local, int local_leader, Comm& peer, int remote_leader, int tag,
                     MPI_Comm& out) {
  const Bridge b{local, local_leader, peer, peer.p2p_context(), remote_leader, tag};
  int sizes[2] = {local.size, 0};
  if (int e = swap(call, b, &sizes[0], sizeof(int), &sizes[1], sizeof(int))) return e;
  Vec<int32_t> mine, remote;
  members_of(local, mine);
  remote.resize(uint32_t(sizes[1]));
  if (int e = swap(call, b, mine.data(), uint32_t(sizeof(int32_t) * mine.size()), remote.data(),
                   uint32_t(sizeof(int32_t) * remote.size()))) {
    return e;
  }
  for (uint32_t i = 0; i < remote.size(); ++i) {
    if (local.rank_of_world(remote[i]) >= 0) return call.fail(MPI_ERR_COMM, "the local and remote groups overlap");
  }
  uint32_t pair, local_pair;
  if (int e = agree(call, b, pair, &local_pair)) return e;
  out = make(mine, local.rank, remote, pair, local_pair, local.errhandler);
  return MPI_SUCCESS;
}

int intercomm_dup(Call& call, Comm& inter, MPI_Comm& out) {
  uint32_t pair, local_pair;
  if (int e = agree(call, across(inter), pair, &local_pair)) return e;
  Vec<int32_t> local;
  members_of(inter, local);
  out = make(local, inter.rank, inter.remote_of, pair, local_pair, inter.errhandler);
  return MPI_SUCCESS;
}

int intercomm_merge(Call& call, Comm& inter, bool high, MPI_Comm& out) {
  const int mine[2] = {high, int(inter.world_rank(0))};
  int theirs[2];
  if (int e = leaders_swap(call, inter, mine, sizeof mine, theirs, sizeof theirs)) return e;
  const bool first = mine[0] != theirs[0] ? !high : mine[1] < theirs[1];
  Vec<int32_t> members, local;
  members_of(inter, local);
  const Vec<int32_t>& lower = first ? local : inter.remote_of;
  const Vec<int32_t>& upper = first ? inter.remote_of : local;
  for (uint32_t i = 0; i < lower.size(); ++i) members.push_back(lower[i]);
  for (uint32_t i = 0; i < upper.size(); ++i) members.push_back(upper[i]);
  uint32_t pair;
  if (int e = agree(call, across(inter), pair, nullptr)) return e;
  const int rank = first ? inter.rank : int(inter.remote_of.size()) + inter.rank;
  out = create_comm(members.data(), int(members.size()), rank, pair, inter.errhandler)->handle;
  return MPI_SUCCESS;
}

int intercomm_split(Call& call, Comm& inter, int color, int key, MPI_Comm& out) {
  const int n = inter.size, m = inter.peer_count();
  const int mine[2] = {color, key};
  Vec<int> local, remote;  // (color, key) of each rank of the group
  local.resize(2 * uint32_t(n));
  remote.resize(2 * uint32_t(m));
  if (int e = coll_allgather_bytes(call, *inter.local, mine, sizeof mine, local.data())) return e;
  if (int e = leaders_swap(call, inter, local.data(), uint32_t(sizeof(int) * local.size()), remote.data(),
                           uint32_t(sizeof(int) * remote.size()))) {
    return e;
  }
  uint32_t pair, local_pair;
  if (int e = agree(call, across(inter), pair, &local_pair)) return e;
  out = MPI_COMM_NULL;
  if (color == MPI_UNDEFINED) return MPI_SUCCESS;
  Vec<int> order;
  order.resize(uint32_t(n > m ? n : m));
  Vec<int32_t> local_members, remote_members;
  int rank = 0;
  for (int i = 0, count = split_members(local.data(), n, color, order.data()); i < count; ++i) {
    if (order[uint32_t(i)] == inter.rank) rank = i;
    local_members.push_back(inter.world_rank(order[uint32_t(i)]));
  }
  for (int i = 0, count = split_members(remote.data(), m, color, order.data()); i < count; ++i) {
    remote_members.push_back(inter.remote_of[uint32_t(order[uint32_t(i)])]);
  }
  if (remote_members.empty()) return MPI_SUCCESS;
  out = make(local_members, rank, remote_members, pair, local_pair, inter.errhandler);
  return MPI_SUCCESS;
}

}  // namespace pimnic::mpi
