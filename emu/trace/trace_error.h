// Bad trace options or unusable trace files: a one-line message for the command line (exit 2).
#pragma once
#include <stdexcept>

namespace pimnic::trace {

struct TraceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace pimnic::trace
