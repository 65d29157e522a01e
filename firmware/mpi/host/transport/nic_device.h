// The NIC as a host process sees it: UIO device /dev/uio0 with the NIC's SRAM window (region 0)
// and its host interface registers (region 1). Every host transport that drives a NIC maps it
// the same way; header-only so that the transports archive needs nothing from the MPI library.
#pragma once

#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include <pimnic/memmap.h>

namespace pimnic::mpi {

struct NicMapping {
  int fd = -1;
  volatile uint8_t* window = nullptr;  // the NIC SRAM
  volatile uint32_t* hif = nullptr;    // host interface registers
  uint32_t window_size = 0;
};

constexpr uint32_t kNicHifBytes = 4096;

inline void unmap_nic_device(const NicMapping& m) {
  if (m.window) munmap(const_cast<uint8_t*>(m.window), m.window_size);
  if (m.hif) munmap(const_cast<uint32_t*>(m.hif), kNicHifBytes);
  if (m.fd >= 0) close(m.fd);
}

// Fills m, or leaves it empty and says why; `missing` is the message when there is no device.
inline bool map_nic_device(NicMapping& m, const char* missing, const char** why) {
  NicMapping n;
  n.fd = ::open("/dev/uio0", O_RDWR | O_CLOEXEC);
  if (n.fd < 0) {
    *why = missing;
    return false;
  }
  n.window_size = PIMNIC_NIC_SRAM_SIZE;
  void* w = mmap(nullptr, n.window_size, PROT_READ | PROT_WRITE, MAP_SHARED, n.fd, 0);
  void* h = mmap(nullptr, kNicHifBytes, PROT_READ | PROT_WRITE, MAP_SHARED, n.fd, 4096);
  if (w != MAP_FAILED) n.window = static_cast<volatile uint8_t*>(w);
  if (h != MAP_FAILED) n.hif = static_cast<volatile uint32_t*>(h);
  if (!n.window || !n.hif) {
    unmap_nic_device(n);
    *why = "cannot map the NIC's registers from /dev/uio0";
    return false;
  }
  m = n;
  return true;
}

}  // namespace pimnic::mpi
