#include "linux/guest_random.h"

#include <sys/random.h>

#include <cstring>

namespace pimnic::linux_user {

// MT19937 (Matsumoto & Nishimura), written from the published algorithm.
GuestRandom::GuestRandom(uint64_t seed, bool host_entropy) : host_(host_entropy) {
  constexpr unsigned n = 624;
  mt_[0] = 19650218u;
  for (unsigned i = 1; i < n; ++i) mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + i;
  const uint32_t key[2] = {uint32_t(seed), uint32_t(seed >> 32)};
  unsigned i = 1, j = 0;
  for (unsigned k = n; k; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + key[j] + j;
    if (++i >= n) mt_[0] = mt_[n - 1], i = 1;
    if (++j >= 2) j = 0;
  }
  for (unsigned k = n - 1; k; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) - i;
    if (++i >= n) mt_[0] = mt_[n - 1], i = 1;
  }
  mt_[0] = 0x80000000u;
}

uint32_t GuestRandom::next() {
  constexpr unsigned n = 624, m = 397;
  if (index_ >= n) {
    for (unsigned k = 0; k < n; ++k) {
      uint32_t y = (mt_[k] & 0x80000000u) | (mt_[(k + 1) % n] & 0x7fffffffu);
      mt_[k] = mt_[(k + m) % n] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfu : 0);
    }
    index_ = 0;
  }
  uint32_t y = mt_[index_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

void GuestRandom::fill(uint8_t* dst, size_t len) {
  if (host_) {
    while (len) {
      ssize_t got = getrandom(dst, len, 0);
      if (got <= 0) break;
      dst += got;
      len -= size_t(got);
    }
    return;
  }
  for (size_t i = 0; i < len; i += 4) {
    uint32_t x = next();
    uint8_t b[4] = {uint8_t(x), uint8_t(x >> 8), uint8_t(x >> 16), uint8_t(x >> 24)};
    std::memcpy(dst + i, b, len - i < 4 ? len - i : 4);
  }
}

}  // namespace pimnic::linux_user
