// libFuzzer entry point for the gdb stub (packet framing, parsing, every packet handler, the
// debug target behind them): the fuzz target `rsp` (tests/fuzz; scripts/fuzz.sh rsp SECONDS).
#include <cstddef>
#include <cstdint>

#include "stub_fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  pimnic::gdb::testing::fuzz_one(data, size);
  return 0;
}
