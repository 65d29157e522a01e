#include "core/attributes.h"

#include "core/handles.h"
#include "core/vec.h"

namespace pimnic::mpi {
namespace {

struct Keyval {
  MPI_Comm_copy_attr_function* copy;
  MPI_Comm_delete_attr_function* del;
  void* extra_state;
  bool freed;
  uint32_t attached;  // attributes set with it: a freed keyval stays valid until the last is deleted
};

// Keyvals after the predefined attribute keys (mpi.h's MPI_TAG_UB ... MPI_LASTUSEDCODE: 1 to 7).
constexpr uint32_t kFirstUserKeyval = 8;

Vec<Keyval>& keyvals() {
  static Vec<Keyval> table;
  return table;
}

Keyval* find(int keyval) {
  if (!handle_is(keyval, HandleKind::Keyval)) return nullptr;
  const uint32_t index = handle_index(keyval);
  if (index < kFirstUserKeyval || index - kFirstUserKeyval >= keyvals().size()) return nullptr;
  return &keyvals()[index - kFirstUserKeyval];
}

int index_of(const AttributeList& list, int keyval) {
  for (uint32_t i = 0; i < list.size(); ++i) {
    if (list[i].keyval == keyval) return int(i);
  }
  return -1;
}

// (MPI_Comm and MPI_Datatype are both int, so one callback type serves both kinds of keyval.)
int run_delete(int object, int keyval, void* value) {
  const Keyval* k = find(keyval);
  return k && k->del ? k->del(object, keyval, value, k->extra_state) : MPI_SUCCESS;
}

}  // namespace

bool keyval_valid(int keyval) {
  const Keyval* k = find(keyval);
  return k && (!k->freed || k->attached > 0);
}

int create_keyval(MPI_Comm_copy_attr_function* copy, MPI_Comm_delete_attr_function* del, void* extra_state) {
  keyvals().push_back({copy, del, extra_state, false, 0});
  return make_handle(HandleKind::Keyval, kFirstUserKeyval + keyvals().size() - 1);
}

void free_keyval(int keyval) { find(keyval)->freed = true; }

bool get_attribute(const AttributeList& list, int keyval, void*& value) {
  const int i = index_of(list, keyval);
  if (i < 0) return false;
  value = list[uint32_t(i)].value;
  return true;
}

int set_attribute(int object, AttributeList& list, int keyval, void* value) {
  const int i = index_of(list, keyval);
  if (i >= 0) {
    if (int e = run_delete(object, keyval, list[uint32_t(i)].value)) return e;
    list[uint32_t(i)].value = value;
    return MPI_SUCCESS;
  }
  list.push_back({keyval, value});
  ++find(keyval)->attached;
  return MPI_SUCCESS;
}

int delete_attribute(int object, AttributeList& list, int keyval) {
  const int i = index_of(list, keyval);
  if (i < 0) return MPI_SUCCESS;
  if (int e = run_delete(object, keyval, list[uint32_t(i)].value)) return e;
  for (uint32_t j = uint32_t(i) + 1; j < list.size(); ++j) list[j - 1] = list[j];
  list.pop_back();
  --find(keyval)->attached;
  return MPI_SUCCESS;
}

int copy_attributes(int from_object, const AttributeList& from, AttributeList& to) {
  for (uint32_t i = 0; i < from.size(); ++i) {
    const Attribute& a = from[i];
    const Keyval* k = find(a.keyval);
    if (!k || !k->copy) continue;  // MPI_COMM_NULL_COPY_FN: not copied
    void* value = nullptr;
    int flag = 0;
    if (int e = k->copy(from_object, a.keyval, k->extra_state, a.value, &value, &flag)) return e;
    if (flag) {
      to.push_back({a.keyval, value});
      ++find(a.keyval)->attached;
    }
  }
  return MPI_SUCCESS;
}

int delete_all_attributes(int object, AttributeList& list) {
  while (!list.empty()) {
    if (int e = delete_attribute(object, list, list.back().keyval)) return e;
  }
  return MPI_SUCCESS;
}

}  // namespace pimnic::mpi

// MPI_DUP_FN / MPI_COMM_DUP_FN: the new communicator gets the same value.
extern "C" int pimnic_mpi_dup_fn(MPI_Comm oldcomm, int keyval, void* extra_state, void* attribute_val_in,
                                 void* attribute_val_out, int* flag) {
  (void)oldcomm;
  (void)keyval;
  (void)extra_state;
  *static_cast<void**>(attribute_val_out) = attribute_val_in;
  *flag = 1;
  return MPI_SUCCESS;
}
