// Info objects: ordered (key, value) string pairs that hints travel in. pimnic takes no hints, so
// an info only keeps what the program put in it. MPI_INFO_ENV is an empty info that always exists.
#include <cstdio>
#include <cstring>
#include <new>

#include "api/api.h"
#include "core/call.h"
#include "core/handles.h"
#include "core/vec.h"

using namespace pimnic::mpi;

namespace {

struct Entry {
  char* key;
  char* value;
};

struct Info {
  Vec<Entry> entries;  // in the order the keys were first set
};

// Handle index -> info; 0 is MPI_INFO_NULL, 1 MPI_INFO_ENV; slots are reused.
Vec<Info*>& table() {
  static Vec<Info*> infos;
  if (infos.empty()) {
    infos.push_back(nullptr);
    infos.push_back(new (checked_alloc(sizeof(Info), "info")) Info);
  }
  return infos;
}

char* copy_string(const char* s) {
  const size_t n = strlen(s) + 1;
  char* c = static_cast<char*>(checked_alloc(n, "info string"));
  memcpy(c, s, n);
  return c;
}

int lookup(Call& call, MPI_Info handle, Info*& out) {
  out = nullptr;
  if (handle_is(handle, HandleKind::Info) && handle_index(handle) < table().size()) out = table()[handle_index(handle)];
  if (out) return MPI_SUCCESS;
  return call.fail(MPI_ERR_INFO, "invalid info 0x%x", unsigned(handle));
}

int check_key(Call& call, const char* key) {
  if (!key) return call.fail(MPI_ERR_INFO_KEY, "null key");
  const size_t n = strlen(key);
  if (n == 0 || n > MPI_MAX_INFO_KEY) return call.fail(MPI_ERR_INFO_KEY, "key of %u characters", unsigned(n));
  return MPI_SUCCESS;
}

Entry* find(Info& info, const char* key) {
  for (uint32_t i = 0; i < info.entries.size(); ++i) {
    if (strcmp(info.entries[i].key, key) == 0) return &info.entries[i];
  }
  return nullptr;
}

MPI_Info add(Info* info) {
  Vec<Info*>& t = table();
  uint32_t slot = 2;
  while (slot < t.size() && t[slot]) ++slot;
  if (slot == t.size()) t.push_back(nullptr);
  t[slot] = info;
  return make_handle(HandleKind::Info, slot);
}

}  // namespace

extern "C" int PMPI_Info_create(MPI_Info* info) {
  Call call("MPI_Info_create");
  if (int e = call.arg(info != nullptr, "info is null")) return e;
  *info = add(new (checked_alloc(sizeof(Info), "info")) Info);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Info_create)

extern "C" int PMPI_Info_free(MPI_Info* handle) {
  Call call("MPI_Info_free");
  Info* info;
  if (int e = call.arg(handle != nullptr, "info is null")) return e;
  if (int e = lookup(call, *handle, info)) return e;
  if (*handle == MPI_INFO_ENV) return call.fail(MPI_ERR_INFO, "MPI_INFO_ENV cannot be freed");
  for (uint32_t i = 0; i < info->entries.size(); ++i) {
    free(info->entries[i].key);
    free(info->entries[i].value);
  }
  info->~Info();
  free(info);
  table()[handle_index(*handle)] = nullptr;
  *handle = MPI_INFO_NULL;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Info_free)

extern "C" int PMPI_Info_dup(MPI_Info handle, MPI_Info* newinfo) {
  Call call("MPI_Info_dup");
  Info* info;
  if (int e = lookup(call, handle, info)) return e;
  if (int e = call.arg(newinfo != nullptr, "newinfo is null")) return e;
  Info* copy = new (checked_alloc(sizeof(Info), "info")) Info;
  for (uint32_t i = 0; i < info->entries.size(); ++i) {
    copy->entries.push_back({copy_string(info->entries[i].key), copy_string(info->entries[i].value)});
  }
  *newinfo = add(copy);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Info_dup)

extern "C" int PMPI_Info_set(MPI_Info handle, const char* key, const char* value) {
  Call call("MPI_Info_set");
  Info* info;
  if (int e = lookup(call, handle, info)) return e;
  if (int e = check_key(call, key)) return e;
  if (!value) return call.fail(MPI_ERR_INFO_VALUE, "null value");
  if (strlen(value) > MPI_MAX_INFO_VAL) return call.fail(MPI_ERR_INFO_VALUE, "value longer than MPI_MAX_INFO_VAL");
  if (Entry* entry = find(*info, key)) {
    free(entry->value);
    entry->value = copy_string(value);
  } else {
    info->entries.push_back({copy_string(key), copy_string(value)});
  }
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Info_set)

extern "C" int PMPI_Info_get(MPI_Info handle, const char* key, int valuelen, char* value, int* flag) {
  Call call("MPI_Info_get");
  Info* info;
  if (int e = lookup(call, handle, info)) return e;
  if (int e = check_key(call, key)) return e;
  if (int e = call.arg(flag && value && valuelen >= 0, "flag or value null, or valuelen negative")) return e;
  const Entry* entry = find(*info, key);
  *flag = entry != nullptr;
  if (entry) {  // at most valuelen characters and the terminating null
    const size_t n = strnlen(entry->value, size_t(valuelen));
    memcpy(value, entry->value, n);
    value[n] = 0;
  }
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Info_get)

extern "C" int PMPI_Info_get_string(MPI_Info handle, const char* key, int* buflen, char* value, int* flag) {
  Call call("MPI_Info_get_string");
  Info* info;
  if (int e = lookup(call, handle, info)) return e;
  if (int e = check_key(call, key)) return e;
  if (int e = call.arg(flag && buflen && (value || *buflen == 0), "flag, buflen or value is null")) return e;
  const Entry* entry = find(*info, key);
  *flag = entry != nullptr;
  if (!entry) return MPI_SUCCESS;
  const int length = int(strlen(entry->value)) + 1;
  if (*buflen > 0) snprintf(value, size_t(*buflen), "%s", entry->value);
  *buflen = length;
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Info_get_string)

extern "C" int PMPI_Info_get_valuelen(MPI_Info handle, const char* key, int* valuelen, int* flag) {
  Call call("MPI_Info_get_valuelen");
  Info* info;
  if (int e = lookup(call, handle, info)) return e;
  if (int e = check_key(call, key)) return e;
  if (int e = call.arg(flag && valuelen, "flag or valuelen is null")) return e;
  const Entry* entry = find(*info, key);
  *flag = entry != nullptr;
  if (entry) *valuelen = int(strlen(entry->value));
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Info_get_valuelen)

extern "C" int PMPI_Info_delete(MPI_Info handle, const char* key) {
  Call call("MPI_Info_delete");
  Info* info;
  if (int e = lookup(call, handle, info)) return e;
  if (int e = check_key(call, key)) return e;
  Entry* entry = find(*info, key);
  if (!entry) return call.fail(MPI_ERR_INFO_NOKEY, "no key \"%s\"", key);
  free(entry->key);
  free(entry->value);
  const uint32_t at = uint32_t(entry - info->entries.data());
  for (uint32_t i = at; i + 1 < info->entries.size(); ++i) info->entries[i] = info->entries[i + 1];
  info->entries.pop_back();
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Info_delete)

extern "C" int PMPI_Info_get_nkeys(MPI_Info handle, int* nkeys) {
  Call call("MPI_Info_get_nkeys");
  Info* info;
  if (int e = lookup(call, handle, info)) return e;
  if (int e = call.arg(nkeys != nullptr, "nkeys is null")) return e;
  *nkeys = int(info->entries.size());
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Info_get_nkeys)

extern "C" int PMPI_Info_get_nthkey(MPI_Info handle, int n, char* key) {
  Call call("MPI_Info_get_nthkey");
  Info* info;
  if (int e = lookup(call, handle, info)) return e;
  if (int e = call.arg(key != nullptr, "key is null")) return e;
  if (n < 0 || uint32_t(n) >= info->entries.size()) {
    return call.fail(MPI_ERR_ARG, "key number %d of an info with %u keys", n, unsigned(info->entries.size()));
  }
  snprintf(key, MPI_MAX_INFO_KEY + 1, "%s", info->entries[uint32_t(n)].key);
  return MPI_SUCCESS;
}
PIMNIC_MPI_ALIAS(MPI_Info_get_nthkey)
