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

std::vector<std::string>& command_line() {
  static std::vector<std::string> argv;
  return argv;
}

const CLI::Validator& non_negative() {
  static const CLI::Validator v(
      [](std::string& s) -> std::string {
        const size_t first = s.find_first_not_of(" \t");
        return first != std::string::npos && s[first] == '-' ? "must not be negative: " + s : "";
      },
      "NON-NEGATIVE");
  return v;
}

}  // namespace pimnic::cli
