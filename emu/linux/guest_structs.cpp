#include "linux/guest_structs.h"

#include <fcntl.h>

#include <cstring>

namespace pimnic::linux_user {

GuestBytes encode_stat64(const struct stat& st) {
  GuestBytes g(104);
  g.u64(0, uint64_t(st.st_dev));
  g.u64(8, uint64_t(st.st_ino));
  g.u32(16, st.st_mode);
  g.u32(20, uint32_t(st.st_nlink));
  g.u32(24, st.st_uid);
  g.u32(28, st.st_gid);
  g.u64(32, uint64_t(st.st_rdev));
  g.u64(48, uint64_t(st.st_size));
  g.u32(56, uint32_t(st.st_blksize));
  g.u64(64, uint64_t(st.st_blocks));
  g.u32(72, uint32_t(st.st_atim.tv_sec));
  g.u32(76, uint32_t(st.st_atim.tv_nsec));
  g.u32(80, uint32_t(st.st_mtim.tv_sec));
  g.u32(84, uint32_t(st.st_mtim.tv_nsec));
  g.u32(88, uint32_t(st.st_ctim.tv_sec));
  g.u32(92, uint32_t(st.st_ctim.tv_nsec));
  return g;
}

GuestBytes encode_statx(const uint8_t* h) {
  // (offset, size) of every field of struct statx; the rest is padding/spare and stays zero.
  static constexpr struct { uint16_t off, size; } fields[] = {
      {0, 4},   {4, 4},   {8, 8},    {16, 4},   {20, 4},   {24, 4},   {28, 2},   {32, 8},
      {40, 8},  {48, 8},  {56, 8},   {64, 8},   {72, 4},   {80, 8},   {88, 4},   {96, 8},
      {104, 4}, {112, 8}, {120, 4},  {128, 4},  {132, 4},  {136, 4},  {140, 4},  {144, 8},
      {152, 4}, {156, 4}};
  GuestBytes g(256);
  for (auto f : fields) {
    uint64_t v = 0;
    std::memcpy(&v, h + f.off, f.size);  // host little-endian
    if (f.size == 2) g.u16(f.off, uint16_t(v));
    else if (f.size == 4) g.u32(f.off, uint32_t(v));
    else g.u64(f.off, v);
  }
  return g;
}

void convert_dirents64(uint8_t* buf, size_t n) {
  // struct linux_dirent64 { u64 d_ino; s64 d_off; u16 d_reclen; u8 d_type; char d_name[]; }
  size_t pos = 0;
  while (pos + 19 <= n) {
    uint64_t ino, off;
    uint16_t reclen;
    std::memcpy(&ino, buf + pos, 8);
    std::memcpy(&off, buf + pos + 8, 8);
    std::memcpy(&reclen, buf + pos + 16, 2);
    if (reclen == 0 || pos + reclen > n) break;
    for (int i = 0; i < 8; ++i) buf[pos + size_t(i)] = uint8_t(ino >> (56 - 8 * i));
    for (int i = 0; i < 8; ++i) buf[pos + 8 + size_t(i)] = uint8_t(off >> (56 - 8 * i));
    buf[pos + 16] = uint8_t(reclen >> 8), buf[pos + 17] = uint8_t(reclen);
    pos += reclen;
  }
}

namespace {
// (guest bit, host bit) for the flags whose values differ; others are shared.
constexpr struct { uint32_t guest; int host; } kMovedFlags[] = {
    {040000, O_DIRECTORY}, {0100000, O_NOFOLLOW}, {0200000, 0100000 /* O_LARGEFILE */}, {0400000, O_DIRECT}};
constexpr uint32_t kMovedGuestMask = 040000 | 0100000 | 0200000 | 0400000;
constexpr int kMovedHostMask = O_DIRECTORY | O_NOFOLLOW | 0100000 | O_DIRECT;
}  // namespace

int guest_to_host_open_flags(uint32_t guest) {
  int host = int(guest & ~kMovedGuestMask);
  for (auto m : kMovedFlags)
    if (guest & m.guest) host |= m.host;
  return host & ~0100000;  // O_LARGEFILE is implied on the 64-bit host
}

uint32_t host_to_guest_open_flags(int host) {
  uint32_t guest = uint32_t(host & ~kMovedHostMask);
  for (auto m : kMovedFlags)
    if (host & m.host) guest |= m.guest;
  return guest;
}

}  // namespace pimnic::linux_user
