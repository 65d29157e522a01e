#include "linux/initial_stack.h"

#include <cstring>
#include <stdexcept>

#include "util/bits.h"

namespace pimnic::linux_user {

namespace {
// The bytes the strings, the platform string and the pointer block take, checked against
// Linux's limits; throws std::length_error.
uint64_t checked_size(const StackRequest& req, size_t auxv_entries) {
  uint64_t strings = req.execfn.size() + 1;
  for (const std::vector<std::string>* list : {&req.argv, &req.envp})
    for (const std::string& s : *list) {
      if (s.size() + 1 > kMaxArgStrlen)
        throw std::length_error("argument list too long: a string of " + std::to_string(s.size()) +
                                " bytes (Linux takes at most " + std::to_string(kMaxArgStrlen) + " per string)");
      strings += s.size() + 1;
    }
  const uint64_t pointers = 4 * (req.argv.size() + req.envp.size() + 3) + 8 * auxv_entries;
  const uint64_t total = strings + pointers + ((req.aux.platform.size() + 4) & ~3ull);
  if (total > req.max_bytes)
    throw std::length_error("argument list too long: " + std::to_string(total) +
                            " bytes of arguments, environment and their pointers (at most " +
                            std::to_string(req.max_bytes) + ", a quarter of the stack size, as Linux)");
  return total;
}
}  // namespace

StackImage build_initial_stack(const StackRequest& req) {
  StackImage img;
  constexpr size_t kMaxAuxv = 24;  // the entries below, AT_PLATFORM and AT_NULL
  // The 8 bytes at the top, the checked bytes, alignment and the 16 random bytes: the buffer
  // ends at top and holds all of it.
  const uint64_t span64 = checked_size(req, kMaxAuxv) + 8 + 16 + 3 * 16;
  if (span64 > req.top) throw std::length_error("argument list too long for the stack");
  const uint32_t span = uint32_t(span64);
  const uint32_t base = req.top - span;
  std::vector<uint8_t> buf(span, 0);
  auto put = [&](uint32_t addr, const void* src, size_t n) {
    std::memcpy(&buf[addr - base], src, n);
  };
  auto put32 = [&](uint32_t addr, uint32_t v) { store_be<uint32_t>(&buf[addr - base], v); };

  // Strings grow down from top minus one host pointer (qemu and a 64-bit kernel both leave 8
  // bytes): first the executable name, then the environment, then the arguments, each list
  // copied last-to-first so that the strings end up in ascending order.
  uint32_t p = req.top - 8;
  auto push_string = [&](const std::string& s) {
    uint32_t n = uint32_t(s.size()) + 1;
    p -= n;
    put(p, s.c_str(), n);
    return p;
  };
  img.execfn_addr = push_string(req.execfn);
  std::vector<uint32_t> env_ptrs(req.envp.size()), arg_ptrs(req.argv.size());
  for (size_t i = req.envp.size(); i-- > 0;) env_ptrs[i] = push_string(req.envp[i]);
  for (size_t i = req.argv.size(); i-- > 0;) arg_ptrs[i] = push_string(req.argv[i]);

  uint32_t sp = p;
  uint32_t platform_addr = 0;
  if (!req.aux.platform.empty()) {  // as the kernel and qemu do when there is a platform string
    uint32_t n = uint32_t(req.aux.platform.size()) + 1;
    sp -= (n + 3) & ~3u;
    platform_addr = sp;
    put(sp, req.aux.platform.c_str(), n);
  }
  sp &= ~15u;  // 16-byte alignment before the random bytes
  sp -= 16;
  img.random_addr = sp;
  put(sp, req.random.data(), 16);

  const AuxValues& a = req.aux;
  // qemu's ARCH_DLINFO for PowerPC comes first: glibc expects the two AT_IGNOREPPC entries at
  // the lowest addresses of the vector.
  img.auxv = {
      {AT_IGNOREPPC, AT_IGNOREPPC}, {AT_IGNOREPPC, AT_IGNOREPPC},
      {AT_DCACHEBSIZE, a.dcache_block}, {AT_ICACHEBSIZE, a.icache_block},
      {AT_UCACHEBSIZE, a.ucache_block},
      {AT_PHDR, a.phdr}, {AT_PHENT, a.phent}, {AT_PHNUM, a.phnum}, {AT_PAGESZ, a.pagesz},
      {AT_BASE, 0}, {AT_FLAGS, 0}, {AT_ENTRY, a.entry},
      {AT_UID, a.uid}, {AT_EUID, a.euid}, {AT_GID, a.gid}, {AT_EGID, a.egid},
      {AT_HWCAP, a.hwcap}, {AT_CLKTCK, a.clktck}, {AT_RANDOM, img.random_addr},
      {AT_SECURE, a.secure}, {AT_EXECFN, img.execfn_addr}, {AT_HWCAP2, a.hwcap2},
  };
  if (platform_addr) img.auxv.push_back({AT_PLATFORM, platform_addr});
  img.auxv.push_back({AT_NULL, 0});

  // argc, argv[], NULL, envp[], NULL, auxv: the block starts 16-byte aligned.
  uint32_t words = 1 + uint32_t(req.argv.size()) + 1 + uint32_t(req.envp.size()) + 1 +
                   2 * uint32_t(img.auxv.size());
  sp = (sp - 4 * words) & ~15u;
  img.sp = sp;
  uint32_t q = sp;
  put32(q, uint32_t(req.argv.size()));
  q += 4;
  img.argv_addr = q;
  for (uint32_t v : arg_ptrs) put32(q, v), q += 4;
  put32(q, 0), q += 4;
  img.envp_addr = q;
  for (uint32_t v : env_ptrs) put32(q, v), q += 4;
  put32(q, 0), q += 4;
  img.auxv_addr = q;
  for (auto [tag, val] : img.auxv) put32(q, tag), put32(q + 4, val), q += 8;

  img.base = sp;
  img.bytes.assign(buf.begin() + (sp - base), buf.end());
  return img;
}

}  // namespace pimnic::linux_user
