#include "core/split_order.h"

namespace pimnic::mpi {

int split_members(const int* color_key, int n, int color, int* members) {
  int count = 0;
  for (int r = 0; r < n; ++r) {
    if (color_key[2 * r] == color) members[count++] = r;
  }
  // Insertion sort by (key, parent rank): members start in parent-rank order, so a stable sort by
  // key is enough; runs of equal keys (the common case) cost nothing.
  for (int i = 1; i < count; ++i) {
    const int moving = members[i];
    const int key = color_key[2 * moving + 1];
    int j = i;
    while (j > 0 && color_key[2 * members[j - 1] + 1] > key) {
      members[j] = members[j - 1];
      --j;
    }
    members[j] = moving;
  }
  return count;
}

}  // namespace pimnic::mpi
