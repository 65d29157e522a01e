// Shared helpers for the integer instruction tests (tests/unit/integer_*_test.cpp): a fixed-seed
// random source and a way to run one instruction many times without re-decoding it.
#pragma once
#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

#include <doctest/doctest.h>

#include "test_core.h"

namespace pimnic::test {

// splitmix64: small, fast, and the same sequence on every host.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Operands biased towards the interesting edges: 0, ±1, the sign boundary, small values.
  uint32_t operand() {
    static constexpr uint32_t edges[] = {0, 1, 2, 0xFFFFFFFFu, 0xFFFFFFFEu, 0x7FFFFFFFu,
                                         0x80000000u, 0x80000001u, 0x7FFFFFFEu, 0x0000FFFFu,
                                         0xFFFF0000u, 0x00008000u, 0xFFFF8000u};
    uint64_t r = next();
    switch (r & 7) {
      case 0: return edges[(r >> 8) % std::size(edges)];
      case 1: return uint32_t(r >> 32) & 0xFF;
      case 2: return uint32_t(int32_t(int8_t(r >> 32)));
      default: return uint32_t(r >> 32);
    }
  }
};

// Place one instruction word at the code base once; run() executes it from a fresh pc each time.
struct OneInsn {
  TestCore& t;
  explicit OneInsn(TestCore& tc, uint32_t word) : t(tc) { t.write32(TestCore::kCodeBase, word); }
  void run() {
    t.h().pc = TestCore::kCodeBase;
    t.h().run(1);
  }
};

// CR0 as a record form sets it: LT/GT/EQ from the signed result, plus SO.
inline uint32_t cr0_of(uint32_t r, bool so) {
  int32_t s = int32_t(r);
  return (s < 0 ? 8u : s > 0 ? 4u : 2u) | (so ? 1u : 0u);
}

// GNU as (powerpc-linux-gnu-as -m7400): a second independent assembler, for the instructions
// llvm-mc 14 does not know (mcrxr, lswx, stswx, eciwx, ecowx). Lines separated by '\n' or ';'.
inline std::vector<uint32_t> gnu_assemble(const std::string& text) {
  char dir[] = "/tmp/pimnic-gas-XXXXXX";
  if (!mkdtemp(dir)) throw std::runtime_error("gnu_assemble: no temporary directory");
  std::string base = dir, src = base + "/in.s", obj = base + "/in.o", bin = base + "/in.bin";
  std::string body = text;
  for (char& c : body)
    if (c == ';') c = '\n';
  std::ofstream(src) << body << "\n";
  std::string cmd = "powerpc-linux-gnu-as -m7400 -o " + obj + " " + src + " 2>&1 && powerpc-linux-gnu-objcopy -O binary " +
                    "--only-section=.text " + obj + " " + bin + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 256> buf;
  while (p && fgets(buf.data(), buf.size(), p)) out += buf.data();
  int rc = p ? pclose(p) : -1;
  std::ifstream in(bin, std::ios::binary);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const std::string& f : {src, obj, bin}) std::remove(f.c_str());
  rmdir(dir);
  if (rc != 0) throw std::runtime_error("gnu_assemble: " + out);
  std::vector<uint32_t> words;
  for (size_t i = 0; i + 4 <= bytes.size(); i += 4)
    words.push_back(uint32_t(bytes[i]) << 24 | uint32_t(bytes[i + 1]) << 16 | uint32_t(bytes[i + 2]) << 8 | bytes[i + 3]);
  return words;
}

// Snippets written as ASM("...") (llvm-mc) or GASM("...") (GNU as) anywhere in the test binary
// are registered before main and assembled together on first use: one assembler run for all of
// them instead of one per snippet, which keeps the tests fast on a loaded machine.
template <size_t N> struct FixedString {
  char value[N];
  constexpr FixedString(const char (&s)[N]) {
    for (size_t i = 0; i < N; ++i) value[i] = s[i];
  }
};

class SnippetRegistry {
 public:
  size_t add(int gnu, const char* text) {
    texts_[gnu].push_back(text);
    return texts_[gnu].size() - 1;
  }
  const std::vector<uint32_t>& get(int gnu, size_t id) {
    if (words_[gnu].size() != texts_[gnu].size()) assemble_all(gnu);
    return words_[gnu][id];
  }

 private:
  static constexpr uint32_t kSeparator = 0xFFFFFFFFu;  // no snippet assembles to this word
  void assemble_all(int gnu) {
    std::string text;
    for (const std::string& t : texts_[gnu]) text += t + "\n.long 0xFFFFFFFF\n";
    std::vector<uint32_t> all;
    try {
      all = gnu ? gnu_assemble(text) : assemble(text);
    } catch (const std::exception&) {
      // Find the culprit: assemble one by one so the error names it.
      for (const std::string& t : texts_[gnu]) gnu ? gnu_assemble(t) : assemble(t);
      throw;
    }
    words_[gnu].assign(1, {});
    for (uint32_t w : all) {
      if (w == kSeparator) words_[gnu].emplace_back();
      else words_[gnu].back().push_back(w);
    }
    words_[gnu].pop_back();
    if (words_[gnu].size() != texts_[gnu].size()) throw std::runtime_error("snippet batch split failed");
  }
  std::vector<std::string> texts_[2];
  std::vector<std::vector<uint32_t>> words_[2];
};

inline SnippetRegistry& snippets() {
  static SnippetRegistry r;
  return r;
}

template <FixedString S, int Gnu> struct Snippet {
  static inline const size_t id = snippets().add(Gnu, S.value);
};

}  // namespace pimnic::test

#define ASM(text) (::pimnic::test::snippets().get(0, ::pimnic::test::Snippet<text, 0>::id))
#define GASM(text) (::pimnic::test::snippets().get(1, ::pimnic::test::Snippet<text, 1>::id))
