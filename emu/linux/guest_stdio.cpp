#include "linux/guest_stdio.h"

#include <unistd.h>

#include <vector>

#include "linux/process.h"

namespace pimnic::linux_user {

namespace {
// struct _IO_FILE of 32-bit glibc (libio/bits/types/struct_FILE.h, unchanged since glibc 2.1):
// byte offsets of the fields read here.
constexpr uint32_t kFlags = 0, kWriteBase = 16, kWritePtr = 20, kChain = 52, kFileno = 56;
constexpr uint32_t kCurrentlyPutting = 0x800;  // _IO_CURRENTLY_PUTTING: the buffer holds output
constexpr int kMaxFiles = 256;                 // (a damaged list must not loop)
constexpr uint32_t kMaxPending = 1u << 20;

void write_out(LinuxProcess& p, int fd, const std::vector<uint8_t>& bytes) {
  if (GuestFile* f = p.fds().file(fd)) {
    f->write(p, bytes);
    f->flush();
  } else if (int h = p.fds().host(fd); h >= 0) {
    for (size_t done = 0; done < bytes.size();) {
      const ssize_t n = ::write(h, bytes.data() + done, bytes.size() - done);
      if (n <= 0) break;
      done += size_t(n);
    }
  }
}
}  // namespace

void flush_guest_stdio(LinuxProcess& p) {
  const std::optional<uint32_t> list = p.image().symbols.address_of("_IO_list_all");
  uint32_t file = 0;
  if (!list || !p.read_u32(*list, file)) return;
  for (int i = 0; i < kMaxFiles && file; ++i) {
    uint32_t flags = 0, base = 0, ptr = 0, fileno = 0, next = 0;
    if (!p.read_u32(file + kFlags, flags) || !p.read_u32(file + kWriteBase, base) ||
        !p.read_u32(file + kWritePtr, ptr) || !p.read_u32(file + kFileno, fileno) || !p.read_u32(file + kChain, next))
      return;
    if ((fileno == 1 || fileno == 2) && (flags & kCurrentlyPutting) && ptr > base && ptr - base <= kMaxPending) {
      std::vector<uint8_t> bytes(ptr - base);
      if (p.read(base, bytes.data(), uint32_t(bytes.size()))) {
        write_out(p, int(fileno), bytes);
        p.write_u32(file + kWritePtr, base);  // written: as fflush leaves it
      }
    }
    file = next;
  }
}

}  // namespace pimnic::linux_user
