#include <cstdio>

#include "cli/commands.h"

namespace pimnic::cli {

int& exit_status() {
  static int status = 0;
  return status;
}

void fail(const std::string& message) {
  std::fprintf(stderr, "pimnic: %s\n", message.c_str());
  exit_status() = 2;
}

}  // namespace pimnic::cli
