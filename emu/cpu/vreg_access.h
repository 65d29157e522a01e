// Element access for vector registers. VReg keeps bytes reversed (see arch_state.h): host element j
// of any size is big-endian element count-1-j, so element-wise code indexes lanes<T>() directly and
// only cross-lane code (permutes, packs, merges, element loads) needs the big-endian mapping here.
#pragma once
#include <cstdint>
#include <type_traits>

#include "cpu/arch_state.h"
#include "util/bits.h"

namespace pimnic::vec {

// Element types that may alias the register's other views: element code writes through one type
// and reads through another (a compare writes bytes, CR6 reads doublewords), which plain pointers
// would let the compiler reorder.
template <class T> struct Alias;
template <> struct Alias<uint8_t> { typedef uint8_t type __attribute__((may_alias)); };
template <> struct Alias<int8_t> { typedef int8_t type __attribute__((may_alias)); };
template <> struct Alias<uint16_t> { typedef uint16_t type __attribute__((may_alias)); };
template <> struct Alias<int16_t> { typedef int16_t type __attribute__((may_alias)); };
template <> struct Alias<uint32_t> { typedef uint32_t type __attribute__((may_alias)); };
template <> struct Alias<int32_t> { typedef int32_t type __attribute__((may_alias)); };
template <> struct Alias<uint64_t> { typedef uint64_t type __attribute__((may_alias)); };
template <> struct Alias<float> { typedef float type __attribute__((may_alias)); };

// The register viewed as an array of T (host order).
template <class T> inline typename Alias<T>::type* lanes(VReg& v) {
  return reinterpret_cast<typename Alias<T>::type*>(v.b);
}
template <class T> inline const typename Alias<T>::type* lanes(const VReg& v) {
  return reinterpret_cast<const typename Alias<T>::type*>(v.b);
}

// Big-endian element i of a register nbytes wide (element 0 is the leftmost, at the lowest address).
template <class T> inline typename Alias<T>::type& be(VReg& v, unsigned i, unsigned nbytes) {
  return lanes<T>(v)[nbytes / sizeof(T) - 1 - i];
}
template <class T> inline T be(const VReg& v, unsigned i, unsigned nbytes) {
  return lanes<T>(v)[nbytes / sizeof(T) - 1 - i];
}

// Memory order (big-endian bytes, as lvx/stvx move them) to and from the reversed storage: host
// doubleword j is the byte-swapped doubleword that ends nbytes - 8j bytes into memory.
inline void from_memory(VReg& v, const uint8_t* mem, unsigned nbytes) {
  for (unsigned j = 0; j < nbytes / 8; ++j) v.d[j] = load_be<uint64_t>(mem + nbytes - 8 - 8 * j);
}
inline void to_memory(uint8_t* mem, const VReg& v, unsigned nbytes) {
  for (unsigned j = 0; j < nbytes / 8; ++j) store_be<uint64_t>(mem + nbytes - 8 - 8 * j, v.d[j]);
}

}  // namespace pimnic::vec
