#include "nic_link.h"

#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <pimnic/memmap.h>

#include "transport/nic_device.h"

namespace portals_host {

void NicLink::fatal(const char* what) const {
  fprintf(stderr, "portals: %s\n", what);
  exit(1);
}

bool NicLink::open(const char** why) {
  pimnic::mpi::NicMapping nic;
  if (!pimnic::mpi::map_nic_device(nic, "no NIC device (/dev/uio0): run Portals programs with pimnic mpirun --nic portals", why))
    return false;
  fd_ = nic.fd;
  window_ = nic.window;
  hif_ = nic.hif;
  window_size_ = nic.window_size;
  cq_ = static_cast<volatile uint32_t*>(aligned_alloc(64, cq_entries_ * 16));
  memset(const_cast<uint32_t*>(cq_), 0, cq_entries_ * 16);
  set_reg(HIF_H_CQ_BASE, uint32_t(uintptr_t(cq_)));
  set_reg(HIF_H_CQ_ENTRIES, cq_entries_);
  set_reg(HIF_H_IRQ_STATUS, kCompletion | kRaised);
  set_reg(HIF_H_IRQ_ENABLE, kCompletion | kRaised);
  set_reg(HIF_H_DOORBELL, PTLW_DOORBELL_HELLO);
  uint32_t c[4];
  while (!next_completion(c)) sleep();
  if ((c[0] >> 24) != PTLW_CQ_HELLO) {
    *why = "the NIC firmware does not speak Portals (run with --nic portals)";
    return false;
  }
  mailbox_ = c[1];
  if (window_read(mailbox_) != PTLW_MAILBOX_MAGIC || window_read(mailbox_ + 4) != PTLW_VERSION) {
    *why = "the NIC firmware does not speak this library's Portals protocol (mailbox magic/version)";
    return false;
  }
  ring_ = mailbox_word(offsetof(ptlw_mailbox, cmd_ring));
  entries_ = mailbox_word(offsetof(ptlw_mailbox, cmd_entries));
  node_ = mailbox_word(offsetof(ptlw_mailbox, node));
  nodes_ = mailbox_word(offsetof(ptlw_mailbox, nodes));
  posted_ = 0;
  return true;
}

void NicLink::close() {
  pimnic::mpi::unmap_nic_device({fd_, window_, hif_, window_size_});
  free(const_cast<uint32_t*>(cq_));
  window_ = nullptr;
  hif_ = nullptr;
  cq_ = nullptr;
  fd_ = -1;
}

bool NicLink::next_completion(uint32_t w[4]) {
  volatile uint32_t* e = cq_ + (cq_head_ & (cq_entries_ - 1)) * 4;
  if (!e[0]) return false;
  for (int i = 0; i < 4; ++i) w[i] = e[i];
  e[0] = 0;
  ++cq_head_;
  set_reg(HIF_H_CQ_HEAD, cq_head_);
  return true;
}

void NicLink::sleep() {
  uint32_t count;
  if (read(fd_, &count, sizeof count) != sizeof count) fatal("waiting on the NIC failed");
}

// One command at a time: the ring never fills.
int NicLink::call(ptlw_cmd& c, uint32_t* value) {
  c.seq = ++seq_;
  const auto* words = reinterpret_cast<const uint32_t*>(&c);
  volatile uint32_t* dst = reinterpret_cast<volatile uint32_t*>(window_ + ring_ + (posted_ & (entries_ - 1)) * sizeof c);
  for (uint32_t i = 0; i < sizeof c / 4; ++i) dst[i] = words[i];
  ++posted_;
  set_reg(HIF_H_DOORBELL, posted_);
  uint32_t w[4];
  for (;;) {
    set_reg(HIF_H_IRQ_STATUS, kCompletion);
    if (next_completion(w)) break;
    sleep();
  }
  if ((w[0] >> 24) != PTLW_CQ_DONE || w[1] != c.seq) fatal("the NIC answered out of turn");
  if (value) *value = w[2];
  return int(w[0] & 0xFFFFFF);
}

}  // namespace portals_host
