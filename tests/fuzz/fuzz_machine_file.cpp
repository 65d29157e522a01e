// libFuzzer target: machine files and --set assignments. Byte 0 picks the form: a machine file
// (parse_machine_text, then applied to a machine's parameters and validated as `run --machine`
// does), or lines of key=value given as `--set` to a multi-node machine or to the one-core
// machine with its timing presets. std::invalid_argument (ParamError is one) is the expected
// answer to bad input, and its message must be one line.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "machine/machine_config.h"
#include "machine/machine_file.h"
#include "machine/single_core_machine.h"
#include "sim/params.h"
#include "timing/timing_config.h"

using namespace pimnic;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    switch (data[0] % 3) {
      case 0: {
        MachineConfig cfg;
        ParamRegistry params;
        cfg.declare(params);
        MachineDescription d = parse_machine_text(text, "fuzz.json", "", params);
        apply_machine(params, d);
        cfg.validate();
        break;
      }
      case 1: {
        MachineConfig cfg;
        ParamRegistry params;
        cfg.declare(params);
        for (const std::string& s : lines(text)) params.set_assignment(s);
        cfg.validate();
        break;
      }
      default: {
        SingleCoreConfig cfg;
        timing::TimingConfig tcfg;
        ParamRegistry params;
        cfg.declare(params);
        tcfg.declare(params);
        timing::apply_settings(params, lines(text), tcfg);
        break;
      }
    }
  } catch (const std::invalid_argument& e) {
    for (const char* p = e.what(); *p; ++p)
      if (*p == '\n') std::abort();  // an error message must stay one line
  }
  return 0;
}
