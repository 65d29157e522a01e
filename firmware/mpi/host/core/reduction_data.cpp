#include "core/reduction_data.h"

#include <cstring>

namespace pimnic::mpi {

uint32_t reduction_bytes(const TypeInfo& type, int count) {
  if (!type.derived() || count == 0) return uint32_t(count) * type.extent;
  return uint32_t(int64_t(count - 1) * type.extent + type.true_lb + type.true_extent);  // (Call::op: true_lb >= 0)
}

ReductionData::ReductionData(const TypeInfo& type, int count)
    : type_(type), count_(count), bytes_(reduction_bytes(type, count)), through_scratch_(!type.dense && type.derived()) {}

void* ReductionData::output(void* items) {
  if (!through_scratch_) return items;
  scratch_.allocate(bytes_);
  return scratch_.bytes();
}

void* ReductionData::inout(void* items) {
  if (!through_scratch_) return items;
  scratch_.allocate(bytes_);
  memcpy(scratch_.bytes(), items, bytes_);
  return scratch_.bytes();
}

// Only the typemap's bytes go back: a segment is a run of its type's items at their extent.
void ReductionData::finish(void* items) {
  if (!through_scratch_) return;
  for (int i = 0; i < count_; ++i) {
    const int64_t item = int64_t(i) * type_.extent;
    for (uint32_t s = 0; s < type_.segment_count; ++s) {
      const Segment& seg = type_.segments[s];
      memcpy(static_cast<char*>(items) + item + seg.offset, scratch_.bytes() + item + seg.offset,
             size_t(seg.count) * seg.type->extent);
    }
  }
}

}  // namespace pimnic::mpi
