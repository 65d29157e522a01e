// llvm-mc in batches for the system tests: a test file lists the instructions it uses, and they
// are assembled in one llvm-mc run per profile on first use (each run costs about 0.1 s).
#pragma once
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include "test_core.h"

namespace pimnic::test {

class AsmBatch {
 public:
  struct Lines {
    const char* profile;
    std::vector<std::string> lines;
  };
  AsmBatch(std::initializer_list<Lines> lists) : lists_(lists) {}

  // Words for "insn; insn; ..." (no labels). A line missing from the lists is assembled alone.
  std::vector<uint32_t> operator()(const std::string& text, const std::string& profile = "host") {
    auto& cache = cache_[profile];
    if (cache.empty()) warm(profile, cache);
    std::vector<uint32_t> out;
    size_t start = 0;
    while (start <= text.size()) {
      size_t end = text.find(';', start);
      if (end == std::string::npos) end = text.size();
      std::string line = trim(text.substr(start, end - start));
      if (!line.empty()) {
        auto it = cache.find(line);
        if (it == cache.end()) it = cache.emplace(line, assemble(line, profile).at(0)).first;
        out.push_back(it->second);
      }
      start = end + 1;
    }
    return out;
  }
  uint32_t one(const std::string& line, const std::string& profile = "host") {
    return (*this)(line, profile).at(0);
  }

 private:
  static std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t\n"), e = s.find_last_not_of(" \t\n");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
  }
  void warm(const std::string& profile, std::map<std::string, uint32_t>& cache) {
    std::vector<std::string> lines;
    for (const Lines& l : lists_)
      if (profile == l.profile) lines.insert(lines.end(), l.lines.begin(), l.lines.end());
    if (lines.empty()) return;
    std::string text;
    for (const std::string& l : lines) text += l + "\n";
    std::vector<uint32_t> words = assemble(text, profile);
    if (words.size() != lines.size()) return;  // a line with more than one word: no batch
    for (size_t i = 0; i < lines.size(); ++i) cache.emplace(trim(lines[i]), words[i]);
  }

  std::vector<Lines> lists_;
  std::map<std::string, std::map<std::string, uint32_t>> cache_;
};

}  // namespace pimnic::test
