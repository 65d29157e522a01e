#include "sim/stats.h"

#include <cmath>
#include <iomanip>
#include <sstream>
#include <limits>
#include <nlohmann/json.hpp>

namespace pimnic {

void StatRegistry::counter(std::string name, const uint64_t* value, std::string desc) {
  stats_.push_back({std::move(name), std::move(desc), value, {}, true});
}

void StatRegistry::formula(std::string name, std::function<double()> value, std::string desc, bool integral) {
  stats_.push_back({std::move(name), std::move(desc), nullptr, std::move(value), integral});
}

static void write_number(std::ostream& out, const double v, bool integral) {
  if (integral) out << uint64_t(v);
  else if (std::isfinite(v)) out << std::setprecision(6) << std::fixed << v;
  else out << "nan";
}

void StatRegistry::write_text(std::ostream& out) const {
  out << "\n---------- Begin Simulation Statistics ----------\n";
  for (const Stat& s : stats_) {
    std::ostringstream v;
    write_number(v, s.get(), s.integral);
    out << std::left << std::setw(48) << s.name << " " << std::right << std::setw(20) << v.str()
        << "   # " << s.desc << "\n";
  }
  out << "\n---------- End Simulation Statistics   ----------\n";
}

nlohmann::json StatRegistry::to_json() const {
  nlohmann::json j = nlohmann::json::object(), d = nlohmann::json::object();
  for (const Stat& s : stats_) {
    double v = s.get();
    if (s.integral && std::isfinite(v)) j[s.name] = uint64_t(v);
    else if (std::isfinite(v)) j[s.name] = v;
    else j[s.name] = nullptr;
    d[s.name] = s.desc;
  }
  j["_descriptions"] = d;
  return j;
}

double StatRegistry::value(const std::string& name) const {
  for (const Stat& s : stats_)
    if (s.name == name) return s.get();
  return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace pimnic
