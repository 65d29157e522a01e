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

const CLI::Validator& not_negative() {
  static const CLI::Validator check(
      [](std::string& value) {
        const size_t first = value.find_first_not_of(" \t");
        return first != std::string::npos && value[first] == '-' ? "must not be negative, got " + value : std::string();
      },
      "", "not negative");
  return check;
}

}  // namespace pimnic::cli
