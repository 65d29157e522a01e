#include "linux/fd_table.h"

#include <unistd.h>

namespace pimnic::linux_user {

FdTable::FdTable() : fds_(3) {
  for (int i = 0; i < 3; ++i) fds_[size_t(i)].host = i;
}

FdTable::~FdTable() {
  for (Entry& e : fds_)
    if (e.host >= 0) release(e.host);
}

void FdTable::release(int host_fd) {
  if (host_fd > 2) ::close(host_fd);  // the simulator's own standard streams stay open
}

int FdTable::host(int fd) const {
  if (fd < 0 || size_t(fd) >= fds_.size()) return -1;
  return fds_[size_t(fd)].host;
}

int FdTable::add(int host_fd, int min, bool cloexec) {
  for (int fd = min < 0 ? 0 : min; fd < kMaxFds; ++fd) {
    if (size_t(fd) >= fds_.size()) fds_.resize(size_t(fd) + 1);
    if (fds_[size_t(fd)].host < 0) {
      fds_[size_t(fd)] = {host_fd, cloexec};
      return fd;
    }
  }
  return -1;
}

void FdTable::put(int fd, int host_fd, bool cloexec) {
  if (size_t(fd) >= fds_.size()) fds_.resize(size_t(fd) + 1);
  if (fds_[size_t(fd)].host >= 0) release(fds_[size_t(fd)].host);
  fds_[size_t(fd)] = {host_fd, cloexec};
}

bool FdTable::close(int fd) {
  if (host(fd) < 0) return false;
  release(fds_[size_t(fd)].host);
  fds_[size_t(fd)] = {};
  return true;
}

bool FdTable::cloexec(int fd) const { return host(fd) >= 0 && fds_[size_t(fd)].cloexec; }

void FdTable::set_cloexec(int fd, bool on) {
  if (host(fd) >= 0) fds_[size_t(fd)].cloexec = on;
}

}  // namespace pimnic::linux_user
