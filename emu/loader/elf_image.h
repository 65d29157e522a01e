// Reading and loading 32-bit big-endian PowerPC ELF executables. Every malformed input produces a
// LoadError with a one-line message; nothing is trusted before it is bounds-checked.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace pimnic {

class AddressSpace;

struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ElfSegment {
  uint32_t vaddr = 0, filesz = 0, memsz = 0, offset = 0, flags = 0;
  bool executable() const { return flags & 1; }
};

struct ElfSymbol {
  std::string name;
  uint32_t addr = 0, size = 0;
  bool function = false;
};

// Address -> symbol lookup for disassembly and traces.
class SymbolTable {
 public:
  void add(ElfSymbol s);
  // "name+0x10", or empty when no symbol covers addr.
  std::string describe(uint32_t addr) const;
  const ElfSymbol* covering(uint32_t addr) const;
  std::optional<uint32_t> address_of(const std::string& name) const;
  const ElfSymbol* at(uint32_t addr) const;  // a symbol starting exactly here
  bool empty() const { return by_addr_.empty(); }

 private:
  std::multimap<uint32_t, ElfSymbol> by_addr_;
};

struct ElfImage {
  std::string path;
  uint16_t type = 0;  // ET_EXEC
  uint32_t entry = 0;
  std::vector<ElfSegment> segments;  // PT_LOAD only
  std::vector<uint8_t> bytes;        // the whole file
  SymbolTable symbols;
  std::string profile;               // from the .pimnic.profile section, if present
  uint32_t phdr_vaddr = 0, phnum = 0, phentsize = 0;  // for the Linux auxiliary vector
  bool has_interp = false;           // dynamically linked (PT_INTERP)
  bool has_tls = false;
  uint32_t tls_vaddr = 0, tls_filesz = 0, tls_memsz = 0, tls_align = 0;

  uint32_t lowest_addr() const;
  uint32_t highest_addr() const;  // one past the last byte of the last segment
};

// Parse and validate. Throws LoadError ("FILE: not an ELF file", "FILE: truncated ...", ...).
ElfImage read_elf(const std::string& path);
// The whole file; throws LoadError naming it when it cannot be opened or read.
std::vector<uint8_t> read_file_bytes(const std::string& path);
ElfImage parse_elf(std::vector<uint8_t> bytes, const std::string& name);
// Copy the segments into RAM (zero-filling .bss). Throws LoadError if a segment is not wholly in RAM.
void load_elf(const ElfImage& img, AddressSpace& mem);

}  // namespace pimnic
