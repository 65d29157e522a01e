#include "sim/params.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace pimnic {

bool parse_uint_text(const std::string& text, uint64_t& out, uint64_t max) {
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return false;
  errno = 0;
  char* end = nullptr;
  unsigned long long v = std::strtoull(text.c_str(), &end, 0);
  std::string suffix(end);
  unsigned long long mul = suffix.empty() ? 1
                         : suffix == "k" ? 1000ull : suffix == "M" ? 1000000ull : suffix == "G" ? 1000000000ull
                         : suffix == "KiB" ? 1024ull : suffix == "MiB" ? 1048576ull : suffix == "GiB" ? 1073741824ull
                         : 0;
  if (errno || end == text.c_str() || mul == 0 || v > max / mul) return false;
  out = v * mul;
  return true;
}

namespace {

std::string fmt_double(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

uint64_t parse_unsigned(const std::string& name, const std::string& text, uint64_t max) {
  uint64_t v;
  if (!parse_uint_text(text, v)) throw ParamError(name + ": expected a non-negative integer, got '" + text + "'");
  if (v > max) throw ParamError(name + ": value '" + text + "' is out of range");
  return v;
}

}  // namespace

void ParamRegistry::add(const std::string& name, Entry e) {
  if (params_.count(name)) throw std::logic_error("parameter declared twice: " + name);
  params_.emplace(name, std::move(e));
}

void ParamRegistry::declare(const std::string& name, uint64_t& s, uint64_t def, std::string desc) {
  s = def;
  add(name, {"uint", std::to_string(def), std::move(desc),
             [&s, name](const std::string& t) { s = parse_unsigned(name, t, UINT64_MAX); },
             [&s] { return std::to_string(s); }});
}

void ParamRegistry::declare(const std::string& name, uint32_t& s, uint32_t def, std::string desc) {
  s = def;
  add(name, {"uint", std::to_string(def), std::move(desc),
             [&s, name](const std::string& t) { s = uint32_t(parse_unsigned(name, t, UINT32_MAX)); },
             [&s] { return std::to_string(s); }});
}

void ParamRegistry::declare(const std::string& name, double& s, double def, std::string desc) {
  s = def;
  add(name, {"float", fmt_double(def), std::move(desc),
             [&s, name](const std::string& t) {
               char* end = nullptr;
               errno = 0;
               double v = std::strtod(t.c_str(), &end);
               if (t.empty() || *end || errno || !std::isfinite(v))
                 throw ParamError(name + ": expected a number, got '" + t + "'");
               s = v;
             },
             [&s] { return fmt_double(s); }});
}

void ParamRegistry::declare(const std::string& name, bool& s, bool def, std::string desc) {
  s = def;
  add(name, {"bool", def ? "true" : "false", std::move(desc),
             [&s, name](const std::string& t) {
               if (t == "true" || t == "1" || t == "on") s = true;
               else if (t == "false" || t == "0" || t == "off") s = false;
               else throw ParamError(name + ": expected true or false, got '" + t + "'");
             },
             [&s] { return std::string(s ? "true" : "false"); }});
}

void ParamRegistry::declare(const std::string& name, std::string& s, std::string def, std::string desc,
                            std::vector<std::string> choices) {
  s = def;
  std::string type = "string";
  if (!choices.empty()) {
    type.clear();
    for (const std::string& c : choices) type += (type.empty() ? "" : "|") + c;
  }
  add(name, {type, def, std::move(desc),
             [&s, name, choices](const std::string& t) {
               if (!choices.empty() && std::find(choices.begin(), choices.end(), t) == choices.end()) {
                 std::string all;
                 for (const std::string& c : choices) all += (all.empty() ? "" : ", ") + c;
                 throw ParamError(name + ": expected one of " + all + ", got '" + t + "'");
               }
               s = t;
             },
             [&s] { return s; }});
}

void ParamRegistry::set(const std::string& name, const std::string& value) {
  auto it = params_.find(name);
  if (it == params_.end()) throw ParamError("unknown parameter '" + name + "' (see --list-params)");
  it->second.set(value);
}

void ParamRegistry::set_assignment(const std::string& a) {
  size_t eq = a.find('=');
  if (eq == std::string::npos || eq == 0) throw ParamError("expected key=value, got '" + a + "'");
  set(a.substr(0, eq), a.substr(eq + 1));
}

std::vector<ParamRegistry::Info> ParamRegistry::list() const {
  std::vector<Info> out;
  for (const auto& [name, e] : params_) out.push_back({name, e.type, e.default_value, e.get(), e.description});
  return out;
}

std::string ParamRegistry::describe() const {
  std::ostringstream s;
  for (const Info& i : list()) {
    s << i.name << " = " << i.value;
    if (i.value != i.default_value) s << " (default " << i.default_value << ")";
    s << "  [" << i.type << "]  " << i.description << "\n";
  }
  return s.str();
}

}  // namespace pimnic
