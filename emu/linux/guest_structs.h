// ppc32 (big-endian) layouts of the kernel structures system calls fill in, built as byte
// images: struct stat64 (asm/stat.h), struct statx (linux/stat.h, the same on every
// architecture), linux_dirent64, and flag translations between the guest's and the host's
// open(2) flags.
#pragma once
#include <sys/stat.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pimnic::linux_user {

// Big-endian byte image of a guest structure.
struct GuestBytes {
  std::vector<uint8_t> b;
  explicit GuestBytes(size_t n) : b(n, 0) {}
  void u16(size_t off, uint16_t v) { b[off] = uint8_t(v >> 8), b[off + 1] = uint8_t(v); }
  void u32(size_t off, uint32_t v) {
    for (int i = 0; i < 4; ++i) b[off + size_t(i)] = uint8_t(v >> (24 - 8 * i));
  }
  void u64(size_t off, uint64_t v) { u32(off, uint32_t(v >> 32)), u32(off + 4, uint32_t(v)); }
};

GuestBytes encode_stat64(const struct stat& st);
// Converts the host kernel's struct statx (256 bytes, host byte order) to the guest's.
GuestBytes encode_statx(const uint8_t* host_statx);
// Converts a buffer of host linux_dirent64 records (n bytes) to guest byte order in place.
void convert_dirents64(uint8_t* buf, size_t n);

// open(2) flags: PowerPC moves O_DIRECTORY, O_NOFOLLOW, O_LARGEFILE and O_DIRECT.
int guest_to_host_open_flags(uint32_t guest);
uint32_t host_to_guest_open_flags(int host);

// Guest open flag values used by the handlers.
inline constexpr uint32_t G_O_ACCMODE = 3, G_O_CREAT = 0100, G_O_TRUNC = 01000, G_O_APPEND = 02000,
                          G_O_CLOEXEC = 02000000;

}  // namespace pimnic::linux_user
