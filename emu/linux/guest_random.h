// Random bytes for the guest (AT_RANDOM, getrandom). Deterministic by default: the stream is
// the one qemu-user produces with `-seed N` (glib's GRand, i.e. MT19937 seeded by init_by_array
// with the 64-bit seed as two 32-bit words, output words stored little-endian), so pimnic with
// --seed N and qemu-ppc-static -seed N give a guest the same AT_RANDOM bytes. With host entropy
// enabled, bytes come from the host's getrandom instead.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

namespace pimnic::linux_user {

class GuestRandom {
 public:
  explicit GuestRandom(uint64_t seed = 0, bool host_entropy = false);
  void fill(uint8_t* dst, size_t n);

 private:
  uint32_t next();
  std::array<uint32_t, 624> mt_{};
  unsigned index_ = 624;
  bool host_ = false;
};

}  // namespace pimnic::linux_user
