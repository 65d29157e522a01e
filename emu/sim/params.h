// Self-describing parameters (gem5 Param / SST params style): every component declares each of its
// parameters with a name, a default and one sentence. Machine files and `--set key=value` set
// them by full name ("core0.tb_divider"); `--list-params` prints them all.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace pimnic {

struct ParamError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// The registry's unsigned integer syntax: decimal, 0x hex, k/M/G (x1000) or KiB/MiB/GiB (x1024)
// suffixes. False for anything else or a value above max.
bool parse_uint_text(const std::string& text, uint64_t& out, uint64_t max = ~0ull);

class ParamRegistry {
 public:
  // Declare a parameter bound to storage, which receives the default now and any later setting.
  void declare(const std::string& name, uint64_t& storage, uint64_t def, std::string desc);
  void declare(const std::string& name, uint32_t& storage, uint32_t def, std::string desc);
  void declare(const std::string& name, double& storage, double def, std::string desc);
  void declare(const std::string& name, bool& storage, bool def, std::string desc);
  void declare(const std::string& name, std::string& storage, std::string def, std::string desc,
               std::vector<std::string> choices = {});

  // Set by name from text. Throws ParamError naming the parameter on an unknown name or a value
  // of the wrong type/range.
  void set(const std::string& name, const std::string& value);
  // "key=value"
  void set_assignment(const std::string& assignment);
  bool has(const std::string& name) const { return params_.count(name) != 0; }

  struct Info {
    std::string name, type, default_value, value, description;
  };
  std::vector<Info> list() const;  // sorted by name
  // One line per parameter: name = value ("(default D)" where they differ), type, meaning.
  std::string describe() const;

 private:
  struct Entry {
    std::string type, default_value, description;
    std::function<void(const std::string&)> set;
    std::function<std::string()> get;
  };
  void add(const std::string& name, Entry e);
  std::map<std::string, Entry> params_;
};

}  // namespace pimnic
