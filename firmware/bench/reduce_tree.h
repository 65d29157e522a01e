/* The reduction tree of the NIC-based reduction, as the host library builds it
 * (firmware/mpi/host/transport/offload/reduction_tree.cpp; PIMNIC_REDUCE_TREE=binomial|kary:D), for
 * programs that need to know it: the benchmark's host-based reduction runs over the same tree, and
 * the correctness test computes its reference in the same order. */
#ifndef PIMNIC_BENCH_REDUCE_TREE_H
#define PIMNIC_BENCH_REDUCE_TREE_H
#include <stdlib.h>
#include <string.h>

/* 0: binomial; otherwise the k-ary tree's degree. */
static inline unsigned reduce_tree_degree(void) {
  const char* t = getenv("PIMNIC_REDUCE_TREE");
  return t && !strncmp(t, "kary:", 5) ? (unsigned)atoi(t + 5) : 0;
}

/* Member m's parent (-1 at the root) and children in folding order, in a tree of `size` members
 * rooted at `root`; returns the number of children. */
static inline int reduce_tree_links(unsigned degree, int size, int root, int m, int* parent, int* children) {
  const unsigned n = (unsigned)size, v = (unsigned)((m - root + size) % size);
  int count = 0;
  if (degree) {
    *parent = v ? (int)(((v - 1) / degree + (unsigned)root) % n) : -1;
    for (unsigned long c = (unsigned long)v * degree + 1; c < n && c <= (unsigned long)v * degree + degree; ++c)
      children[count++] = (int)((c + (unsigned)root) % n);
    return count;
  }
  *parent = v ? (int)(((v & (v - 1)) + (unsigned)root) % n) : -1;
  for (unsigned mask = 1; mask < n && !(v & mask); mask <<= 1)
    if (v + mask < n) children[count++] = (int)((v + mask + (unsigned)root) % n);
  return count;
}

/* Member m's depth (edges to the root). */
static inline int reduce_tree_depth(unsigned degree, int size, int root, int m) {
  int depth = 0, parent, kids[1024];
  while (reduce_tree_links(degree, size, root, m, &parent, kids), parent >= 0) {
    m = parent;
    ++depth;
  }
  return depth;
}

#endif
