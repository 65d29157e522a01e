#include "linux/fd_table.h"

#include <unistd.h>

#include <algorithm>

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

GuestFile* FdTable::file(int fd) const {
  if (fd < 0 || size_t(fd) >= fds_.size()) return nullptr;
  return fds_[size_t(fd)].file.get();
}

int FdTable::free_slot(int min) {
  for (int fd = min < 0 ? 0 : min; fd < kMaxFds; ++fd) {
    if (size_t(fd) >= fds_.size()) fds_.resize(size_t(fd) + 1);
    if (!fds_[size_t(fd)].open()) return fd;
  }
  return -1;
}

int FdTable::add(int host_fd, int min, bool cloexec) {
  const int fd = free_slot(min);
  if (fd >= 0) fds_[size_t(fd)] = {host_fd, cloexec, nullptr};
  return fd;
}

int FdTable::add_file(std::shared_ptr<GuestFile> f, int min, bool cloexec) {
  const int fd = free_slot(min);
  if (fd >= 0) fds_[size_t(fd)] = {-1, cloexec, std::move(f)};
  return fd;
}

void FdTable::put(int fd, int host_fd, bool cloexec) {
  if (size_t(fd) >= fds_.size()) fds_.resize(size_t(fd) + 1);
  if (fds_[size_t(fd)].host >= 0) release(fds_[size_t(fd)].host);
  fds_[size_t(fd)] = {host_fd, cloexec, nullptr};
}

void FdTable::put_file(int fd, std::shared_ptr<GuestFile> f) {
  if (size_t(fd) >= fds_.size()) fds_.resize(size_t(fd) + 1);
  if (fds_[size_t(fd)].host >= 0) release(fds_[size_t(fd)].host);
  fds_[size_t(fd)] = {-1, false, std::move(f)};
}

std::vector<GuestFile*> FdTable::files() const {
  std::vector<GuestFile*> out;
  for (const Entry& e : fds_)
    if (e.file && std::find(out.begin(), out.end(), e.file.get()) == out.end()) out.push_back(e.file.get());
  return out;
}

bool FdTable::close(int fd) {
  if (!is_open(fd)) return false;
  Entry& e = fds_[size_t(fd)];
  if (e.host >= 0) release(e.host);
  if (e.file) e.file->flush();
  e = {};
  return true;
}

bool FdTable::cloexec(int fd) const { return is_open(fd) && fds_[size_t(fd)].cloexec; }

void FdTable::set_cloexec(int fd, bool on) {
  if (is_open(fd)) fds_[size_t(fd)].cloexec = on;
}

}  // namespace pimnic::linux_user
