#include "core/group.h"

#include <new>

#include "core/handles.h"

namespace pimnic::mpi {
namespace {

// Handle index -> group; 0 is MPI_GROUP_NULL, 1 MPI_GROUP_EMPTY; slots are reused.
Vec<Group*>& table() {
  static Vec<Group*> groups;
  if (groups.empty()) {
    groups.push_back(nullptr);
    groups.push_back(new (checked_alloc(sizeof(Group), "group")) Group);
  }
  return groups;
}

}  // namespace

int Group::rank_of_world(int32_t world_rank) const {
  for (uint32_t i = 0; i < world.size(); ++i) {
    if (world[i] == world_rank) return int(i);
  }
  return MPI_UNDEFINED;
}

Group* find_group(MPI_Group handle) {
  if (!handle_is(handle, HandleKind::Group)) return nullptr;
  const uint32_t index = handle_index(handle);
  return index < table().size() ? table()[index] : nullptr;
}

MPI_Group new_group(const int32_t* world, int n) {
  if (n == 0) return MPI_GROUP_EMPTY;
  Group* group = new (checked_alloc(sizeof(Group), "group")) Group;
  group->world.resize(uint32_t(n));
  for (int i = 0; i < n; ++i) group->world[uint32_t(i)] = world[i];
  Vec<Group*>& t = table();
  uint32_t slot = 2;
  while (slot < t.size() && t[slot]) ++slot;
  if (slot == t.size()) t.push_back(nullptr);
  t[slot] = group;
  return make_handle(HandleKind::Group, slot);
}

void delete_group(MPI_Group handle) {
  Group*& slot = table()[handle_index(handle)];
  slot->~Group();
  free(slot);
  slot = nullptr;
}

}  // namespace pimnic::mpi
