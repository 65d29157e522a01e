#include "loader/elf_image.h"

#include <algorithm>
#include <cstring>

#include "mem/address_space.h"
#include "util/bits.h"
#include "util/read_file.h"

namespace pimnic {

namespace {

constexpr uint16_t ET_EXEC = 2, EM_PPC = 20;
constexpr uint32_t PT_LOAD = 1, PT_INTERP = 3, PT_PHDR = 6, PT_TLS = 7;
constexpr uint32_t SHT_SYMTAB = 2;

// Bounds-checked big-endian reader over the file.
struct Reader {
  const std::vector<uint8_t>& b;
  const std::string& name;
  void need(uint64_t off, uint64_t len, const char* what) const {
    if (off + len > b.size())
      throw LoadError(name + ": truncated file (" + what + " extends past the end)");
  }
  uint16_t u16(uint64_t off, const char* what) const {
    need(off, 2, what);
    return load_be<uint16_t>(&b[off]);
  }
  uint32_t u32(uint64_t off, const char* what) const {
    need(off, 4, what);
    return load_be<uint32_t>(&b[off]);
  }
};

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

}  // namespace

std::vector<uint8_t> read_file_bytes(const std::string& path, uint64_t max_bytes, const char* what) {
  try {
    return read_file_bounded<std::vector<uint8_t>>(path, max_bytes, what);
  } catch (const FileError& e) {
    throw LoadError(e.what());
  }
}

ElfImage read_elf(const std::string& path) { return parse_elf(read_file_bytes(path), path); }

ElfImage parse_elf(std::vector<uint8_t> bytes, const std::string& name) {
  ElfImage img;
  img.path = name;
  img.bytes = std::move(bytes);
  const auto& b = img.bytes;
  Reader r{b, name};
  if (b.size() < 4 || std::memcmp(b.data(), "\x7f" "ELF", 4) != 0)
    throw LoadError(name + ": not an ELF file");
  if (b.size() < 52) throw LoadError(name + ": truncated file (ELF header)");
  if (b[4] != 1) throw LoadError(name + ": wrong ELF class (64-bit); pimnic runs 32-bit PowerPC");
  if (b[5] != 2) throw LoadError(name + ": wrong endianness (little-endian); PowerPC images are big-endian");
  if (b[6] != 1) throw LoadError(name + ": unsupported ELF version " + std::to_string(b[6]));
  img.type = r.u16(16, "ELF header");
  uint16_t machine = r.u16(18, "ELF header");
  if (machine != EM_PPC)
    throw LoadError(name + ": wrong machine (e_machine " + std::to_string(machine) + ", expected 20 = PowerPC)");
  if (img.type != ET_EXEC)
    throw LoadError(name + ": not an executable (e_type " + std::to_string(img.type) + ", expected ET_EXEC)");
  img.entry = r.u32(24, "ELF header");
  uint32_t phoff = r.u32(28, "ELF header"), shoff = r.u32(32, "ELF header");
  uint16_t phentsize = r.u16(42, "ELF header"), phnum = r.u16(44, "ELF header");
  uint16_t shentsize = r.u16(46, "ELF header"), shnum = r.u16(48, "ELF header");
  uint16_t shstrndx = r.u16(50, "ELF header");
  if (phnum == 0) throw LoadError(name + ": no program headers (nothing to load)");
  if (phentsize < 32) throw LoadError(name + ": bad program header size " + std::to_string(phentsize));
  r.need(phoff, uint64_t(phnum) * phentsize, "program headers");
  img.phnum = phnum;
  img.phentsize = phentsize;
  for (unsigned i = 0; i < phnum; ++i) {
    uint64_t p = phoff + uint64_t(i) * phentsize;
    uint32_t type = r.u32(p, "program header");
    ElfSegment s;
    s.offset = r.u32(p + 4, "program header");
    s.vaddr = r.u32(p + 8, "program header");
    s.filesz = r.u32(p + 16, "program header");
    s.memsz = r.u32(p + 20, "program header");
    s.flags = r.u32(p + 24, "program header");
    if (type == PT_PHDR) img.phdr_vaddr = s.vaddr;
    if (type == PT_INTERP) img.has_interp = true;
    if (type == PT_TLS) {
      img.has_tls = true;
      img.tls_vaddr = s.vaddr;
      img.tls_filesz = s.filesz;
      img.tls_memsz = s.memsz;
      img.tls_align = r.u32(p + 28, "program header");
    }
    if (type != PT_LOAD) continue;
    if (s.filesz > s.memsz)
      throw LoadError(name + ": segment " + std::to_string(i) + " has file size larger than memory size");
    if (uint64_t(s.vaddr) + s.memsz > (1ull << 32))
      throw LoadError(name + ": segment " + std::to_string(i) + " wraps around the 32-bit address space");
    r.need(s.offset, s.filesz, "segment data");
    img.segments.push_back(s);
  }
  if (img.segments.empty()) throw LoadError(name + ": no loadable segments");
  // Program headers' own address, for AT_PHDR, when there is no PT_PHDR.
  if (!img.phdr_vaddr)
    for (const ElfSegment& s : img.segments)
      if (phoff >= s.offset && uint64_t(phoff) + uint64_t(phnum) * phentsize <= uint64_t(s.offset) + s.filesz)
        img.phdr_vaddr = s.vaddr + (phoff - s.offset);
  bool entry_ok = false;
  for (const ElfSegment& s : img.segments)
    if (s.executable() && img.entry - s.vaddr < s.memsz) entry_ok = true;
  if (!entry_ok)
    throw LoadError(name + ": no entry point (" + hex(img.entry) + " is not in an executable segment)");

  // Sections are optional (stripped images); read names, symbols and the profile when present.
  if (shoff && shnum && shentsize >= 40 && uint64_t(shoff) + uint64_t(shnum) * shentsize <= b.size()) {
    auto sh = [&](unsigned i, unsigned field) { return r.u32(shoff + uint64_t(i) * shentsize + field, "section header"); };
    // The NUL-terminated string at off, ending at limit (or the file's end) at the latest; at
    // most kMaxSymbolName bytes are looked at.
    auto cview = [&](uint64_t off, uint64_t limit) {
      limit = std::min<uint64_t>({limit, b.size(), off + kMaxSymbolName + 1});
      if (off >= limit) return std::string_view();
      const char* s = reinterpret_cast<const char*>(b.data() + off);
      return std::string_view(s, strnlen(s, size_t(limit - off)));
    };
    auto cstr = [&](uint64_t off, uint64_t limit) { return std::string(cview(off, limit)); };
    uint32_t shstr_off = shstrndx < shnum ? sh(shstrndx, 16) : 0;
    uint32_t shstr_end = shstrndx < shnum ? shstr_off + sh(shstrndx, 20) : 0;
    uint64_t entries = 0;
    for (unsigned i = 0; i < shnum; ++i) {
      uint32_t type = sh(i, 4), off = sh(i, 16), size = sh(i, 20);
      if (uint64_t(off) + size > b.size()) continue;  // corrupt section: ignore it, loading does not need it
      std::string secname = shstr_end ? cstr(shstr_off + sh(i, 0), shstr_end) : "";
      if (secname == ".pimnic.profile") img.profile = cstr(off, off + size);
      if (type != SHT_SYMTAB) continue;
      uint32_t link = sh(i, 24), entsize = sh(i, 36);
      if (link >= shnum || entsize < 16) continue;
      uint32_t str_off = sh(link, 16), str_end = str_off + sh(link, 20);
      if (str_end > b.size()) continue;
      for (uint64_t p = off; p + 16 <= uint64_t(off) + size; p += entsize) {
        if (++entries > kMaxSymbolEntries)
          throw LoadError(name + ": symbol tables of more than " + std::to_string(kMaxSymbolEntries) +
                          " entries (the most pimnic reads)");
        uint32_t nm = r.u32(p, "symbol"), val = r.u32(p + 4, "symbol"), sz = r.u32(p + 8, "symbol");
        uint8_t info = b[p + 12];
        uint8_t stype = info & 0xF;
        uint16_t shndx = r.u16(p + 14, "symbol");
        if (shndx == 0 || (stype != 1 && stype != 2 && stype != 0)) continue;  // OBJECT, FUNC, NOTYPE
        std::string_view sname = cview(str_off + uint64_t(nm), str_end);
        if (sname.empty() || sname[0] == '$' || sname.substr(0, 2) == ".L") continue;
        if (img.symbols.size() == kMaxSymbols)
          throw LoadError(name + ": more than " + std::to_string(kMaxSymbols) + " symbols (the most pimnic reads)");
        img.symbols.add(sname, val, sz, stype == 2);
        if (img.symbols.name_bytes() > kMaxSymbolNameBytes)
          throw LoadError(name + ": symbol names over " + std::to_string(kMaxSymbolNameBytes >> 20) +
                          " MiB (the most pimnic reads)");
      }
    }
  }
  return img;
}

uint32_t ElfImage::lowest_addr() const {
  uint32_t lo = ~0u;
  for (const ElfSegment& s : segments) lo = std::min(lo, s.vaddr);
  return lo;
}

uint32_t ElfImage::highest_addr() const {
  uint64_t hi = 0;
  for (const ElfSegment& s : segments) hi = std::max<uint64_t>(hi, uint64_t(s.vaddr) + s.memsz);
  return uint32_t(std::min<uint64_t>(hi, 0xFFFFFFFFu));
}

void load_elf(const ElfImage& img, AddressSpace& mem) {
  for (const ElfSegment& s : img.segments) {
    if (s.memsz == 0) continue;
    if (!mem.host_ptr(s.vaddr, s.memsz))
      throw LoadError(img.path + ": segment at " + hex(s.vaddr) + " (" + std::to_string(s.memsz) +
                      " bytes) lies outside memory");
    mem.write_bytes(s.vaddr, img.bytes.data() + s.offset, s.filesz);
    mem.fill_bytes(s.vaddr + s.filesz, 0, s.memsz - s.filesz);
  }
}

// ---- symbols ---------------------------------------------------------------------------------

void SymbolTable::add(std::string_view name, uint32_t addr, uint32_t size, bool function) {
  if (!names_) names_ = std::make_shared<Names>();
  name = name.substr(0, kMaxSymbolName);
  auto [it, added] = names_->set.emplace(name);
  if (added) names_->bytes += name.size();
  by_addr_.emplace(addr, ElfSymbol{*it, addr, size, function});
}

const ElfSymbol* SymbolTable::covering(uint32_t addr) const {
  auto it = by_addr_.upper_bound(addr);
  const ElfSymbol* best = nullptr;
  while (it != by_addr_.begin()) {
    --it;
    const ElfSymbol& s = it->second;
    if (best && s.addr != best->addr) break;
    // Prefer functions, then sized symbols covering addr, then the nearest label.
    if (!best || (s.function && !best->function)) best = &s;
  }
  if (best && best->size && addr - best->addr >= best->size) return nullptr;
  return best;
}

std::string SymbolTable::describe(uint32_t addr) const {
  const ElfSymbol* s = covering(addr);
  if (!s) return {};
  if (s->addr == addr) return std::string(s->name);
  char buf[24];
  std::snprintf(buf, sizeof buf, "+0x%x", addr - s->addr);
  return std::string(s->name) + buf;
}

std::optional<uint32_t> SymbolTable::address_of(const std::string& name) const {
  for (const auto& [a, s] : by_addr_)
    if (s.name == name) return a;
  return std::nullopt;
}

const ElfSymbol* SymbolTable::at(uint32_t addr) const {
  auto [lo, hi] = by_addr_.equal_range(addr);
  const ElfSymbol* best = nullptr;
  for (auto it = lo; it != hi; ++it)
    if (!best || (it->second.function && !best->function)) best = &it->second;
  return best;
}

}  // namespace pimnic
