#include "core/datatype_derived.h"

#include <climits>
#include <new>

#include "core/handles.h"
#include "core/vec.h"

namespace pimnic::mpi {
namespace {

struct DerivedType {
  TypeInfo info;
  Vec<Segment> segments;
  uint32_t slot;  // registry index
};

// Registry index -> derived type (null: free slot).
Vec<DerivedType*>& registry() {
  static Vec<DerivedType*> types;
  return types;
}

DerivedType* owner(const TypeInfo* type) {
  return reinterpret_cast<DerivedType*>(const_cast<TypeInfo*>(type));  // info is DerivedType's first member
}

// Append `count` items of predefined `type` at `offset`, merged into the last segment when they
// continue it.
void add_run(Vec<Segment>& segments, int64_t offset, const TypeInfo* type, uint32_t count) {
  if (count == 0) return;
  if (!segments.empty()) {
    Segment& last = segments.back();
    if (last.type == type && last.offset + int64_t(last.count) * type->extent == offset) {
      last.count += count;
      return;
    }
  }
  segments.push_back({offset, type, count});
}

// Size, bounds, element and density from the segments; false if too large.
bool summarise(DerivedType& d, const char** why) {
  TypeInfo& t = d.info;
  uint64_t size = 0, elements = 0;
  int64_t true_lb = 0, true_ub = 0;
  bool dense = true;
  int64_t next = 0;  // where a dense layout's next segment must start
  for (uint32_t i = 0; i < d.segments.size(); ++i) {
    const Segment& s = d.segments[i];
    size += uint64_t(s.count) * s.type->size;
    elements += uint64_t(s.count) * s.type->basic_elements();
    const int64_t end = s.offset + int64_t(s.count) * s.type->extent;
    true_lb = i == 0 || s.offset < true_lb ? s.offset : true_lb;
    true_ub = i == 0 || end > true_ub ? end : true_ub;
    dense = dense && s.type->dense && s.offset == next;
    next = end;
  }
  if (size > uint64_t(INT_MAX) || elements > uint64_t(INT_MAX)) {
    *why = "a derived type of more than INT_MAX bytes";
    return false;
  }
  t.size = uint32_t(size);
  t.elements = uint32_t(elements);
  t.true_lb = true_lb;
  t.true_extent = true_ub - true_lb;
  t.dense = dense && t.lb == 0 && t.extent == int64_t(size);
  t.segments = d.segments.data();
  t.segment_count = d.segments.size();
  return true;
}

const TypeInfo* install(DerivedType* d, const char** why) {
  if (!summarise(*d, why)) {
    d->~DerivedType();
    free(d);
    return nullptr;
  }
  Vec<DerivedType*>& r = registry();
  uint32_t slot = 0;
  while (slot < r.size() && r[slot]) ++slot;
  if (slot == r.size()) r.push_back(nullptr);
  r[slot] = d;
  d->slot = slot;
  d->info.refs = 1;
  return &d->info;
}

DerivedType* fresh() {
  DerivedType* d = new (checked_alloc(sizeof(DerivedType), "datatype")) DerivedType;
  d->info = TypeInfo{"derived", TypeClass::Derived, Scalar::U8, 0, 0, 0, 1, false, nullptr, 0, 0, 0, 0, 0, false, 0};
  return d;
}

}  // namespace

const TypeInfo* build_derived(const Placement* placements, uint32_t n, bool padded, const char** why) {
  DerivedType* d = fresh();
  int64_t lb = 0, ub = 0;
  bool any = false;
  uint32_t align = 1;
  for (uint32_t p = 0; p < n; ++p) {
    const Placement& pl = placements[p];
    const TypeInfo& t = *pl.type;
    if (pl.count == 0) continue;
    // Copy k spans [first + k * extent, first + (k + 1) * extent) (reversed when the extent is
    // negative): the bounds are the lowest start and the highest end over the copies.
    const int64_t first = pl.displacement + t.lb;
    const int64_t last_copy = first + int64_t(pl.count - 1) * t.extent;
    const int64_t low = first < last_copy ? first : last_copy;
    const int64_t high = (t.extent < 0 ? first : last_copy) + t.extent;
    lb = !any || low < lb ? low : lb;
    ub = !any || high > ub ? high : ub;
    any = true;
    align = t.align > align ? t.align : align;
    if (!t.derived()) {
      add_run(d->segments, pl.displacement, &t, pl.count);
      continue;
    }
    for (uint32_t k = 0; k < pl.count; ++k) {
      const int64_t base = pl.displacement + int64_t(k) * t.extent;
      for (uint32_t s = 0; s < t.segment_count; ++s) {
        add_run(d->segments, base + t.segments[s].offset, t.segments[s].type, t.segments[s].count);
      }
    }
  }
  if (padded && ub > lb && (ub - lb) % align) ub += align - (ub - lb) % align;
  if (ub - lb > int64_t(INT_MAX) || ub - lb < int64_t(INT_MIN)) {
    *why = "a derived type whose extent is more than INT_MAX bytes";
    d->~DerivedType();
    free(d);
    return nullptr;
  }
  d->info.lb = lb;
  d->info.extent = ub - lb;
  d->info.align = align;
  return install(d, why);
}

const TypeInfo* resize_derived(const TypeInfo& type, int64_t lb, int64_t extent, const char** why) {
  if (extent < int64_t(INT_MIN) || extent > int64_t(INT_MAX)) {
    *why = "an extent of more than INT_MAX bytes either way";
    return nullptr;
  }
  DerivedType* d = fresh();
  if (type.derived()) {
    for (uint32_t s = 0; s < type.segment_count; ++s) d->segments.push_back(type.segments[s]);
  } else {
    add_run(d->segments, 0, &type, 1);
  }
  d->info.lb = lb;
  d->info.extent = extent;
  d->info.align = type.align;
  return install(d, why);
}

MPI_Datatype derived_handle(const TypeInfo* type) {
  return make_handle(HandleKind::Datatype, predefined_type_count() + owner(type)->slot);
}

void commit_derived(const TypeInfo* type) { owner(type)->info.committed = true; }

void free_derived_handle(const TypeInfo* type) {
  registry()[owner(type)->slot] = nullptr;
  type_unref(type);
}

const TypeInfo* find_derived(uint32_t index) {
  Vec<DerivedType*>& r = registry();
  return index < r.size() && r[index] ? &r[index]->info : nullptr;
}

void type_ref(const TypeInfo* type) {
  if (type && type->derived()) ++owner(type)->info.refs;
}

void type_unref(const TypeInfo* type) {
  if (!type || !type->derived()) return;
  DerivedType* d = owner(type);
  if (--d->info.refs > 0) return;
  d->~DerivedType();
  free(d);
}

}  // namespace pimnic::mpi
