// Helpers for the AltiVec tests: vectors given as big-endian words (element 0 first), placed into
// and read out of pimnic's reversed register storage, and a small random source.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cpu/arch_state.h"

namespace pimnic::test {

// words[i] is big-endian word i of a register words.size()*4 bytes wide.
inline VReg vec_from_be(const std::vector<uint32_t>& words) {
  VReg v;
  const size_t n = words.size();
  for (size_t i = 0; i < n; ++i) v.w[n - 1 - i] = words[i];
  return v;
}
inline std::vector<uint32_t> vec_to_be(const VReg& v, unsigned nbytes) {
  std::vector<uint32_t> out(nbytes / 4);
  for (size_t i = 0; i < out.size(); ++i) out[i] = v.w[out.size() - 1 - i];
  return out;
}
inline std::string vec_str(const VReg& v, unsigned nbytes) {
  std::string s;
  for (uint32_t x : vec_to_be(v, nbytes)) s += fmt::format("{:08x} ", x);
  return s;
}
// Big-endian bytes (byte 0 first).
inline VReg vec_from_bytes(const std::vector<uint8_t>& bytes) {
  VReg v;
  for (size_t i = 0; i < bytes.size(); ++i) v.b[bytes.size() - 1 - i] = bytes[i];
  return v;
}

// Deterministic xorshift64 for property tests.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed ? seed : 1) {}
  uint64_t next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  }
  uint32_t next32() { return uint32_t(next() >> 16); }
};

}  // namespace pimnic::test
