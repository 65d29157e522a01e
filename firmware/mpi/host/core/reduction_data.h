// What a reduction combines and moves. Items of a predefined type or a dense derived type are
// used where they are. Items of a derived type with holes (only user ops take derived types: the
// standard defines the predefined ops on predefined types alone, as MPICH enforces) move as the raw
// bytes they span (every rank has the same type) and the result reaches the user's buffer through
// scratch memory, so that the holes of the receive buffer are left alone.
#pragma once
#include <cstdint>

#include "core/datatype.h"
#include "core/op.h"
#include "core/vec.h"

namespace pimnic::mpi {

// The bytes `count` items of `type` span from the first item's origin to the end of the last one's
// data: what a reduction moves and combines.
uint32_t reduction_bytes(const TypeInfo& type, int count);

class ReductionData {
 public:
  // `count` items of `type` (the op applies to it: Call::op checked).
  ReductionData(const TypeInfo& type, int count);

  // The bytes the items span (what the algorithm moves and combines).
  uint32_t bytes() const { return bytes_; }

  const void* input(const void* items) const { return items; }
  // Where the algorithm leaves the result: `items` itself, or scratch that finish() copies back.
  void* output(void* items);
  // The same, holding `items` already (an inout buffer).
  void* inout(void* items);
  void finish(void* items);

 private:
  const TypeInfo& type_;
  int count_;
  uint32_t bytes_;
  Scratch scratch_;
  bool through_scratch_;
};

}  // namespace pimnic::mpi
