// Messages are one line whatever the input they quote holds: control bytes (a newline in a
// --set value, a profile note, a file name) become \xNN.
#pragma once
#include <cstdio>
#include <string>

namespace pimnic {

inline std::string one_line(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (unsigned char c : s) {
    if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += char(c);
    }
  }
  return out;
}

}  // namespace pimnic
