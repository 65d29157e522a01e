#include "trace/qemu_symbols.h"

#include <algorithm>
#include <cstring>

#include "loader/elf_image.h"
#include "util/bits.h"

namespace pimnic::trace {

namespace {

constexpr uint32_t SHT_SYMTAB = 2;
constexpr uint16_t SHN_LORESERVE = 0xff00;
constexpr uint8_t STT_FUNC = 2;

}  // namespace

QemuSymbols::QemuSymbols(const ElfImage& img) {
  const std::vector<uint8_t>& b = img.bytes;
  auto u32 = [&](uint64_t off) { return off + 4 <= b.size() ? load_be<uint32_t>(&b[off]) : 0u; };
  auto u16 = [&](uint64_t off) { return off + 2 <= b.size() ? load_be<uint16_t>(&b[off]) : uint16_t(0); };
  if (b.size() < 52) return;
  const uint32_t shoff = u32(32);
  const uint16_t shentsize = u16(46), shnum = u16(48);
  if (!shoff || shentsize < 40) return;
  // qemu takes the first SHT_SYMTAB section and its linked string table.
  for (unsigned i = 0; i < shnum; ++i) {
    uint64_t sh = shoff + uint64_t(i) * shentsize;
    if (u32(sh + 4) != SHT_SYMTAB) continue;
    uint32_t off = u32(sh + 16), size = u32(sh + 20), link = u32(sh + 24);
    if (link >= shnum || uint64_t(off) + size > b.size()) return;
    uint64_t strsh = shoff + uint64_t(link) * shentsize;
    uint32_t stroff = u32(strsh + 16), strsize = u32(strsh + 20);
    if (uint64_t(stroff) + strsize > b.size()) return;
    struct Raw {
      uint32_t name, value, size;
      uint8_t info;
      uint16_t shndx;
    };
    std::vector<Raw> raw;
    for (uint64_t p = off; p + 16 <= uint64_t(off) + size; p += 16)
      raw.push_back({u32(p), u32(p + 4), u32(p + 8), b[p + 12], u16(p + 14)});
    // Filter in place the way qemu does: a dropped entry is replaced by the current last one.
    size_t n = raw.size();
    for (size_t k = 0; k < n;) {
      const Raw& s = raw[k];
      if (s.shndx == 0 || s.shndx >= SHN_LORESERVE || (s.info & 0xF) != STT_FUNC) {
        if (k < --n) raw[k] = raw[n];
      } else {
        ++k;
      }
    }
    raw.resize(n);
    std::stable_sort(raw.begin(), raw.end(), [](const Raw& a, const Raw& c) { return a.value < c.value; });
    strings_.assign(reinterpret_cast<const char*>(b.data()) + stroff, strsize);
    for (const Raw& s : raw) {
      // A name offset past the table is an empty name (as qemu reads nothing there).
      const bool inside = s.name < strsize;
      uint32_t len = inside ? uint32_t(strnlen(strings_.data() + s.name, strsize - s.name)) : 0;
      syms_.push_back({s.value, s.size, inside ? s.name : 0, len});
    }
    return;
  }
}

std::string_view QemuSymbols::lookup(uint32_t addr) const {
  // glibc's bsearch: the probe sequence matters when several symbols cover addr.
  size_t lo = 0, hi = syms_.size();
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    const Sym& s = syms_[mid];
    if (addr < s.value) hi = mid;
    else if (addr >= uint32_t(s.value + s.size)) lo = mid + 1;
    else return std::string_view(strings_).substr(s.name, s.name_len);
  }
  return {};
}

}  // namespace pimnic::trace
