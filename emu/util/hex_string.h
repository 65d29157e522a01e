// "0x%08x" for messages.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>

namespace pimnic {

inline std::string hex32(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}

}  // namespace pimnic
