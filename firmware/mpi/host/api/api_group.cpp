// Groups and MPI_Comm_create.
#include "api/api.h"
#include "core/call.h"
#include "coll/coll.h"
#include "core/comm_create.h"
#include "core/group.h"
#include "core/intercomm.h"

using namespace pimnic::mpi;

namespace {

int lookup(Call& call, MPI_Group handle, Group*& out) {
  out = find_group(handle);
  if (out) return MPI_SUCCESS;
  return call.fail(MPI_ERR_GROUP, handle == MPI_GROUP_NULL ? "null group" : "invalid group 0x%x", unsigned(handle));
}

// ranks[0..n) name distinct members of `group`.
int check_ranks(Call& call, const Group& group, int n, const int* ranks) {
  if (int e = call.count(n)) return e;
  if (int e = call.arg(ranks || n == 0, "ranks is null")) return e;
  Scratch seen(uint32_t(group.size()));
  for (int i = 0; i < group.size(); ++i) seen.bytes()[i] = 0;
  for (int i = 0; i < n; ++i) {
    if (ranks[i] < 0 || ranks[i] >= group.size()) {
      return call.fail(MPI_ERR_RANK, "invalid rank %d (group of %d)", ranks[i], group.size());
    }
    if (seen.bytes()[ranks[i]]++) return call.fail(MPI_ERR_RANK, "rank %d named twice", ranks[i]);
  }
  return MPI_SUCCESS;
}

// The ranks of `ranges` (first, last, stride triples), in order, checked; at most group.size().
int expand_ranges(Call& call, const Group& group, int n, int ranges[][3], Vec<int>& ranks) {
  if (int e = call.count(n)) return e;
  if (int e = call.arg(ranges || n == 0, "ranges is null")) return e;
  for (int i = 0; i < n; ++i) {
    const int first = ranges[i][0], last = ranges[i][1], stride = ranges[i][2];
    if (stride == 0) return call.fail(MPI_ERR_ARG, "range %d has stride 0", i);
    for (int r = first; stride > 0 ? r <= last : r >= last; r += stride) {
      if (ranks.size() >= uint32_t(group.size())) return call.fail(MPI_ERR_RANK, "ranges name a rank twice");
      ranks.push_back(r);
    }
  }
  return check_ranks(call, group, int(ranks.size()), ranks.data());
}

MPI_Group include(const Group& group, int n, const int* ranks) {
  Vec<int32_t> world;
  for (int i = 0; i < n; ++i) world.push_back(group.world[uint32_t(ranks[i])]);
  return new_group(world.data(), n);
}

MPI_Group exclude(const Group& group, int n, const int* ranks) {
  Scratch dropped(uint32_t(group.size()));
  for (int i = 0; i < group.size(); ++i) dropped.bytes()[i] = 0;
  for (int i = 0; i < n; ++i) dropped.bytes()[ranks[i]] = 1;
  Vec<int32_t> world;
  for (int i = 0; i < group.size(); ++i) {
    if (!dropped.bytes()[i]) world.push_back(group.world[uint32_t(i)]);
  }
  return new_group(world.data(), int(world.size()));
}

// Members of `a` kept by `keep(in_b)`, in a's order, then (union) b's members not in a.
template <class Keep>
MPI_Group combine(const Group& a, const Group& b, Keep keep, bool add_rest_of_b) {
  Vec<int32_t> world;
  for (uint32_t i = 0; i < a.world.size(); ++i) {
    if (keep(b.rank_of_world(a.world[i]) != MPI_UNDEFINED)) world.push_back(a.world[i]);
  }
  for (uint32_t i = 0; add_rest_of_b && i < b.world.size(); ++i) {
    if (a.rank_of_world(b.world[i]) == MPI_UNDEFINED) world.push_back(b.world[i]);
  }
  return new_group(world.data(), int(world.size()));
}

int two_groups(MPI_Group g1, MPI_Group g2, MPI_Group* newgroup, Group*& a, Group*& b, Call& call) {
  if (int e = lookup(call, g1, a)) return e;
  if (int e = lookup(call, g2, b)) return e;
  return call.arg(newgroup != nullptr, "newgroup is null");
}

}  // namespace

extern "C" int PMPI_Comm_group(MPI_Comm comm_handle, MPI_Group* group) {
  Call call("MPI_Comm_group");
  Comm* comm;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = call.arg(group != nullptr, "group is null")) return e;
  Vec<int32_t> world;
  for (int r = 0; r < comm->size; ++r) world.push_back(comm->world_rank(r));
  *group = new_group(world.data(), comm->size);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Comm_group)

// Collective over comm; the group's members get a communicator in group order, the others
// MPI_COMM_NULL.
extern "C" int PMPI_Comm_create(MPI_Comm comm_handle, MPI_Group group_handle, MPI_Comm* newcomm) {
  Call call("MPI_Comm_create");
  Comm* comm;
  Group* group;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = lookup(call, group_handle, group)) return e;
  if (int e = call.arg(newcomm != nullptr, "newcomm is null")) return e;
  for (uint32_t i = 0; i < group->world.size(); ++i) {
    if (comm->rank_of_world(group->world[i]) < 0) {
      return call.fail(MPI_ERR_GROUP, "world rank %d of the group is not in the communicator", int(group->world[i]));
    }
  }
  if (comm->inter) {  // the group is of the local members
    const int me = group->rank_of_world(comm->world_rank(comm->rank));
    return intercomm_split(call, *comm, me == MPI_UNDEFINED ? MPI_UNDEFINED : 0, me, *newcomm);
  }
  return create_from_members(call, *comm, group->world.data(), group->size(), *newcomm);
}
PIMNIC_MPI_ALIAS(MPI_Comm_create)

// Only the group's members call it: they agree on a context pair among themselves, through a
// stand-in communicator of the group on the parent's collective context whose tags `tag` sets
// apart (members of several groups may be creating at once).
extern "C" int PMPI_Comm_create_group(MPI_Comm comm_handle, MPI_Group group_handle, int tag, MPI_Comm* newcomm) {
  Call call("MPI_Comm_create_group");
  Comm* comm;
  Group* group;
  if (int e = call.comm(comm_handle, comm)) return e;
  if (int e = lookup(call, group_handle, group)) return e;
  if (int e = call.arg(newcomm != nullptr, "newcomm is null")) return e;
  if (int e = call.send_tag(tag)) return e;
  if (int e = call.arg(!comm->inter, "an intercommunicator")) return e;
  const int me = group->rank_of_world(comm->world_rank(comm->rank));
  if (me == MPI_UNDEFINED) {
    *newcomm = MPI_COMM_NULL;
    return MPI_SUCCESS;
  }
  for (uint32_t i = 0; i < group->world.size(); ++i) {
    if (comm->rank_of_world(group->world[i]) < 0) {
      return call.fail(MPI_ERR_GROUP, "world rank %d of the group is not in the communicator", int(group->world[i]));
    }
  }
  Comm members;
  set_members(members, group->world.data(), group->size(), me);
  members.context_pair = comm->context_pair;
  members.errhandler = comm->errhandler;
  members.tag_base = (1 << 28) + ((tag & 0xfff) << 8);
  members.refs = 1;  // never released: it lives on this stack
  return create_from_members(call, members, group->world.data(), group->size(), *newcomm);
}
PIMNIC_MPI_ALIAS(MPI_Comm_create_group)

extern "C" int PMPI_Group_size(MPI_Group group_handle, int* size) {
  Call call("MPI_Group_size");
  Group* group;
  if (int e = lookup(call, group_handle, group)) return e;
  if (int e = call.arg(size != nullptr, "size is null")) return e;
  *size = group->size();
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Group_size)

extern "C" int PMPI_Group_rank(MPI_Group group_handle, int* rank) {
  Call call("MPI_Group_rank");
  Group* group;
  if (int e = lookup(call, group_handle, group)) return e;
  if (int e = call.arg(rank != nullptr, "rank is null")) return e;
  *rank = group->rank_of_world(world_comm()->rank);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Group_rank)

extern "C" int PMPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2,
                                          int ranks2[]) {
  Call call("MPI_Group_translate_ranks");
  Group *a, *b;
  if (int e = lookup(call, group1, a)) return e;
  if (int e = lookup(call, group2, b)) return e;
  if (int e = call.count(n)) return e;
  if (int e = call.arg((ranks1 && ranks2) || n == 0, "ranks1 or ranks2 is null")) return e;
  for (int i = 0; i < n; ++i) {
    if (ranks1[i] == MPI_PROC_NULL) {
      ranks2[i] = MPI_PROC_NULL;
      continue;
    }
    if (ranks1[i] < 0 || ranks1[i] >= a->size()) {
      return call.fail(MPI_ERR_RANK, "invalid rank %d (group of %d)", ranks1[i], a->size());
    }
    ranks2[i] = b->rank_of_world(a->world[uint32_t(ranks1[i])]);
  }
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Group_translate_ranks)

extern "C" int PMPI_Group_compare(MPI_Group group1, MPI_Group group2, int* result) {
  Call call("MPI_Group_compare");
  Group *a, *b;
  if (int e = lookup(call, group1, a)) return e;
  if (int e = lookup(call, group2, b)) return e;
  if (int e = call.arg(result != nullptr, "result is null")) return e;
  bool same_order = a->size() == b->size(), same_set = same_order;
  for (int i = 0; same_set && i < a->size(); ++i) {
    same_order = same_order && a->world[uint32_t(i)] == b->world[uint32_t(i)];
    same_set = b->rank_of_world(a->world[uint32_t(i)]) != MPI_UNDEFINED;
  }
  *result = same_order ? MPI_IDENT : same_set ? MPI_SIMILAR : MPI_UNEQUAL;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Group_compare)

extern "C" int PMPI_Group_incl(MPI_Group group_handle, int n, const int ranks[], MPI_Group* newgroup) {
  Call call("MPI_Group_incl");
  Group* group;
  if (int e = lookup(call, group_handle, group)) return e;
  if (int e = call.arg(newgroup != nullptr, "newgroup is null")) return e;
  if (int e = check_ranks(call, *group, n, ranks)) return e;
  *newgroup = include(*group, n, ranks);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Group_incl)

extern "C" int PMPI_Group_excl(MPI_Group group_handle, int n, const int ranks[], MPI_Group* newgroup) {
  Call call("MPI_Group_excl");
  Group* group;
  if (int e = lookup(call, group_handle, group)) return e;
  if (int e = call.arg(newgroup != nullptr, "newgroup is null")) return e;
  if (int e = check_ranks(call, *group, n, ranks)) return e;
  *newgroup = exclude(*group, n, ranks);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Group_excl)

namespace {

// MPI_Group_range_incl and _excl: the ranks the ranges name, kept or left out.
int by_ranges(const char* name, MPI_Group group_handle, int n, int ranges[][3], MPI_Group* newgroup, bool keep) {
  Call call(name);
  Group* group;
  Vec<int> ranks;
  if (int e = lookup(call, group_handle, group)) return e;
  if (int e = call.arg(newgroup != nullptr, "newgroup is null")) return e;
  if (int e = expand_ranges(call, *group, n, ranges, ranks)) return e;
  *newgroup = (keep ? include : exclude)(*group, int(ranks.size()), ranks.data());
  return MPI_SUCCESS;
}

}  // namespace

extern "C" int PMPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group* newgroup) {
  return by_ranges("MPI_Group_range_incl", group, n, ranges, newgroup, true);
}
PIMNIC_MPI_ALIAS(MPI_Group_range_incl)

extern "C" int PMPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group* newgroup) {
  return by_ranges("MPI_Group_range_excl", group, n, ranges, newgroup, false);
}
PIMNIC_MPI_ALIAS(MPI_Group_range_excl)

extern "C" int PMPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
  Call call("MPI_Group_union");
  Group *a, *b;
  if (int e = two_groups(group1, group2, newgroup, a, b, call)) return e;
  *newgroup = combine(*a, *b, [](bool) { return true; }, true);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Group_union)

extern "C" int PMPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
  Call call("MPI_Group_intersection");
  Group *a, *b;
  if (int e = two_groups(group1, group2, newgroup, a, b, call)) return e;
  *newgroup = combine(*a, *b, [](bool in_b) { return in_b; }, false);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Group_intersection)

extern "C" int PMPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
  Call call("MPI_Group_difference");
  Group *a, *b;
  if (int e = two_groups(group1, group2, newgroup, a, b, call)) return e;
  *newgroup = combine(*a, *b, [](bool in_b) { return !in_b; }, false);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Group_difference)

extern "C" int PMPI_Group_free(MPI_Group* group_handle) {
  Call call("MPI_Group_free");
  if (int e = call.arg(group_handle != nullptr, "group is null")) return e;
  Group* group;
  if (int e = lookup(call, *group_handle, group)) return e;
  if (*group_handle != MPI_GROUP_EMPTY) delete_group(*group_handle);  // (the empty group stays)
  *group_handle = MPI_GROUP_NULL;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Group_free)
