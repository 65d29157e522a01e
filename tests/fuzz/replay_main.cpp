// The deterministic half of fuzzing, for ctest (fuzz.replay.*): runs one fuzz target once on each
// input, in sorted order, with any compiler and without libFuzzer. Arguments after the target are
// files or directories (their regular files). A crash or abort inside the target fails the run as
// it would under libFuzzer; in the sanitizer build so does any sanitizer report.
//   fuzz_replay TARGET INPUT_OR_DIR...
// The targets' LLVMFuzzerTestOneInput are compiled renamed pimnic_fuzz_TARGET (CMakeLists.txt).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <cstring>
#include <string>
#include <vector>

#include "util/read_file.h"

#define PIMNIC_FUZZ_TARGET(name) extern "C" int pimnic_fuzz_##name(const uint8_t* data, size_t size);
PIMNIC_FUZZ_TARGET(elf)
PIMNIC_FUZZ_TARGET(machine_file)
PIMNIC_FUZZ_TARGET(rsp)
PIMNIC_FUZZ_TARGET(trace_reader)
PIMNIC_FUZZ_TARGET(decoder)
PIMNIC_FUZZ_TARGET(syscalls)

namespace {

struct Target {
  const char* name;
  int (*run)(const uint8_t*, size_t);
};
constexpr Target kTargets[] = {{"elf", pimnic_fuzz_elf},         {"machine_file", pimnic_fuzz_machine_file},
                               {"rsp", pimnic_fuzz_rsp},         {"trace_reader", pimnic_fuzz_trace_reader},
                               {"decoder", pimnic_fuzz_decoder}, {"syscalls", pimnic_fuzz_syscalls}};

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  const Target* target = nullptr;
  for (const Target& t : kTargets)
    if (argc > 1 && std::strcmp(argv[1], t.name) == 0) target = &t;
  if (!target) {
    std::fprintf(stderr, "fuzz replay: usage: %s TARGET INPUT_OR_DIR... (TARGET: elf machine_file rsp trace_reader decoder syscalls)\n", argv[0]);
    return 2;
  }
  std::vector<std::string> inputs;
  for (int i = 2; i < argc; ++i) {
    std::error_code ec;
    if (fs::is_directory(argv[i], ec)) {
      for (const fs::directory_entry& e : fs::directory_iterator(argv[i], ec))
        if (e.is_regular_file()) inputs.push_back(e.path().string());
    } else {
      inputs.push_back(argv[i]);
    }
  }
  std::sort(inputs.begin(), inputs.end());
  if (inputs.empty()) {
    std::fprintf(stderr, "fuzz replay: %s: no inputs\n", target->name);
    return 2;
  }
  size_t bytes = 0;
  for (const std::string& path : inputs) {
    std::vector<uint8_t> data;
    try {
      data = pimnic::read_file_bounded<std::vector<uint8_t>>(path, 64u << 20, "the fuzz input");
    } catch (const pimnic::FileError& e) {
      std::fprintf(stderr, "fuzz replay: %s\n", e.what());
      return 2;
    }
    target->run(data.data(), data.size());
    bytes += data.size();
  }
  std::printf("fuzz replay %s: %zu inputs, %zu bytes, no failure\n", target->name, inputs.size(), bytes);
  return 0;
}
