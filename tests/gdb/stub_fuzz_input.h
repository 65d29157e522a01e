// One fuzz input for the gdb stub, shared by the libFuzzer target (fuzz_stub.cpp) and the
// randomized unit test (tests/unit/gdb_fuzz_test.cpp): byte 0 picks the core profile and thread
// count, byte 1 how the rest is chunked; the rest goes to the stub as client bytes, with the
// machine run a little whenever the stub resumes it. Crashes, hangs and sanitizer reports are
// the failures; every reply must also be a well-formed frame.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gdb/hex.h"
#include "stub_rig.h"

namespace pimnic::gdb::testing {

// A loop with loads and stores (so watchpoints can fire) that eventually overwrites itself.
inline const std::vector<uint32_t> kFuzzProgram = {0x38600100, 0x90630100, 0x80830100, 0x38630004, 0x4bfffff4};

// Every '$' starts "payload#cc" with the right checksum (replies are never truncated).
inline bool well_formed(std::string_view out) {
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '+' || out[i] == '-') continue;
    if (out[i] != '$') return false;
    size_t j = out.find('#', i);
    if (j == std::string_view::npos || j + 2 >= out.size()) return false;
    uint8_t sum = 0;
    for (size_t k = i + 1; k < j; ++k) sum = uint8_t(sum + uint8_t(out[k]));
    if (hex_digit(out[j + 1]) * 16 + hex_digit(out[j + 2]) != sum) return false;
    i = j + 2;
  }
  return true;
}

inline void fuzz_one(const uint8_t* data, size_t n) {
  static const char* const kProfiles[] = {"host", "nic", "pim"};
  uint8_t sel = n > 0 ? data[0] : 0;
  size_t chunk = n > 1 ? 1 + data[1] : 64;
  data += n > 2 ? 2 : n;
  n -= n > 2 ? 2 : n;
  StubRig r(kProfiles[sel % 3], 1 + (sel >> 4) % 4, kFuzzProgram);
  std::string_view in(reinterpret_cast<const char*>(data), n);
  for (size_t i = 0; i < in.size(); i += chunk) {
    std::string out = r.feed(in.substr(i, chunk), 2, 500);
    r.target.trace = false;  // "monitor trace on" would only slow the fuzzer down
    if (!well_formed(out)) std::abort();
  }
}

}  // namespace pimnic::gdb::testing
