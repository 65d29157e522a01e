// File and descriptor system calls. The standard descriptors always work; opening host files
// (and stat/access/readlink of host paths) needs --host-files, writing them --host-files=rw.
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "linux/canonical_host.h"
#include "linux/guest_file.h"
#include "linux/guest_structs.h"
#include "linux/process.h"
#include "linux/syscalls.h"

namespace pimnic::linux_user {

namespace {

constexpr int32_t G_AT_FDCWD = -100;
constexpr uint32_t G_AT_EMPTY_PATH = 0x1000;
constexpr uint32_t kMaxIo = 1u << 24;  // one read/write moves at most 16 MiB (a short count)

int64_t neg_errno() { return -int64_t(errno); }

// Host descriptor for a guest dirfd argument (AT_FDCWD stays AT_FDCWD), or -EBADF.
int64_t host_dirfd(LinuxProcess& p, uint32_t fd) {
  if (int32_t(fd) == G_AT_FDCWD) return AT_FDCWD;
  int h = p.fds().host(int32_t(fd));
  return h < 0 ? -EBADF : h;
}

// A path argument, or -errno (EFAULT, ENAMETOOLONG).
int64_t guest_path(LinuxProcess& p, uint32_t addr, std::string& out) {
  if (!p.read_string(addr, out, 4096)) return out.size() >= 4095 ? -ENAMETOOLONG : -EFAULT;
  return 0;
}

int64_t deny_host_files(LinuxProcess& p) { return p.options().host_files ? 0 : -EACCES; }

int64_t to_guest(LinuxProcess& p, uint32_t addr, const void* src, size_t n) {
  return p.write(addr, src, uint32_t(n)) ? 0 : -EFAULT;
}

// ---- read and write ----------------------------------------------------------------------

// A read with nothing to read yet (an empty pipe, a terminal, a device before its interrupt)
// waits for input (process_wait.cpp); a signal ends the wait, and the read is restarted or fails
// with EINTR as the handler's SA_RESTART says.
int64_t wait_for_input(LinuxProcess& p, const LinuxProcess::Wait& w) {
  return p.interrupted() ? ERESTARTSYS : p.block(w);
}

// Would a read of host descriptor h wait? Not with input, at the end of the file, on an error,
// or for a descriptor that never blocks (O_NONBLOCK: the read says EAGAIN itself).
bool host_read_waits(int h) {
  struct pollfd pf = {h, POLLIN, 0};
  return ::poll(&pf, 1, 0) == 0 && !(::fcntl(h, F_GETFL) & O_NONBLOCK);
}

int64_t file_read(LinuxProcess& p, GuestFile& f, uint32_t addr, uint32_t len) {
  std::vector<uint8_t> buf(std::min(len, kMaxIo));
  if (!p.read(addr, buf.data(), uint32_t(buf.size()))) return -EFAULT;
  int64_t n = f.read(p, buf);
  if (n == kWouldBlock) return wait_for_input(p, {.device = true});
  if (n > 0 && to_guest(p, addr, buf.data(), size_t(n))) return -EFAULT;
  return n;
}

int64_t sys_read(LinuxProcess& p, const uint32_t* a) {
  if (GuestFile* f = p.fds().file(int32_t(a[0]))) return file_read(p, *f, a[1], a[2]);
  int h = p.fds().host(int32_t(a[0]));
  if (h < 0) return -EBADF;
  std::vector<uint8_t> buf(std::min(a[2], kMaxIo));
  if (!p.read(a[1], buf.data(), uint32_t(buf.size()))) return -EFAULT;  // before consuming input
  if (host_read_waits(h)) return wait_for_input(p, {.host_fd = h});
  ssize_t n = ::read(h, buf.data(), buf.size());
  if (n < 0) return neg_errno();
  return to_guest(p, a[1], buf.data(), size_t(n)) ? -EFAULT : n;
}

int64_t sys_write(LinuxProcess& p, const uint32_t* a) {
  if (GuestFile* f = p.fds().file(int32_t(a[0]))) {
    std::vector<uint8_t> buf(std::min(a[2], kMaxIo));
    if (!p.read(a[1], buf.data(), uint32_t(buf.size()))) return -EFAULT;
    return f->write(p, buf);
  }
  int h = p.fds().host(int32_t(a[0]));
  if (h < 0) return -EBADF;
  std::vector<uint8_t> buf(std::min(a[2], kMaxIo));
  if (!p.read(a[1], buf.data(), uint32_t(buf.size()))) return -EFAULT;
  ssize_t n = ::write(h, buf.data(), buf.size());
  return n < 0 ? neg_errno() : n;
}

int64_t sys_pread64(LinuxProcess& p, const uint32_t* a) {
  // ppc32 passes the 64-bit offset in an aligned register pair: r7:r8 (r6 is padding).
  int h = p.fds().host(int32_t(a[0]));
  if (h < 0) return -EBADF;
  std::vector<uint8_t> buf(std::min(a[2], kMaxIo));
  if (!p.read(a[1], buf.data(), uint32_t(buf.size()))) return -EFAULT;
  ssize_t n = ::pread(h, buf.data(), buf.size(), off_t((uint64_t(a[4]) << 32) | a[5]));
  if (n < 0) return neg_errno();
  return to_guest(p, a[1], buf.data(), size_t(n)) ? -EFAULT : n;
}

// struct iovec { u32 base; u32 len; }[count]
bool read_iovec(LinuxProcess& p, uint32_t iov, uint32_t count, std::vector<std::pair<uint32_t, uint32_t>>& out) {
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t base, len;
    if (!p.read_u32(iov + 8 * i, base) || !p.read_u32(iov + 8 * i + 4, len)) return false;
    out.emplace_back(base, len);
  }
  return true;
}

int64_t sys_writev(LinuxProcess& p, const uint32_t* a) {
  GuestFile* f = p.fds().file(int32_t(a[0]));
  int h = p.fds().host(int32_t(a[0]));
  if (h < 0 && !f) return -EBADF;
  if (a[2] > 1024) return -EINVAL;
  std::vector<std::pair<uint32_t, uint32_t>> iov;
  if (!read_iovec(p, a[1], a[2], iov)) return -EFAULT;
  std::vector<uint8_t> buf;  // gathered, so that one host write keeps the record whole
  for (auto [base, len] : iov) {
    size_t at = buf.size();
    if (at + len > kMaxIo) return -EINVAL;
    buf.resize(at + len);
    if (!p.read(base, buf.data() + at, len)) return -EFAULT;
  }
  if (f) return f->write(p, buf);
  ssize_t n = ::write(h, buf.data(), buf.size());
  return n < 0 ? neg_errno() : n;
}

int64_t sys_readv(LinuxProcess& p, const uint32_t* a) {
  int h = p.fds().host(int32_t(a[0]));
  if (h < 0) return -EBADF;
  if (a[2] > 1024) return -EINVAL;
  std::vector<std::pair<uint32_t, uint32_t>> iov;
  if (!read_iovec(p, a[1], a[2], iov)) return -EFAULT;
  size_t total = 0;
  for (auto [base, len] : iov) total += len;
  std::vector<uint8_t> buf(std::min<size_t>(total, kMaxIo));
  if (host_read_waits(h)) return wait_for_input(p, {.host_fd = h});
  ssize_t n = ::read(h, buf.data(), buf.size());
  if (n < 0) return neg_errno();
  size_t done = 0;
  for (auto [base, len] : iov) {
    size_t k = std::min<size_t>(len, size_t(n) - done);
    if (k && !p.write(base, buf.data() + done, uint32_t(k))) return -EFAULT;
    done += k;
  }
  return n;
}

// ---- opening and closing -----------------------------------------------------------------

int64_t do_openat(LinuxProcess& p, uint32_t dirfd, uint32_t path_addr, uint32_t flags, uint32_t mode) {
  std::string path;
  if (int64_t e = guest_path(p, path_addr, path)) return e;
  if (auto dev = p.device_file(path)) {  // a device of the simulated machine (/dev/uio0)
    int fd = p.fds().add_file(std::move(dev), 0, flags & G_O_CLOEXEC);
    return fd < 0 ? -EMFILE : fd;
  }
  if (int64_t e = deny_host_files(p)) return e;
  bool writes = (flags & G_O_ACCMODE) != 0 || (flags & (G_O_CREAT | G_O_TRUNC | G_O_APPEND));
  if (writes && !p.options().host_files_write) return -EACCES;
  int64_t dfd = host_dirfd(p, dirfd);
  if (dfd < 0 && dfd != AT_FDCWD) return dfd;
  int h = ::openat(int(dfd), path.c_str(), guest_to_host_open_flags(flags) | O_CLOEXEC, mode);
  if (h < 0) return neg_errno();
  int fd = p.fds().add(h, 0, flags & G_O_CLOEXEC);
  if (fd < 0) {
    ::close(h);
    return -EMFILE;
  }
  return fd;
}

int64_t sys_open(LinuxProcess& p, const uint32_t* a) { return do_openat(p, uint32_t(G_AT_FDCWD), a[0], a[1], a[2]); }
int64_t sys_openat(LinuxProcess& p, const uint32_t* a) { return do_openat(p, a[0], a[1], a[2], a[3]); }

int64_t sys_close(LinuxProcess& p, const uint32_t* a) { return p.fds().close(int32_t(a[0])) ? 0 : -EBADF; }

int64_t do_dup(LinuxProcess& p, uint32_t oldfd, int min, bool cloexec) {
  int h = p.fds().host(int32_t(oldfd));
  if (h < 0) return -EBADF;
  int nh = ::fcntl(h, F_DUPFD_CLOEXEC, 3);
  if (nh < 0) return neg_errno();
  int fd = p.fds().add(nh, min, cloexec);
  if (fd < 0) {
    ::close(nh);
    return -EMFILE;
  }
  return fd;
}

int64_t do_dup2(LinuxProcess& p, uint32_t oldfd, uint32_t newfd, bool cloexec) {
  int h = p.fds().host(int32_t(oldfd));
  if (h < 0 || newfd >= uint32_t(FdTable::kMaxFds)) return -EBADF;
  int nh = ::fcntl(h, F_DUPFD_CLOEXEC, 3);
  if (nh < 0) return neg_errno();
  p.fds().put(int32_t(newfd), nh, cloexec);
  return newfd;
}

int64_t sys_dup(LinuxProcess& p, const uint32_t* a) { return do_dup(p, a[0], 0, false); }

int64_t sys_dup2(LinuxProcess& p, const uint32_t* a) {
  if (a[0] == a[1]) return p.fds().host(int32_t(a[0])) < 0 ? -EBADF : int64_t(a[1]);
  return do_dup2(p, a[0], a[1], false);
}

int64_t sys_dup3(LinuxProcess& p, const uint32_t* a) {
  if (a[0] == a[1] || (a[2] & ~G_O_CLOEXEC)) return -EINVAL;
  return do_dup2(p, a[0], a[1], a[2] & G_O_CLOEXEC);
}

int64_t sys_fcntl(LinuxProcess& p, const uint32_t* a) {
  int fd = int32_t(a[0]);
  int h = p.fds().host(fd);
  if (h < 0) return -EBADF;
  switch (a[1]) {
    case 0: return do_dup(p, a[0], int32_t(a[2]), false);   // F_DUPFD
    case 1030: return do_dup(p, a[0], int32_t(a[2]), true); // F_DUPFD_CLOEXEC
    case 1: return p.fds().cloexec(fd) ? 1 : 0;             // F_GETFD
    case 2: p.fds().set_cloexec(fd, a[2] & 1); return 0;    // F_SETFD
    case 3: {                                                // F_GETFL
      int f = ::fcntl(h, F_GETFL);
      return f < 0 ? neg_errno() : int64_t(host_to_guest_open_flags(f));
    }
    case 4:                                                  // F_SETFL
      return ::fcntl(h, F_SETFL, guest_to_host_open_flags(a[2])) < 0 ? neg_errno() : 0;
    default: return -EINVAL;
  }
}

int64_t sys_ioctl(LinuxProcess& p, const uint32_t* a) {
  // pimnic presents no terminals: every terminal query (TCGETS, TIOCGWINSZ, ...) says ENOTTY,
  // which is also what Linux answers for pipes and files. docs/linux-mode.md.
  if (!p.fds().is_open(int32_t(a[0]))) return -EBADF;
  return -ENOTTY;
}

// ---- positions ---------------------------------------------------------------------------

int64_t sys_lseek(LinuxProcess& p, const uint32_t* a) {
  int h = p.fds().host(int32_t(a[0]));
  if (h < 0) return -EBADF;
  off_t r = ::lseek(h, off_t(int32_t(a[1])), int(a[2]));
  if (r < 0) return neg_errno();
  return r > 0x7fffffff ? -EOVERFLOW : int64_t(r);
}

int64_t sys_llseek(LinuxProcess& p, const uint32_t* a) {
  int h = p.fds().host(int32_t(a[0]));
  if (h < 0) return -EBADF;
  off_t r = ::lseek(h, off_t((uint64_t(a[1]) << 32) | a[2]), int(a[4]));
  if (r < 0) return neg_errno();
  return p.write_u64(a[3], uint64_t(r)) ? 0 : -EFAULT;
}

// ---- status ------------------------------------------------------------------------------

int64_t put_stat(LinuxProcess& p, uint32_t addr, const struct stat& st) {
  GuestBytes g = encode_stat64(st);
  return to_guest(p, addr, g.b.data(), g.b.size());
}

// With a fixed pid (a machine's ranks, LinuxOptions::pid), a standard stream pimnic passes on
// shows its file type and owner only: its inode and times change from run to run.
bool masked_std_stream(const LinuxProcess& p, int host_fd) { return p.options().pid && host_fd >= 0 && host_fd <= 2; }

int64_t sys_fstat64(LinuxProcess& p, const uint32_t* a) {
  if (canonical_std_stream(p, int32_t(a[0]))) return put_stat(p, a[1], canonical_pipe_stat());
  if (GuestFile* f = p.fds().file(int32_t(a[0]))) {
    struct stat st = {};
    st.st_mode = f->mode();
    st.st_blksize = 4096;
    st.st_nlink = 1;
    return put_stat(p, a[1], st);
  }
  int h = p.fds().host(int32_t(a[0]));
  if (h < 0) return -EBADF;
  struct stat st;
  if (::fstat(h, &st) < 0) return neg_errno();
  if (masked_std_stream(p, h)) {
    struct stat kept = {};
    kept.st_mode = st.st_mode;
    kept.st_uid = st.st_uid;
    kept.st_gid = st.st_gid;
    kept.st_nlink = 1;
    kept.st_blksize = 4096;
    st = kept;
  }
  return put_stat(p, a[1], st);
}

int64_t do_fstatat(LinuxProcess& p, uint32_t dirfd, uint32_t path_addr, uint32_t buf, uint32_t flags) {
  std::string path;
  if (int64_t e = guest_path(p, path_addr, path)) return e;
  if (path.empty() && (flags & G_AT_EMPTY_PATH)) {
    const uint32_t args[2] = {dirfd, buf};
    return sys_fstat64(p, args);
  }
  if (int64_t e = deny_host_files(p)) return e;
  int64_t dfd = host_dirfd(p, dirfd);
  if (dfd < 0 && dfd != AT_FDCWD) return dfd;
  struct stat st;
  if (::fstatat(int(dfd), path.c_str(), &st, int(flags & 0x1900)) < 0) return neg_errno();
  return put_stat(p, buf, st);
}

int64_t sys_stat64(LinuxProcess& p, const uint32_t* a) { return do_fstatat(p, uint32_t(G_AT_FDCWD), a[0], a[1], 0); }
int64_t sys_lstat64(LinuxProcess& p, const uint32_t* a) { return do_fstatat(p, uint32_t(G_AT_FDCWD), a[0], a[1], 0x100); }
int64_t sys_fstatat64(LinuxProcess& p, const uint32_t* a) { return do_fstatat(p, a[0], a[1], a[2], a[3]); }

int64_t sys_statx(LinuxProcess& p, const uint32_t* a) {
  std::string path;
  if (int64_t e = guest_path(p, a[1], path)) return e;
  bool by_fd = path.empty() && (a[2] & G_AT_EMPTY_PATH);
  if (by_fd && canonical_std_stream(p, int32_t(a[0]))) {  // (a tagged stream is no host descriptor)
    uint8_t host_buf[256];
    canonical_pipe_statx(host_buf);
    GuestBytes g = encode_statx(host_buf);
    return to_guest(p, a[4], g.b.data(), g.b.size());
  }
  if (!by_fd)
    if (int64_t e = deny_host_files(p)) return e;
  int64_t dfd = host_dirfd(p, a[0]);
  if (dfd < 0 && dfd != AT_FDCWD) return dfd;
  uint8_t host_buf[256] = {};
  if (::syscall(SYS_statx, int(dfd), path.c_str(), int(a[2]), a[3], host_buf) < 0) return neg_errno();
  if (by_fd && masked_std_stream(p, int(dfd))) {
    struct statx sx, kept = {};
    std::memcpy(&sx, host_buf, sizeof sx);
    kept.stx_mask = sx.stx_mask & (STATX_TYPE | STATX_MODE | STATX_UID | STATX_GID | STATX_NLINK);
    kept.stx_mode = sx.stx_mode;
    kept.stx_uid = sx.stx_uid;
    kept.stx_gid = sx.stx_gid;
    kept.stx_nlink = 1;
    kept.stx_blksize = 4096;
    std::memcpy(host_buf, &kept, sizeof kept);
  }
  GuestBytes g = encode_statx(host_buf);
  return to_guest(p, a[4], g.b.data(), g.b.size());
}

int64_t sys_getdents64(LinuxProcess& p, const uint32_t* a) {
  int h = p.fds().host(int32_t(a[0]));
  if (h < 0) return -EBADF;
  std::vector<uint8_t> buf(std::min(a[2], kMaxIo));
  long n = ::syscall(SYS_getdents64, h, buf.data(), buf.size());
  if (n < 0) return neg_errno();
  convert_dirents64(buf.data(), size_t(n));
  return to_guest(p, a[1], buf.data(), size_t(n)) ? -EFAULT : n;
}

// ---- names -------------------------------------------------------------------------------

int64_t do_readlinkat(LinuxProcess& p, uint32_t dirfd, uint32_t path_addr, uint32_t buf, uint32_t size) {
  std::string path;
  if (int64_t e = guest_path(p, path_addr, path)) return e;
  if (int32_t(size) <= 0) return -EINVAL;
  std::string target;
  if (path == "/proc/self/exe") {  // the guest program, as Linux and qemu report it
    target = p.exe_path();
  } else {
    if (int64_t e = deny_host_files(p)) return e;
    int64_t dfd = host_dirfd(p, dirfd);
    if (dfd < 0 && dfd != AT_FDCWD) return dfd;
    char tmp[4096];
    ssize_t n = ::readlinkat(int(dfd), path.c_str(), tmp, sizeof tmp);
    if (n < 0) return neg_errno();
    target.assign(tmp, size_t(n));
  }
  size_t n = std::min<size_t>(target.size(), size);
  return to_guest(p, buf, target.data(), n) ? -EFAULT : int64_t(n);
}

int64_t sys_readlink(LinuxProcess& p, const uint32_t* a) { return do_readlinkat(p, uint32_t(G_AT_FDCWD), a[0], a[1], a[2]); }
int64_t sys_readlinkat(LinuxProcess& p, const uint32_t* a) { return do_readlinkat(p, a[0], a[1], a[2], a[3]); }

int64_t sys_getcwd(LinuxProcess& p, const uint32_t* a) {
  char cwd[4096];
  if (p.options().canonical_host) {
    std::strcpy(cwd, kCanonicalCwd);
  } else if (!::getcwd(cwd, sizeof cwd)) {
    return neg_errno();
  }
  size_t n = std::strlen(cwd) + 1;
  if (n > a[1]) return -ERANGE;
  return to_guest(p, a[0], cwd, n) ? -EFAULT : int64_t(n);
}

int64_t do_faccessat(LinuxProcess& p, uint32_t dirfd, uint32_t path_addr, uint32_t mode, uint32_t flags) {
  std::string path;
  if (int64_t e = guest_path(p, path_addr, path)) return e;
  if (int64_t e = deny_host_files(p)) return e;
  if ((mode & W_OK) && !p.options().host_files_write) return -EACCES;
  int64_t dfd = host_dirfd(p, dirfd);
  if (dfd < 0 && dfd != AT_FDCWD) return dfd;
  return ::faccessat(int(dfd), path.c_str(), int(mode), int(flags & 0x1300)) < 0 ? neg_errno() : 0;
}

int64_t sys_access(LinuxProcess& p, const uint32_t* a) { return do_faccessat(p, uint32_t(G_AT_FDCWD), a[0], a[1], 0); }
int64_t sys_faccessat(LinuxProcess& p, const uint32_t* a) { return do_faccessat(p, a[0], a[1], a[2], 0); }
int64_t sys_faccessat2(LinuxProcess& p, const uint32_t* a) { return do_faccessat(p, a[0], a[1], a[2], a[3]); }

int64_t sys_fsync(LinuxProcess& p, const uint32_t* a) {
  int h = p.fds().host(int32_t(a[0]));
  if (h < 0) return -EBADF;
  return ::fsync(h) < 0 && errno != EINVAL ? neg_errno() : 0;
}

// pipe2(fds[2], flags): a host pipe; O_CLOEXEC and O_NONBLOCK as Linux (O_DIRECT, packet mode,
// is not offered).
int64_t sys_pipe2(LinuxProcess& p, const uint32_t* a) {
  constexpr uint32_t G_O_NONBLOCK = 04000;
  if (a[1] & ~(G_O_CLOEXEC | G_O_NONBLOCK)) return -EINVAL;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | ((a[1] & G_O_NONBLOCK) ? O_NONBLOCK : 0)) < 0) return neg_errno();
  const bool cloexec = a[1] & G_O_CLOEXEC;
  p.note_own_pipe(fds[0]);
  int rd = p.fds().add(fds[0], 0, cloexec);
  int wr = rd < 0 ? -1 : p.fds().add(fds[1], 0, cloexec);
  if (wr < 0 || !p.write_u32(a[0], uint32_t(rd)) || !p.write_u32(a[0] + 4, uint32_t(wr))) {
    bool installed_rd = rd >= 0, installed_wr = wr >= 0;
    if (installed_rd) p.fds().close(rd); else ::close(fds[0]);
    if (installed_wr) p.fds().close(wr); else ::close(fds[1]);
    return wr < 0 ? -EMFILE : -EFAULT;
  }
  return 0;
}

int64_t sys_pipe(LinuxProcess& p, const uint32_t* a) {
  const uint32_t args[2] = {a[0], 0};
  return sys_pipe2(p, args);
}

const SyscallDef kFs[] = {
    {42, "pipe", sys_pipe},          {317, "pipe2", sys_pipe2},
    {3, "read", sys_read},           {4, "write", sys_write},         {5, "open", sys_open},
    {6, "close", sys_close},         {19, "lseek", sys_lseek},        {33, "access", sys_access},
    {41, "dup", sys_dup},            {54, "ioctl", sys_ioctl},        {55, "fcntl", sys_fcntl},
    {63, "dup2", sys_dup2},          {85, "readlink", sys_readlink},  {118, "fsync", sys_fsync},
    {140, "_llseek", sys_llseek},    {145, "readv", sys_readv},       {146, "writev", sys_writev},
    {179, "pread64", sys_pread64},   {182, "getcwd", sys_getcwd},     {195, "stat64", sys_stat64},
    {196, "lstat64", sys_lstat64},   {197, "fstat64", sys_fstat64},   {202, "getdents64", sys_getdents64},
    {204, "fcntl64", sys_fcntl},     {286, "openat", sys_openat},     {291, "fstatat64", sys_fstatat64},
    {296, "readlinkat", sys_readlinkat}, {298, "faccessat", sys_faccessat}, {316, "dup3", sys_dup3},
    {383, "statx", sys_statx},       {439, "faccessat2", sys_faccessat2},
};

}  // namespace

std::span<const SyscallDef> fs_syscalls() { return kFs; }

}  // namespace pimnic::linux_user
