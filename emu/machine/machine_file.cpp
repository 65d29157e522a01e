#include "machine/machine_file.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>

#include "machine/machine_config.h"
#include "sim/params.h"
#include "util/one_line.h"
#include "util/read_file.h"

namespace pimnic {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;  // keeps the file's order: assignments apply as written

namespace {

[[noreturn]] void fail(const std::string& msg) { throw std::invalid_argument(one_line(msg)); }

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string last_segment(const std::string& name) {
  size_t dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

// Up to three known names close to `key`: by edit distance, or sharing its last segment.
std::string closest_names(const std::string& key, const std::vector<ParamRegistry::Info>& known) {
  const std::string tail = last_segment(key);
  std::vector<std::pair<size_t, std::string>> cands;
  for (const ParamRegistry::Info& i : known) {
    size_t d = edit_distance(key, i.name);
    bool near = d <= std::max<size_t>(3, key.size() / 3);
    bool same_tail = tail.size() >= 3 && (last_segment(i.name) == tail || (tail.size() >= 5 && i.name.find(tail) != std::string::npos));
    if (near || same_tail) cands.push_back({near ? d : d + 100, i.name});
  }
  std::sort(cands.begin(), cands.end());
  std::string out;
  for (size_t i = 0; i < cands.size() && i < 3; ++i) out += (out.empty() ? "" : ", ") + cands[i].second;
  return out;
}

std::string fmt_double(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::vector<std::string> split_choices(const std::string& type) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    size_t bar = type.find('|', start);
    out.push_back(type.substr(start, bar - start));
    if (bar == std::string::npos) return out;
    start = bar + 1;
  }
}

// Checks a value against a parameter's type; returns the text ParamRegistry::set takes, or sets
// `why` to what is wrong.
std::string value_text(const std::string& name, const std::string& type, const Json& v, ParamRegistry& probe,
                       std::string& why) {
  if (type == "uint") {
    uint64_t u = 0;
    if (v.is_number_unsigned()) {
      u = v.get<uint64_t>();
    } else if (v.is_number_integer()) {
      why = "must not be negative";
      return {};
    } else if (v.is_number_float()) {
      double d = v.get<double>();
      if (d < 0) {
        why = "must not be negative";
        return {};
      }
      if (d != std::floor(d)) {
        why = "must be an integer";
        return {};
      }
      if (!(d < 18446744073709551616.0)) {
        why = "is out of range";
        return {};
      }
      u = uint64_t(d);
    } else if (v.is_string()) {
      if (!parse_uint_text(v.get<std::string>(), u)) {
        why = "must be a non-negative integer (a number, or a string such as \"64KiB\" or \"0x1000\")";
        return {};
      }
    } else {
      why = "must be a non-negative integer";
      return {};
    }
    std::string text = std::to_string(u);
    if (probe.has(name)) {  // the machine's own parameters: the exact width (32 or 64 bits)
      try {
        probe.set(name, text);
      } catch (const ParamError&) {
        why = "is out of range (" + text + ")";
        return {};
      }
    }
    return text;
  }
  if (type == "float") {
    if (!v.is_number()) {
      why = "must be a number";
      return {};
    }
    if (v.is_number_unsigned()) return std::to_string(v.get<uint64_t>());
    if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
    return fmt_double(v.get<double>());
  }
  if (type == "bool") {
    if (!v.is_boolean()) {
      why = "must be true or false";
      return {};
    }
    return v.get<bool>() ? "true" : "false";
  }
  if (!v.is_string()) {
    why = "must be a string";
    if (type != "string") {
      std::string all;
      for (const std::string& c : split_choices(type)) all += (all.empty() ? "" : ", ") + c;
      why = "must be one of " + all;
    }
    return {};
  }
  std::string s = v.get<std::string>();
  if (std::any_of(s.begin(), s.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; })) {
    why = "must not contain control characters";
    return {};
  }
  if (type != "string") {
    std::vector<std::string> choices = split_choices(type);
    if (std::find(choices.begin(), choices.end(), s) == choices.end()) {
      std::string all;
      for (const std::string& c : choices) all += (all.empty() ? "" : ", ") + c;
      why = "must be one of " + all + " (got '" + s + "')";
      return {};
    }
  }
  return s;
}

struct PatternParts {
  bool any_node = true;
  uint32_t lo = 0, hi = 0;
  enum Core { Host, Nic, Pim, PimAny } core = Host;
  uint32_t pim = 0;
};

bool parse_number(const std::string& s, uint32_t& out) {
  if (s.empty() || s.size() > 6 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  out = uint32_t(std::stoul(s));
  return true;
}

// Empty `why` on success.
PatternParts parse_pattern(const std::string& p, std::string& why) {
  PatternParts r;
  why.clear();
  size_t dot = p.find('.');
  if (p.empty() || p[0] != 'n' || dot == std::string::npos) {
    why = "expected n<node>.<core> (node *, N or N-M; core host, nic, pimK or pim*), e.g. n*.host";
    return r;
  }
  std::string node = p.substr(1, dot - 1), core = p.substr(dot + 1);
  if (node == "*") {
    r.any_node = true;
  } else {
    r.any_node = false;
    size_t dash = node.find('-');
    if (dash == std::string::npos) {
      if (!parse_number(node, r.lo)) why = "node '" + node + "' is not *, a number or a range N-M";
      r.hi = r.lo;
    } else if (!parse_number(node.substr(0, dash), r.lo) || !parse_number(node.substr(dash + 1), r.hi)) {
      why = "node '" + node + "' is not *, a number or a range N-M";
    } else if (r.lo > r.hi) {
      why = "node range " + node + " runs backwards";
    }
    if (!why.empty()) return r;
  }
  if (core == "host") {
    r.core = PatternParts::Host;
  } else if (core == "nic") {
    r.core = PatternParts::Nic;
  } else if (core == "pim*") {
    r.core = PatternParts::PimAny;
  } else if (core.size() > 3 && core.compare(0, 3, "pim") == 0 && parse_number(core.substr(3), r.pim)) {
    r.core = PatternParts::Pim;
  } else {
    why = "core '" + core + "' is not host, nic, pimK or pim*";
  }
  return r;
}

bool node_matches(const PatternParts& p, uint32_t node) { return p.any_node || (node >= p.lo && node <= p.hi); }

bool is_prefix_of_name(const std::set<std::string>& names, const std::string& prefix) {
  std::string p = prefix + ".";
  auto it = names.lower_bound(p);
  return it != names.end() && it->compare(0, p.size(), p) == 0;
}

}  // namespace

void check_image_pattern(const std::string& pattern) {
  std::string why;
  parse_pattern(pattern, why);
  if (!why.empty()) fail("image pattern '" + pattern + "': " + why);
}

ImageSpec parse_image_option(const std::string& text) {
  size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    fail("--image '" + text + "': expected PATTERN=FILE, e.g. n*.host=app.elf");
  ImageSpec s{text.substr(0, eq), text.substr(eq + 1)};
  check_image_pattern(s.pattern);
  return s;
}

bool image_pattern_matches(const std::string& pattern, uint32_t node, const CoreSlot& core) {
  std::string why;
  PatternParts p = parse_pattern(pattern, why);
  if (!why.empty() || !node_matches(p, node)) return false;
  switch (p.core) {
    case PatternParts::Host: return core.kind == CoreSlot::Kind::Host;
    case PatternParts::Nic: return core.kind == CoreSlot::Kind::Nic;
    case PatternParts::PimAny: return core.is_pim();
    case PatternParts::Pim: return core.is_pim() && core.index == p.pim;
  }
  return false;
}

std::optional<std::string> image_for(const std::vector<ImageSpec>& specs, uint32_t node, const CoreSlot& core) {
  for (auto it = specs.rbegin(); it != specs.rend(); ++it) {
    if (image_pattern_matches(it->pattern, node, core)) return it->path;
    if (core.is_pim() && image_pattern_matches(it->pattern, node, CoreSlot::nic())) return it->path;
  }
  return std::nullopt;
}

void check_images(const MachineDescription& d, uint32_t nodes, NicHardware nic, uint32_t pim_cores, bool host_core) {
  const std::string src = d.source.empty() ? "" : d.source + ": ";
  for (const ImageSpec& s : d.images) {
    const std::string key = src + "images." + s.pattern + ": ";
    std::string why;
    PatternParts p = parse_pattern(s.pattern, why);
    if (!why.empty()) fail(key + why);
    if (!p.any_node && p.hi >= nodes)
      fail(key + "node " + std::to_string(p.hi) + " is not in the machine (machine.nodes=" + std::to_string(nodes) +
           (nodes == 1 ? ": n0 only)" : ": n0-" + std::to_string(nodes - 1) + ")"));
    if (!host_core && p.core == PatternParts::Host)
      fail(key + "the nodes have no host core (machine.host_core=false)");
    if (nic == NicHardware::None && p.core != PatternParts::Host)
      fail(key + "the nodes have no NIC (machine.nic=none), only a host core");
    if (nic == NicHardware::Conv && (p.core == PatternParts::Pim || p.core == PatternParts::PimAny))
      fail(key + "PIM cores need machine.nic=pim; this machine's NIC is conv (use nN.nic for its core)");
    if (nic == NicHardware::Pim && p.core == PatternParts::Pim && p.pim >= pim_cores)
      fail(key + "pim" + std::to_string(p.pim) + " is not on the NIC (pim.cores=" + std::to_string(pim_cores) + ")");
    std::error_code ec;
    if (!fs::exists(s.path, ec)) fail(key + "no such file '" + s.path + "'");
    if (fs::is_directory(s.path, ec)) fail(key + "'" + s.path + "' is a directory, not an image file");
  }
}

MachineDescription parse_machine_text(const std::string& text, const std::string& source, const std::string& base_dir,
                                      const ParamRegistry& params) {
  const std::string src = source + ": ";

  // Parse, noting the first key an object repeats (JSON allows it; a machine file should not).
  struct Frame {
    std::string path;
    bool array;
    std::set<std::string> keys;
  };
  std::vector<Frame> frames;
  std::string pending, duplicate;
  auto track = [&](int, nlohmann::json::parse_event_t ev, Json& parsed) {
    using E = nlohmann::json::parse_event_t;
    auto child_path = [&](const std::string& k) {
      return frames.empty() || frames.back().path.empty() ? k : frames.back().path + "." + k;
    };
    switch (ev) {
      case E::object_start:
      case E::array_start:
        // Each level keeps its path: bounded depth keeps that (and the parser's recursion) small.
        if (frames.size() >= kMaxMachineFileDepth)
          fail(src + "nested more than " + std::to_string(kMaxMachineFileDepth) +
               " levels deep (a machine file needs a few)");
        frames.push_back({frames.empty() ? "" : child_path(pending), ev == E::array_start, {}});
        if (ev == E::array_start) pending = "[]";
        break;
      case E::object_end:
      case E::array_end:
        if (!frames.empty()) frames.pop_back();
        if (!frames.empty() && frames.back().array) pending = "[]";
        break;
      case E::key:
        pending = parsed.is_string() ? parsed.get<std::string>() : std::string();
        if (!frames.empty() && !frames.back().keys.insert(pending).second && duplicate.empty())
          duplicate = child_path(pending);
        break;
      case E::value:
        break;
    }
    return true;
  };
  Json doc;
  if (text.size() > kMaxMachineFileBytes)
    fail(src + "larger than " + std::to_string(kMaxMachineFileBytes >> 20) + " MiB (the most pimnic reads)");
  try {
    doc = Json::parse(text, track);
  } catch (const nlohmann::json::exception& e) {
    std::string what = e.what();
    if (what.size() && what[0] == '[') {  // "[json.exception.parse_error.101] parse error at line 3, column 5: ..."
      size_t close = what.find("] ");
      if (close != std::string::npos) what = what.substr(close + 2);
    }
    fail(src + "malformed JSON: " + what);
  }
  if (!doc.is_object()) fail(src + "the top level must be a JSON object {\"preset\": ..., \"params\": {...}, \"images\": {...}}");
  if (!duplicate.empty()) fail(src + duplicate + ": given twice");

  MachineDescription d;
  d.source = source;
  std::vector<std::pair<std::string, std::string>> own;
  for (const auto& [key, value] : doc.items()) {
    if (key == "preset") {
      if (!value.is_string()) fail(src + "preset: must be a string naming a preset");
      MachineDescription base;
      try {
        base = machine_preset(value.get<std::string>());
      } catch (const std::invalid_argument& e) {
        fail(src + "preset: " + e.what());
      }
      d.settings = base.settings;
      d.optional = base.optional;
    } else if (key == "comment") {
      // free text
    } else if (key == "params") {
      if (!value.is_object()) fail(src + "params: must be an object of parameter names and values");
      const std::vector<ParamRegistry::Info> known = params.list();
      std::map<std::string, std::string> types;
      std::set<std::string> names;
      for (const ParamRegistry::Info& i : known) {
        types[i.name] = i.type;
        names.insert(i.name);
      }
      ParamRegistry probe;  // a scratch copy of the machine's parameters for exact integer ranges
      MachineConfig scratch;
      scratch.declare(probe);
      std::set<std::string> assigned;
      auto walk = [&](auto& self, const Json& obj, const std::string& prefix) -> void {
        for (const auto& [k, v] : obj.items()) {
          const std::string name = prefix.empty() ? k : prefix + "." + k;
          const std::string where = src + "params." + name + ": ";
          auto t = types.find(name);
          if (t != types.end()) {
            std::string why;
            std::string text = value_text(name, t->second, v, probe, why);
            if (!why.empty()) fail(where + why);
            if (!assigned.insert(name).second) fail(where + "given twice");
            own.push_back({name, text});
          } else if (is_prefix_of_name(names, name)) {
            if (!v.is_object()) fail(where + "must be an object: it names a group of parameters (" + name + ".*)");
            self(self, v, name);
          } else {
            std::string near = closest_names(name, known);
            fail(where + "unknown parameter" + (near.empty() ? "" : " (closest: " + near + ")") +
                 "; pimnic run --list-params lists them all");
          }
        }
      };
      walk(walk, value, "");
    } else if (key == "images") {
      if (!value.is_object()) fail(src + "images: must be an object of patterns and files, e.g. {\"n*.host\": \"app.elf\"}");
      for (const auto& [pattern, file] : value.items()) {
        const std::string where = src + "images." + pattern + ": ";
        std::string why;
        parse_pattern(pattern, why);
        if (!why.empty()) fail(where + why);
        if (!file.is_string() || file.get<std::string>().empty()) fail(where + "must be a file name");
        fs::path p(file.get<std::string>());
        if (p.is_relative() && !base_dir.empty()) p = fs::path(base_dir) / p;
        std::error_code ec;
        if (!fs::exists(p, ec)) fail(where + "no such file '" + p.string() + "'");
        if (fs::is_directory(p, ec)) fail(where + "'" + p.string() + "' is a directory, not an image file");
        d.images.push_back({pattern, p.string()});
      }
    } else {
      fail(src + key + ": unknown key (a machine file has preset, params, images and comment)");
    }
  }
  d.settings.insert(d.settings.end(), own.begin(), own.end());
  return d;
}

MachineDescription read_machine_file(const std::string& path, const ParamRegistry& params) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) fail(path + ": is a directory, not a machine file");
  std::string text;
  try {
    text = read_file_bounded<std::string>(path, kMaxMachineFileBytes, "the machine file");
  } catch (const FileError& e) {
    fail(e.what());
  }
  return parse_machine_text(text, path, fs::path(path).parent_path().string(), params);
}

MachineDescription load_machine(const std::string& preset_or_file, const ParamRegistry& params) {
  const std::vector<std::string> names = machine_preset_names();
  const bool preset = std::find(names.begin(), names.end(), preset_or_file) != names.end();
  std::error_code ec;
  const bool json = preset_or_file.size() >= 5 && preset_or_file.compare(preset_or_file.size() - 5, 5, ".json") == 0;
  if (!preset && (preset_or_file.find('/') != std::string::npos || json || fs::is_regular_file(preset_or_file, ec)))
    return read_machine_file(preset_or_file, params);
  return machine_preset(preset_or_file);
}

void apply_machine(ParamRegistry& params, const MachineDescription& d) {
  for (const auto& [name, value] : d.settings) {
    if (!params.has(name) && std::find(d.optional.begin(), d.optional.end(), name) != d.optional.end()) continue;
    try {
      params.set(name, value);
    } catch (const ParamError& e) {
      throw ParamError(one_line((d.source.empty() ? "" : d.source + ": ") + e.what()));
    }
  }
}

}  // namespace pimnic
