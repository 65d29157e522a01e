#include <cstdio>

#include "cli/commands.h"
#include "util/one_line.h"

namespace pimnic::cli {

int& exit_status() {
  static int status = 0;
  return status;
}

void note(const std::string& message) { std::fprintf(stderr, "pimnic: %s\n", one_line(message).c_str()); }

void fail(const std::string& message) {
  note(message);
  exit_status() = 2;
}

}  // namespace pimnic::cli
