#include "transport/offload/reduction_tree.h"

#include <stdlib.h>
#include <string.h>

namespace pimnic::mpi {

bool ReductionTree::configure(const char* setting, const char** why) {
  if (!setting || !*setting || !strcmp(setting, "binomial")) {
    shape = Shape::Binomial;
    return true;
  }
  if (!strncmp(setting, "kary:", 5)) {
    char* end = nullptr;
    const unsigned long d = strtoul(setting + 5, &end, 10);
    if (end != setting + 5 && !*end && d >= 1 && d <= 1u << 20) {
      shape = Shape::Kary;
      degree = uint32_t(d);
      return true;
    }
  }
  *why = "PIMNIC_REDUCE_TREE must be binomial or kary:D with D >= 1";
  return false;
}

uint32_t ReductionTree::max_children(int32_t size) const {
  if (size < 2) return 0;
  if (shape == Shape::Kary) return degree < uint32_t(size - 1) ? degree : uint32_t(size - 1);
  uint32_t n = 0;  // the root's: one per power of two below size
  for (uint32_t mask = 1; mask < uint32_t(size); mask <<= 1) ++n;
  return n;
}

uint32_t ReductionTree::links(int32_t size, int32_t root, int32_t me, int32_t& parent, int32_t* children) const {
  const uint32_t n = uint32_t(size), v = uint32_t((me - root + size) % size);  // relative to the root
  auto member = [&](uint32_t rel) { return int32_t((rel + uint32_t(root)) % n); };
  uint32_t count = 0;
  if (shape == Shape::Kary) {
    parent = v ? member((v - 1) / degree) : -1;
    for (uint64_t c = uint64_t(v) * degree + 1; c < n && c <= uint64_t(v) * degree + degree; ++c)
      children[count++] = member(uint32_t(c));
    return count;
  }
  // Binomial: v's parent clears its lowest set bit; its children set each lower bit, smallest first.
  parent = v ? member(v & (v - 1)) : -1;
  for (uint32_t mask = 1; mask < n && !(v & mask); mask <<= 1)
    if (v + mask < n) children[count++] = member(v + mask);
  return count;
}

}  // namespace pimnic::mpi
