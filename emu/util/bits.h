// Bit and byte-order helpers shared by the whole emulator.
#pragma once
#include <bit>
#include <cstdint>
#include <cstring>

namespace pimnic {

inline uint16_t bswap16(uint16_t v) { return __builtin_bswap16(v); }
inline uint32_t bswap32(uint32_t v) { return __builtin_bswap32(v); }
inline uint64_t bswap64(uint64_t v) { return __builtin_bswap64(v); }

// Big-endian loads/stores from host memory (the guest is big-endian; hosts are little-endian).
template <typename T> inline T load_be(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  if constexpr (sizeof(T) == 2) return bswap16(v);
  else if constexpr (sizeof(T) == 4) return bswap32(v);
  else if constexpr (sizeof(T) == 8) return bswap64(v);
  else return v;
}
template <typename T> inline void store_be(uint8_t* p, T v) {
  if constexpr (sizeof(T) == 2) v = bswap16(v);
  else if constexpr (sizeof(T) == 4) v = bswap32(v);
  else if constexpr (sizeof(T) == 8) v = bswap64(v);
  std::memcpy(p, &v, sizeof(T));
}

inline constexpr int32_t sext(uint32_t v, int bits) {
  return int32_t(v << (32 - bits)) >> (32 - bits);
}

inline uint32_t rotl32(uint32_t v, unsigned n) { return std::rotl(v, int(n & 31)); }

inline uint64_t f64_bits(double d) { return std::bit_cast<uint64_t>(d); }
inline double bits_f64(uint64_t u) { return std::bit_cast<double>(u); }
inline uint32_t f32_bits(float f) { return std::bit_cast<uint32_t>(f); }
inline float bits_f32(uint32_t u) { return std::bit_cast<float>(u); }

}  // namespace pimnic
