// The host half of the NIC-offloaded MPI (seed pim-nic-mpi-matching, section IV-A): every send,
// receive and probe becomes a command in the NIC's SRAM (written through the SRAM window, then a
// doorbell); the NIC matches and moves the data, and writes completions into a ring in host
// memory. Waiting sleeps in read() on the NIC's UIO device until the NIC signals a completion
// (PIMNIC_MPI_WAIT=spin polls instead). Serves the NIC kinds whose firmware speaks
// pimnic/mpi_wire.h: conv and pim. docs/mpi-protocol.md.
#pragma once
#include <cstdint>
#include <deque>
#include <vector>

#include <pimnic/mpi_wire.h>

#include "transport/offload/nic_reduction.h"
#include "transport/transport.h"

namespace pimnic::mpi {

class OffloadTransport final : public Transport {
 public:
  OffloadTransport(const char* kind, int rank, int size) : kind_(kind), rank_(rank), size_(size) {}
  ~OffloadTransport() override;
  // Map the NIC (/dev/uio0), set up the completion ring and greet the firmware; false with a
  // one-line reason when that fails.
  bool open(const char** why);

  const char* name() const override { return kind_; }
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  void send(Operation& op, const void* buf, uint32_t bytes, int32_t dest, int32_t tag, uint32_t context,
            SendMode mode) override;
  void recv(Operation& op, void* buf, uint32_t capacity, int32_t source, int32_t tag, uint32_t context) override;
  void cancel(Operation& op) override;
  bool iprobe(int32_t source, int32_t tag, uint32_t context, Found& found) override;
  void probe(int32_t source, int32_t tag, uint32_t context, Found& found) override;
  void progress(bool wait) override;
  bool reduce(const Reduction& r) override { return reduction_.reduce(r); }
  double wtime() const override;
  double wtick() const override { return 1e-9; }
  void finalize() override;

 private:
  friend class NicReduction;  // it writes descriptors, posts commands and waits like the rest
  // A command, and the operation its completion ends (null for CANCEL).
  struct Pending {
    mpiw_cmd cmd;
    Operation* op;
  };
  void submit(const mpiw_cmd& cmd, Operation* op);
  void issue(const mpiw_cmd& cmd, Operation* op);  // to the NIC now, under a free request id
  void post(const mpiw_cmd& cmd);  // into the NIC's ring (waits for a free slot)
  bool reap();                     // completions in the ring, then what waits for room; true if any
  bool reap_completions();         // completions in the ring only
  void sleep_until_signalled();
  void on_completion(const mpiw_completion& c);
  uint32_t probe_command(uint8_t op, int32_t source, int32_t tag, uint32_t context, Found& found);
  uint32_t reg(uint32_t offset) const;
  void set_reg(uint32_t offset, uint32_t value);
  void window_write(uint32_t sram_addr, const void* src, uint32_t bytes);
  uint32_t window_read(uint32_t sram_addr) const;
  [[noreturn]] void fatal(const char* what, uint32_t detail) const;

  const char* kind_;
  int rank_, size_;
  int fd_ = -1;
  volatile uint8_t* window_ = nullptr;  // the NIC SRAM (UIO region 0)
  volatile uint32_t* hif_ = nullptr;    // host interface registers (UIO region 1)
  uint32_t window_size_ = 0;
  mpiw_completion* cq_ = nullptr;
  uint32_t cq_entries_ = 1024, cq_head_ = 0;
  uint32_t mailbox_ = 0, cmd_ring_ = 0, cmd_entries_ = 0, posted_ = 0, consumed_ = 0;
  uint32_t max_requests_ = 0;
  bool spin_ = false;
  std::vector<Operation*> by_id_;       // request id -> the operation its completion ends
  std::vector<uint32_t> free_ids_;
  std::deque<Pending> overflow_;        // commands beyond what the NIC holds, in order
  uint32_t outstanding_ = 0;            // operations at the NIC
  uint64_t completions_ = 0;            // seen so far (progress(wait) returns after a new one)
  NicReduction reduction_{*this};      // Transport::reduce
};

}  // namespace pimnic::mpi
