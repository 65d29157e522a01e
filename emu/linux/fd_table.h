// Guest file descriptors: small integers handed out lowest-first as Linux does, each naming a
// host descriptor or a file the emulator implements (guest_file.h). The standard descriptors
// start as the simulator's own 0, 1 and 2; closing them in the guest never closes the simulator's.
#pragma once
#include <memory>
#include <vector>

#include "linux/guest_file.h"

namespace pimnic::linux_user {

class FdTable {
 public:
  FdTable();
  ~FdTable();
  FdTable(const FdTable&) = delete;
  FdTable& operator=(const FdTable&) = delete;

  int host(int guest_fd) const;  // -1 if not open or not a host descriptor
  GuestFile* file(int guest_fd) const;  // null if not open or a host descriptor
  bool is_open(int guest_fd) const { return host(guest_fd) >= 0 || file(guest_fd); }
  // Install an emulated file at the lowest free number >= min (-1: table full), or exactly at fd.
  int add_file(std::shared_ptr<GuestFile> f, int min = 0, bool cloexec = false);
  void put_file(int guest_fd, std::shared_ptr<GuestFile> f);
  // Every emulated file, once each (to flush them at exit).
  std::vector<GuestFile*> files() const;
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
    std::shared_ptr<GuestFile> file;  // an emulated file instead of a host descriptor
    bool open() const { return host >= 0 || file; }
  };
  int free_slot(int min);
  void release(int host_fd);
  std::vector<Entry> fds_;
};

}  // namespace pimnic::linux_user
