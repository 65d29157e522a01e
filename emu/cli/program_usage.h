// The usage line of a command that ends in a program and its arguments (`pimnic mpirun`):
// CLI11 prints "Usage: pimnic mpirun [OPTIONS]"; this adds what comes after the options.
#pragma once
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

namespace pimnic::cli {

class ProgramUsage : public CLI::Formatter {
 public:
  explicit ProgramUsage(std::string operands) : operands_(std::move(operands)) {}
  std::string make_usage(const CLI::App* app, std::string name) const override {
    std::string usage = CLI::Formatter::make_usage(app, std::move(name));
    const size_t end = usage.find_last_not_of('\n') + 1;
    return usage.substr(0, end) + " " + operands_ + usage.substr(end);
  }

 private:
  std::string operands_;
};

// Give `app` the usage line "Usage: NAME [OPTIONS] OPERANDS".
inline void set_program_usage(CLI::App* app, const std::string& operands) {
  app->formatter(std::make_shared<ProgramUsage>(operands));
}

}  // namespace pimnic::cli
