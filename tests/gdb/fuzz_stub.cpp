// libFuzzer entry point for the gdb stub (packet framing, parsing, every packet handler, the
// debug target behind them). Build: cmake --build <dir> --target gdb_stub_fuzz (clang); run e.g.
//   gdb_stub_fuzz -max_total_time=600 -dict=tests/gdb/rsp.dict corpus/
#include <cstddef>
#include <cstdint>

#include "stub_fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  pimnic::gdb::testing::fuzz_one(data, size);
  return 0;
}
