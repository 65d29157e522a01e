#include "coll/coll_layout.h"

namespace pimnic::mpi {

Layout::Layout(int n) : n_(n) {
  lengths_.resize(uint32_t(n));
  offsets_.resize(uint32_t(n));
  counts_.resize(uint32_t(n));
  user_offsets_.resize(uint32_t(n));
}

// Block i: `count` items at `displacement` items; view lengths and offsets follow from the type.
int Layout::checked_block(Call& call, int i, int count, int displacement) {
  if (int e = call.count(count)) return e;
  if (displacement < 0) return call.fail(MPI_ERR_ARG, "negative displacement %d", displacement);
  uint32_t memory_length;
  if (int e = call.memory_bytes(count, *type_, memory_length)) return e;
  if (int e = call.memory_bytes(displacement, *type_, user_offsets_[uint32_t(i)])) return e;
  if (uint64_t(user_offsets_[uint32_t(i)]) + memory_length > 0x7fffffffu) {
    return call.fail(MPI_ERR_COUNT, "a buffer of more than INT_MAX bytes");
  }
  counts_[uint32_t(i)] = count;
  lengths_[uint32_t(i)] = packed() ? uint32_t(count) * type_->size : memory_length;
  return MPI_SUCCESS;
}

int Layout::uniform(Call& call, int count, const TypeInfo& type) {
  type_ = &type;
  for (int i = 0; i < n_; ++i) {
    if (uint64_t(uint32_t(count)) * uint32_t(i) > 0x7fffffffu) {
      return call.fail(MPI_ERR_COUNT, "%d ranks of %d items are more than INT_MAX items", n_, count);
    }
    if (int e = checked_block(call, i, count, count * i)) return e;
  }
  return MPI_SUCCESS;
}

int Layout::consecutive(Call& call, const int* counts, const TypeInfo& type) {
  type_ = &type;
  if (int e = call.arg(counts != nullptr, "counts are null")) return e;
  int64_t at = 0;
  for (int i = 0; i < n_; ++i) {
    if (at > 0x7fffffff) return call.fail(MPI_ERR_COUNT, "counts add up to more than INT_MAX items");
    if (int e = checked_block(call, i, counts[i], int(at))) return e;
    at += counts[i];
  }
  return MPI_SUCCESS;
}

int Layout::displaced(Call& call, const int* counts, const int* displs, const TypeInfo& type) {
  type_ = &type;
  if (int e = call.arg(counts && displs, "counts or displacements are null")) return e;
  for (int i = 0; i < n_; ++i) {
    if (int e = checked_block(call, i, counts[i], displs[i])) return e;
  }
  return MPI_SUCCESS;
}

uint32_t Layout::total() {
  uint32_t sum = 0;
  for (int i = 0; i < n_; ++i) sum += lengths_[uint32_t(i)];
  return sum;
}

uint32_t Layout::span() {
  uint32_t end = 0;
  for (int i = 0; i < n_; ++i) {
    const uint32_t block_end = offsets_[uint32_t(i)] + lengths_[uint32_t(i)];
    if (block_end > end) end = block_end;
  }
  return end;
}

bool Layout::consecutive_blocks() {
  uint32_t next = 0;
  for (int i = 0; i < n_; ++i) {
    if (offsets_[uint32_t(i)] != next) return false;
    next += lengths_[uint32_t(i)];
  }
  return true;
}

char* Layout::view(void* user) {
  // The view's offsets: the user's for a dense type, packed blocks one after another otherwise.
  uint32_t at = 0;
  for (int i = 0; i < n_; ++i) {
    offsets_[uint32_t(i)] = packed() ? at : user_offsets_[uint32_t(i)];
    at += lengths_[uint32_t(i)];
  }
  if (!packed()) return view_ = static_cast<char*>(user);
  copy_.allocate(at);
  return view_ = copy_.bytes();
}

void Layout::pack(const void* user, int only) {
  if (!packed()) return;
  for (int i = 0; i < n_; ++i) {
    if (only >= 0 && i != only) continue;
    pack_items(*type_, static_cast<const char*>(user) + user_offsets_[uint32_t(i)], uint32_t(counts_[uint32_t(i)]),
               view_ + offsets_[uint32_t(i)]);
  }
}

void Layout::unpack(void* user, int only) {
  if (!packed()) return;
  for (int i = 0; i < n_; ++i) {
    if (only >= 0 && i != only) continue;
    unpack_items(*type_, view_ + offsets_[uint32_t(i)], uint32_t(counts_[uint32_t(i)]),
                 static_cast<char*>(user) + user_offsets_[uint32_t(i)]);
  }
}

Block::Block(const TypeInfo& type, int count, const void* user)
    : type_(type), count_(count), user_(static_cast<char*>(const_cast<void*>(user))) {
  bytes_ = uint32_t(count) * (type.dense ? type.extent : type.size);
  if (type.dense) {
    data_ = user_;
  } else {
    copy_.allocate(bytes_);
    data_ = copy_.bytes();
  }
}

void Block::pack() {
  if (!type_.dense) pack_items(type_, user_, uint32_t(count_), data_);
}

void Block::unpack() {
  if (!type_.dense) unpack_items(type_, data_, uint32_t(count_), user_);
}

}  // namespace pimnic::mpi
