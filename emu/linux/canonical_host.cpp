#include "linux/canonical_host.h"

#include <linux/stat.h>
#include <unistd.h>

#include <cstring>

#include "linux/process.h"

namespace pimnic::linux_user {

bool canonical_std_stream(LinuxProcess& p, int guest_fd) {
  return p.options().canonical_host && guest_fd >= 0 && guest_fd <= 2 && p.fds().is_open(guest_fd);
}

struct stat canonical_pipe_stat() {
  struct stat st = {};
  st.st_mode = S_IFIFO | 0600;
  st.st_uid = ::getuid();  // (the guest's getuid answers the same)
  st.st_gid = ::getgid();
  st.st_nlink = 1;
  st.st_blksize = 4096;
  return st;
}

void canonical_pipe_statx(uint8_t (&host_statx)[256]) {
  const struct stat st = canonical_pipe_stat();
  struct statx sx = {};
  sx.stx_mask = STATX_TYPE | STATX_MODE | STATX_UID | STATX_GID | STATX_NLINK;
  sx.stx_mode = uint16_t(st.st_mode);
  sx.stx_uid = st.st_uid;
  sx.stx_gid = st.st_gid;
  sx.stx_nlink = 1;
  sx.stx_blksize = 4096;
  static_assert(sizeof sx <= sizeof host_statx);
  std::memset(host_statx, 0, sizeof host_statx);
  std::memcpy(host_statx, &sx, sizeof sx);
}

std::string canonical_program_name(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string canonical_program_path(const std::string& path) { return "/bin/" + canonical_program_name(path); }

}  // namespace pimnic::linux_user
