// Where each rank's block sits in a collective's buffer: uniform (count items per rank, one after
// the other), consecutive (counts[i] items, one after the other) or displaced (counts[i] items at
// displs[i] items). Filling one checks the counts like arguments.
//
// The algorithms move bytes through a view of the buffer: the user's memory itself for a dense
// type, otherwise a packed copy (blocks one after the other, each count * size bytes) that pack()
// fills from the user's items and unpack() writes back. lengths() and offsets() are the view's.
#pragma once
#include <cstdint>

#include "core/call.h"
#include "core/datatype.h"
#include "core/vec.h"

namespace pimnic::mpi {

class Layout {
 public:
  explicit Layout(int n);

  int uniform(Call& call, int count, const TypeInfo& type);
  int consecutive(Call& call, const int* counts, const TypeInfo& type);
  int displaced(Call& call, const int* counts, const int* displs, const TypeInfo& type);

  uint32_t* lengths() { return lengths_.data(); }
  uint32_t* offsets() { return offsets_.data(); }
  uint32_t total();             // the sum of the lengths
  uint32_t span();              // the end of the block that ends last
  bool consecutive_blocks();    // blocks follow each other in rank order from offset 0
  bool packed() const { return type_ && !type_->dense; }

  // The view's base for the user's buffer (a packed copy is allocated, not filled).
  char* view(void* user);
  // Items of block `only` (every block when -1) between the user's buffer and the view.
  void pack(const void* user, int only = -1);
  void unpack(void* user, int only = -1);

 private:
  int checked_block(Call& call, int i, int count, int displacement);
  int n_;
  const TypeInfo* type_ = nullptr;
  Vec<uint32_t> lengths_, offsets_;
  Vec<int> counts_;
  Vec<uint32_t> user_offsets_;  // where block i's items start in the user's buffer
  Scratch copy_;
  char* view_ = nullptr;
};

// One rank's own block of `count` items (a gather's send, a scatter's receive, a broadcast): the
// user's memory for a dense type, else a packed copy.
class Block {
 public:
  Block(const TypeInfo& type, int count, const void* user);
  char* data() { return data_; }
  uint32_t bytes() const { return bytes_; }
  void pack();    // the user's items into the copy
  void unpack();  // the copy into the user's items

 private:
  const TypeInfo& type_;
  int count_;
  char* user_;
  char* data_;
  uint32_t bytes_;
  Scratch copy_;
};

}  // namespace pimnic::mpi
