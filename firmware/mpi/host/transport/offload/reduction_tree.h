// The reduction tree the host builds and hands to its NIC (seed nic-based-reduction, section III-C):
// binomial by default (MPICH's), or a k-ary tree of any degree (degree 1: a chain of depth n-1;
// degree n-1: a flat tree of depth 1) for the experiments. PIMNIC_REDUCE_TREE=binomial|kary:D.
// Children come in folding order: the NIC combines them in this order, whatever order they arrive in.
#pragma once
#include <cstdint>

namespace pimnic::mpi {

struct ReductionTree {
  enum class Shape : uint8_t { Binomial, Kary } shape = Shape::Binomial;
  uint32_t degree = 0;  // Kary

  // From PIMNIC_REDUCE_TREE; false with a one-line reason for a value it does not know.
  bool configure(const char* setting, const char** why);
  // The most children any member has in a tree of `size` members.
  uint32_t max_children(int32_t size) const;
  // Member `me`'s parent (-1 at the root) and children, as member indices, in a tree of `size`
  // members rooted at `root`; returns how many children it wrote (at most max_children(size)).
  uint32_t links(int32_t size, int32_t root, int32_t me, int32_t& parent, int32_t* children) const;
};

}  // namespace pimnic::mpi
