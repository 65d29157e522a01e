// Symbol names exactly as qemu-user 7.2 prints them in its -d logs ("IN: name", "Trace ...
// name"): only STT_FUNC symbols with a section, the list filtered by moving the last entry into
// each removed slot, sorted stably by address (glibc's merge-sort qsort), and looked up with
// glibc's bsearch, where an address matches a symbol if value <= addr < value + size (so a
// zero-size symbol never matches and the name is empty). Aliases then resolve as qemu does.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pimnic {
struct ElfImage;
}

namespace pimnic::trace {

class QemuSymbols {
 public:
  QemuSymbols() = default;
  explicit QemuSymbols(const ElfImage& img);
  // The name qemu would print for addr ("" when none), whole however long.
  std::string_view lookup(uint32_t addr) const;

 private:
  struct Sym {
    uint32_t value, size;
    uint32_t name, name_len;  // in strings_
  };
  std::vector<Sym> syms_;
  std::string strings_;  // the string table, once: symbols sharing a name share its bytes
};

}  // namespace pimnic::trace
