// Statistics (gem5 ADD_STAT style): components keep plain counters as members, for speed, and
// register them here with a name and a description; derived values are formulas. The registry
// writes gem5-style stats.txt ("name value # description") and JSON.
#pragma once
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace pimnic {

class StatRegistry {
 public:
  void counter(std::string name, const uint64_t* value, std::string desc);
  // integral: the value is a count (printed without decimals).
  void formula(std::string name, std::function<double()> value, std::string desc, bool integral = false);

  // gem5 style, in registration order, between the usual begin/end markers.
  void write_text(std::ostream& out) const;
  // A flat object {"name": value, ...} plus "_descriptions".
  nlohmann::json to_json() const;
  // Value by name (tests, monitor commands); NaN if unknown.
  double value(const std::string& name) const;
  size_t size() const { return stats_.size(); }

 private:
  struct Stat {
    std::string name, desc;
    const uint64_t* counter = nullptr;
    std::function<double()> formula;
    bool integral = false;
    double get() const { return counter ? double(*counter) : formula(); }
  };
  std::vector<Stat> stats_;
};

}  // namespace pimnic
