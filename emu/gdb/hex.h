// Hex and number helpers for the GDB Remote Serial Protocol (all numbers there are hex).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pimnic::gdb {

inline int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

inline void append_hex_byte(std::string& out, uint8_t b) {
  static const char digits[] = "0123456789abcdef";
  out.push_back(digits[b >> 4]);
  out.push_back(digits[b & 15]);
}

std::string to_hex(std::string_view bytes);
std::string to_hex(const uint8_t* bytes, size_t n);
// Even number of hex digits -> bytes; nullopt on anything else.
std::optional<std::string> from_hex(std::string_view hex);

// A whole hex number (no sign, no prefix, at most 16 digits); nullopt otherwise.
std::optional<uint64_t> parse_hex(std::string_view s);
// "08x"-style formatting without leading zeros.
std::string hex_number(uint64_t v);

// Split s at the first occurrence of sep: returns the part before and leaves the rest in s
// (the whole string when sep is absent).
std::string_view take_until(std::string_view& s, char sep);

}  // namespace pimnic::gdb
