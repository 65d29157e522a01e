#include "core/cart.h"

namespace pimnic::mpi {

int CartGrid::size() const {
  int n = 1;
  for (uint32_t d = 0; d < dims.size(); ++d) n *= dims[d];
  return n;
}

void CartGrid::coords(int rank, int* out) const {
  for (int d = ndims() - 1; d >= 0; --d) {
    out[d] = rank % dims[uint32_t(d)];
    rank /= dims[uint32_t(d)];
  }
}

int CartGrid::rank(const int* coords) const {
  int r = 0;
  for (int d = 0; d < ndims(); ++d) {
    const int n = dims[uint32_t(d)];
    int c = coords[d];
    if (periods[uint32_t(d)]) {
      c = ((c % n) + n) % n;
    } else if (c < 0 || c >= n) {
      return -1;
    }
    r = r * n + c;
  }
  return r;
}

namespace {

// The best non-increasing factorisation of `n` into `k` factors, each at most `max`: the one with
// the smallest sum of squares (ties: the first found, largest factors first). Factors are divisors
// of the whole, tried largest first; one too small to reach n with the factors left is skipped.
struct Search {
  int k;
  Vec<int> divisors;  // of the whole, decreasing
  Vec<int> current, best;
  int64_t best_score = -1;

  // Can k_left factors of at most f multiply up to n?
  static bool reachable(int64_t f, int k_left, int64_t n) {
    int64_t product = 1;
    for (int i = 0; i < k_left && product < n; ++i) product *= f;
    return product >= n;
  }

  void run(int n, int depth, int max, int64_t score) {
    if (depth == k - 1) {
      if (n > max) return;
      current[uint32_t(depth)] = n;
      score += int64_t(n) * n;
      if (best_score < 0 || score < best_score) {
        best_score = score;
        for (int i = 0; i < k; ++i) best[uint32_t(i)] = current[uint32_t(i)];
      }
      return;
    }
    for (uint32_t i = 0; i < divisors.size(); ++i) {
      const int f = divisors[i];
      if (f > max || n % f) continue;
      if (!reachable(f, k - depth, n)) break;  // smaller ones cannot either
      current[uint32_t(depth)] = f;
      run(n / f, depth + 1, f, score + int64_t(f) * f);
    }
  }
};

}  // namespace

bool dims_create(int nnodes, int ndims, int* dims) {
  int fixed = 1, free = 0;
  for (int d = 0; d < ndims; ++d) {
    if (dims[d] > 0) fixed *= dims[d];
    else free++;
  }
  if (fixed == 0 || nnodes % fixed) return false;
  if (free == 0) return nnodes == fixed;
  Search search;
  search.k = free;
  const int n = nnodes / fixed;
  for (int f = n; f >= 1; --f) {
    if (n % f == 0) search.divisors.push_back(f);
  }
  search.current.resize(uint32_t(free));
  search.best.resize(uint32_t(free));
  search.run(n, 0, n, 0);
  for (int d = 0, i = 0; d < ndims; ++d) {
    if (dims[d] == 0) dims[d] = search.best[uint32_t(i++)];
  }
  return true;
}

}  // namespace pimnic::mpi
