// Reading and loading 32-bit big-endian PowerPC ELF executables. Every malformed input produces a
// LoadError with a one-line message; nothing is trusted before it is bounds-checked.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
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

// Input limits (docs/developing.md, "Input limits"): larger inputs are refused with a LoadError.
inline constexpr uint64_t kMaxElfBytes = 256ull << 20;       // an ELF file
inline constexpr uint64_t kMaxSymbolEntries = 4ull << 20;    // symbol table entries, all tables
inline constexpr size_t kMaxSymbols = size_t(1) << 20;       // entries kept from them
inline constexpr uint64_t kMaxSymbolNameBytes = 64ull << 20; // their distinct names together
inline constexpr size_t kMaxSymbolName = 4096;               // one name; longer ones are cut

struct ElfSymbol {
  std::string_view name;  // owned by the SymbolTable (and its copies)
  uint32_t addr = 0, size = 0;
  bool function = false;
};

// Address -> symbol lookup for disassembly and traces. Names are kept once each (many symbols
// may share one) and cut to kMaxSymbolName bytes.
class SymbolTable {
 public:
  void add(std::string_view name, uint32_t addr, uint32_t size, bool function);
  void add(const ElfSymbol& s) { add(s.name, s.addr, s.size, s.function); }
  // Bytes of the distinct names kept so far.
  uint64_t name_bytes() const { return names_ ? names_->bytes : 0; }
  size_t size() const { return by_addr_.size(); }
  // "name+0x10", or empty when no symbol covers addr.
  std::string describe(uint32_t addr) const;
  const ElfSymbol* covering(uint32_t addr) const;
  std::optional<uint32_t> address_of(const std::string& name) const;
  const ElfSymbol* at(uint32_t addr) const;  // a symbol starting exactly here
  bool empty() const { return by_addr_.empty(); }

 private:
  struct Names {  // node-based: the views in by_addr_ stay valid as it grows
    std::unordered_set<std::string> set;
    uint64_t bytes = 0;
  };
  std::shared_ptr<Names> names_;  // shared by copies of the table
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
// The whole file, read with a bound (a device such as /dev/zero never ends): throws LoadError
// naming it when it cannot be opened or read, or holds more than max_bytes ("what" names the
// kind of file in that message).
std::vector<uint8_t> read_file_bytes(const std::string& path, uint64_t max_bytes = kMaxElfBytes,
                                     const char* what = "the ELF file");
ElfImage parse_elf(std::vector<uint8_t> bytes, const std::string& name);
// Copy the segments into RAM (zero-filling .bss). Throws LoadError if a segment is not wholly in RAM.
void load_elf(const ElfImage& img, AddressSpace& mem);

}  // namespace pimnic
