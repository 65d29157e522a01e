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

// The most balanced factorisation of `n` into `k` factors, as MPICH chooses it: the smallest
// difference between the largest and the smallest factor; among those, the largest smallest
// factor, then the largest next smallest, and so on. Factors are chosen smallest first (non-decreasing); a branch stops as soon as its next
// factor alone makes it less balanced than the best found, or the factors left cannot fit.
struct Search {
  int k;
  Vec<int> divisors;  // of the whole, increasing
  Vec<int> current, best;
  int best_balance = -1;

  // f^m > n?
  static bool exceeds(int64_t f, int m, int64_t n) {
    int64_t product = 1;
    for (int i = 0; i < m; ++i) {
      product *= f;
      if (product > n) return true;
    }
    return false;
  }

  // Equally balanced: the larger smallest factor, then the larger next smallest, and so on.
  bool better_tie() const {
    for (int i = 0; i < k; ++i) {
      if (current[uint32_t(i)] != best[uint32_t(i)]) return current[uint32_t(i)] > best[uint32_t(i)];
    }
    return false;
  }

  // The smallest r with r^m >= n: no factor of a split of n into m can be smaller than the largest.
  static int64_t root_up(int64_t n, int m) {
    if (m <= 0 || n <= 1) return 1;
    int64_t lo = 1, hi = n;  // r^m >= n holds at hi, and not below lo (binary search)
    while (lo < hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      if (exceeds(mid, m, n - 1)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  // Too unbalanced already: the largest factor of what is left is at least `largest`.
  bool hopeless(int64_t largest) const { return best_balance >= 0 && largest - current[0] > best_balance; }

  void run(int n, int depth, int lowest) {
    if (depth == k - 1) {
      if (n < lowest) return;
      current[uint32_t(depth)] = n;
      const int balance = n - current[0];
      if (best_balance < 0 || balance < best_balance || (balance == best_balance && better_tie())) {
        best_balance = balance;
        for (int i = 0; i < k; ++i) best[uint32_t(i)] = current[uint32_t(i)];
      }
      return;
    }
    if (depth == 0) {  // the smallest factor: from the k-th root of n down, the likeliest first
      for (uint32_t i = divisors.size(); i-- > 0;) {
        const int f = divisors[i];
        if (exceeds(f, k, n)) continue;
        current[0] = f;
        if (hopeless(root_up(n / f, k - 1))) break;  // smaller f only widens the gap
        run(n / f, 1, f);
      }
      return;
    }
    for (uint32_t i = 0; i < divisors.size(); ++i) {
      const int f = divisors[i];
      if (f < lowest || n % f) continue;
      if (exceeds(f, k - depth, n)) break;  // the factors left are at least f
      if (hopeless(f)) break;
      if (hopeless(root_up(n / f, k - depth - 1))) continue;
      current[uint32_t(depth)] = f;
      run(n / f, depth + 1, f);
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
  for (int f = 1; int64_t(f) * f <= n; ++f) {  // divisors up to sqrt(n), then their partners
    if (n % f == 0) search.divisors.push_back(f);
  }
  for (uint32_t i = search.divisors.size(); i-- > 0;) {
    const int partner = n / search.divisors[i];
    if (partner != search.divisors[i]) search.divisors.push_back(partner);
  }
  search.current.resize(uint32_t(free));
  search.best.resize(uint32_t(free));
  search.run(n, 0, 1);
  for (int d = 0, i = free; d < ndims; ++d) {  // non-increasing: the largest first
    if (dims[d] == 0) dims[d] = search.best[uint32_t(--i)];
  }
  return true;
}

}  // namespace pimnic::mpi
