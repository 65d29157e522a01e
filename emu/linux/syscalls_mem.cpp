// Memory system calls: brk, mmap/mmap2 (anonymous, and private copies of files), munmap,
// mprotect (recorded, not enforced), mremap (moving like qemu-user does), madvise.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <vector>

#include "linux/guest_file.h"
#include "linux/process.h"
#include "linux/syscalls.h"

namespace pimnic::linux_user {

namespace {

constexpr uint32_t G_MAP_SHARED = 1, G_MAP_PRIVATE = 2, G_MAP_SHARED_VALIDATE = 3, G_MAP_FIXED = 0x10,
                   G_MAP_ANONYMOUS = 0x20, G_MAP_FIXED_NOREPLACE = 0x100000;
constexpr uint32_t G_PROT_WRITE = 2;
constexpr uint32_t G_MREMAP_MAYMOVE = 1, G_MREMAP_FIXED = 2;
constexpr uint32_t kDeviceMapHint = 0xE0000000;
constexpr uint32_t kCopyChunk = 1u << 20;  // file mappings are read in pieces of this size

int64_t sys_brk(LinuxProcess& p, const uint32_t* a) { return p.memory().brk(a[0]); }

int64_t do_mmap(LinuxProcess& p, uint32_t addr, uint32_t len, uint32_t prot, uint32_t flags, uint32_t fd,
                uint64_t offset) {
  GuestMemory& m = p.memory();
  if (len == 0 || (offset & (kPageSize - 1))) return -EINVAL;
  uint64_t size = page_up(len);
  if (size > kReservedVa) return -ENOMEM;
  uint32_t type = flags & 0xF;
  if (type != G_MAP_SHARED && type != G_MAP_PRIVATE && type != G_MAP_SHARED_VALIDATE) return -EINVAL;
  bool anon = flags & G_MAP_ANONYMOUS;
  int host_fd = -1;
  GuestFile::Mapping device;
  if (!anon && p.fds().file(int32_t(fd))) {  // a device's registers or memory (/dev/uio0)
    device = p.fds().file(int32_t(fd))->mapping(offset);
    if (!device.device) return -EINVAL;
    if (len > device.size) return -EINVAL;
  } else if (!anon) {
    host_fd = p.fds().host(int32_t(fd));
    if (host_fd < 0) return -EBADF;
    // A copy is a faithful private mapping; a writable shared one would need write-back.
    if (type != G_MAP_PRIVATE && (prot & G_PROT_WRITE)) return -ENODEV;
  }
  uint32_t where;
  if (flags & (G_MAP_FIXED | G_MAP_FIXED_NOREPLACE)) {
    if (addr & (kPageSize - 1)) return -EINVAL;
    if (uint64_t(addr) + size > kReservedVa || addr < kPageSize) return -ENOMEM;
    if (!(flags & G_MAP_FIXED) && !m.is_free(addr, uint32_t(size))) return -EEXIST;
    where = addr;
  } else {
    // Device windows go high, far from where RAM backing grows (docs/linux-mode.md).
    where = m.find_free(addr || !device.device ? addr : kDeviceMapHint, uint32_t(size));
    if (where == kNoAddr) return -ENOMEM;
  }
  if (device.device)  // never backed by RAM: the device answers every access
    return m.map_device(where, uint32_t(size), device.device) ? int64_t(where) : -ENOMEM;
  m.map(where, uint32_t(size), prot);
  if (!anon) {
    // The file's bytes a piece at a time: len is the guest's word, the file may be far shorter.
    std::vector<uint8_t> buf(std::min<uint32_t>(len, kCopyChunk));
    for (uint32_t done = 0; done < len;) {
      ssize_t n = ::pread(host_fd, buf.data(), std::min<size_t>(buf.size(), len - done), off_t(offset + done));
      if (n < 0) {
        int e = errno;
        m.unmap(where, uint32_t(size));
        return -e;
      }
      if (n == 0) break;
      p.write(where + done, buf.data(), uint32_t(n));
      done += uint32_t(n);
    }
  }
  return where;
}

int64_t sys_mmap(LinuxProcess& p, const uint32_t* a) { return do_mmap(p, a[0], a[1], a[2], a[3], a[4], a[5]); }
int64_t sys_mmap2(LinuxProcess& p, const uint32_t* a) {
  return do_mmap(p, a[0], a[1], a[2], a[3], a[4], uint64_t(a[5]) * 4096);
}

int64_t sys_munmap(LinuxProcess& p, const uint32_t* a) {
  if ((a[0] & (kPageSize - 1)) || a[1] == 0 || uint64_t(a[0]) + a[1] > (1ull << 32)) return -EINVAL;
  p.memory().unmap(a[0], a[1]);
  return 0;
}

int64_t sys_mprotect(LinuxProcess& p, const uint32_t* a) {
  if (a[0] & (kPageSize - 1)) return -EINVAL;
  if (a[1] == 0) return 0;
  return p.memory().protect(a[0], a[1], a[2]) ? 0 : -ENOMEM;
}

int64_t sys_mremap(LinuxProcess& p, const uint32_t* a) {
  GuestMemory& m = p.memory();
  uint32_t old_addr = a[0], flags = a[3];
  uint64_t old_size = page_up(a[1]), new_size = page_up(a[2]);
  if ((old_addr & (kPageSize - 1)) || new_size == 0 || new_size > kReservedVa) return -EINVAL;
  if ((flags & G_MREMAP_FIXED) && !(flags & G_MREMAP_MAYMOVE)) return -EINVAL;
  if (old_size == 0 || !m.is_mapped(old_addr, uint32_t(old_size))) return -EFAULT;
  if (m.has_device(old_addr, uint32_t(old_size))) return -EFAULT;  // a device window stays where it is
  unsigned prot = m.prot_of(old_addr);
  auto move_to = [&](uint32_t dst) -> int64_t {
    // Page by page, skipping pages that read as zero (the new mapping is zero already), so that
    // moving a large, mostly untouched mapping costs no host memory.
    m.map(dst, uint32_t(new_size), prot);
    const uint64_t keep = std::min(old_size, new_size);
    uint8_t page[kPageSize];
    for (uint64_t off = 0; off < keep; off += kPageSize) {
      if (!p.read(uint32_t(old_addr + off), page, kPageSize)) continue;  // a guard page: nothing to move
      if (std::any_of(page, page + kPageSize, [](uint8_t b) { return b != 0; }))
        p.write(uint32_t(dst + off), page, kPageSize);
    }
    m.unmap(old_addr, uint32_t(old_size));
    return dst;
  };
  if (flags & G_MREMAP_FIXED) {
    uint32_t dst = a[4];
    if ((dst & (kPageSize - 1)) || uint64_t(dst) + new_size > kReservedVa) return -EINVAL;
    if (dst < old_addr + old_size && old_addr < dst + new_size) return -EINVAL;  // overlap, as Linux
    return move_to(dst);
  }
  if (flags & G_MREMAP_MAYMOVE) {
    // qemu-user always moves such a mapping to a freshly found place; so does pimnic.
    uint32_t dst = m.find_free(0, uint32_t(new_size));
    if (dst == kNoAddr) return -ENOMEM;
    return move_to(dst);
  }
  if (new_size <= old_size) {
    if (new_size < old_size) m.unmap(uint32_t(old_addr + new_size), uint32_t(old_size - new_size));
    return old_addr;
  }
  uint32_t tail = uint32_t(old_addr + old_size);
  if (!m.is_free(tail, uint32_t(new_size - old_size))) return -ENOMEM;
  m.map(tail, uint32_t(new_size - old_size), prot);
  return old_addr;
}

int64_t sys_madvise(LinuxProcess&, const uint32_t*) { return 0; }

const SyscallDef kMem[] = {
    {45, "brk", sys_brk},           {90, "mmap", sys_mmap},         {91, "munmap", sys_munmap},
    {125, "mprotect", sys_mprotect}, {163, "mremap", sys_mremap},   {192, "mmap2", sys_mmap2},
    {205, "madvise", sys_madvise},
};

}  // namespace

std::span<const SyscallDef> mem_syscalls() { return kMem; }

}  // namespace pimnic::linux_user
