// Guest file descriptors: small integers handed out lowest-first as Linux does, each naming a
// host descriptor. The standard descriptors start as the simulator's own 0, 1 and 2; closing
// them in the guest never closes the simulator's.
#pragma once
#include <vector>

namespace pimnic::linux_user {

class FdTable {
 public:
  FdTable();
  ~FdTable();
  FdTable(const FdTable&) = delete;
  FdTable& operator=(const FdTable&) = delete;

  int host(int guest_fd) const;  // -1 if not open
  // Install host_fd at the lowest free guest number >= min; returns it (or -1: table full).
  int add(int host_fd, int min = 0, bool cloexec = false);
  // Install host_fd exactly at guest_fd, closing what was there.
  void put(int guest_fd, int host_fd, bool cloexec = false);
  bool close(int guest_fd);  // false if it was not open
  bool cloexec(int guest_fd) const;
  void set_cloexec(int guest_fd, bool on);

  static constexpr int kMaxFds = 1024;

 private:
  struct Entry {
    int host = -1;
    bool cloexec = false;
  };
  void release(int host_fd);
  std::vector<Entry> fds_;
};

}  // namespace pimnic::linux_user
