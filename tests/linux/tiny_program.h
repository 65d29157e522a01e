// A hand-made static powerpc-linux executable for tests and fuzz targets that need a process
// without a compiler: one RWX PT_LOAD segment at kTinyBase holding `code` at kTinyEntry, with
// 64 KiB of .bss after it.
#pragma once
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "util/bits.h"

namespace pimnic::testing {

inline constexpr uint32_t kTinyBase = 0x10000000, kTinyEntry = 0x10000100;

// Writes the executable to path and returns path.
inline std::string write_tiny_program(const std::string& path, const std::vector<uint32_t>& code) {
  std::vector<uint8_t> f(0x100 + 4 * code.size(), 0);
  const uint8_t ident[] = {0x7f, 'E', 'L', 'F', 1, 2, 1};
  std::copy(ident, ident + 7, f.begin());
  store_be<uint16_t>(&f[16], 2);   // ET_EXEC
  store_be<uint16_t>(&f[18], 20);  // EM_PPC
  store_be<uint32_t>(&f[20], 1);
  store_be<uint32_t>(&f[24], kTinyEntry);
  store_be<uint32_t>(&f[28], 52);  // e_phoff
  store_be<uint16_t>(&f[40], 52);
  store_be<uint16_t>(&f[42], 32);
  store_be<uint16_t>(&f[44], 1);
  store_be<uint32_t>(&f[52], 1);   // PT_LOAD
  store_be<uint32_t>(&f[56], 0);
  store_be<uint32_t>(&f[60], kTinyBase);
  store_be<uint32_t>(&f[64], kTinyBase);
  store_be<uint32_t>(&f[68], uint32_t(f.size()));
  store_be<uint32_t>(&f[72], uint32_t(f.size()) + 0x10000);
  store_be<uint32_t>(&f[76], 7);
  store_be<uint32_t>(&f[80], 0x10000);
  for (size_t i = 0; i < code.size(); ++i) store_be<uint32_t>(&f[0x100 + 4 * i], code[i]);
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(f.data()), long(f.size()));
  return path;
}

}  // namespace pimnic::testing
