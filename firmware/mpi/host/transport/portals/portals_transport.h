// MPI over Portals 3.3 (seed mpi-on-portals3, sections 3-5): the host library's transport of the
// Portals NIC kinds. Three portals (receive, read, ack); match bits = protocol, context, source
// rank, tag; short messages eager, unexpected ones in high-water-mark MDs behind a mark entry;
// long messages sent eagerly too, an unexpected one fetched by the receiver with PtlGet from the
// sender's read portal; synchronous sends completed by an ack or an explicit ack put; a receive
// posted atomically against the unexpected queue with PtlMDUpdate. docs/portals.md, "MPI over
// Portals".
#pragma once
#include <cstdint>
#include <deque>

#include <portals3.h>

#include "transport/transport.h"

namespace pimnic::mpi {

class PortalsTransport final : public Transport {
 public:
  PortalsTransport(const char* kind, int rank, int size) : kind_(kind), rank_(rank), size_(size) {}
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
  uint32_t context_ids() const override { return 4096; }  // 13 bits of context (seed Fig. 2)
  double wtime() const override;
  double wtick() const override { return 1e-9; }
  void finalize() override;

 private:
  // An operation in flight: what its events mean (the MDs' user_ptr).
  struct Req {
    enum Kind : uint8_t { Send, Recv, Fetch } kind;
    Operation* op;
    ptl_handle_me_t me = PTL_INVALID_HANDLE;
    ptl_handle_md_t md = PTL_INVALID_HANDLE;
    void* buf = nullptr;
    uint32_t bytes = 0, capacity = 0;
    bool long_protocol = false, sync = false, sent = false, acked = false, got = false, zero_ack = false;
  };
  // An unexpected message, kept in arrival order from its PUT_START (it is matched then, so a
  // receive posted later must see it); a short one's data is there at its PUT_END.
  struct Unexpected {
    uint32_t start_seq;       // its PUT_START's sequence (the PUT_END's link)
    bool arrived;
    ptl_match_bits_t bits;
    uint32_t rlength;
    ptl_hdr_data_t hdr_data;  // short: the sender's ack bits if synchronous; long: its read bits
    const uint8_t* data;      // short: in an unexpected buffer
    int buffer;               // which one (-1: long)
  };
  struct Buffer {             // a short unexpected ME+MD (seed Fig. 9)
    uint8_t* bytes;
    ptl_handle_me_t me;
    int held = 0;             // unexpected messages still in it
    bool unlinked = false;
  };

  void attach_buffer(int i);
  void barrier_at_start();
  bool drain_unexpected();  // ueq -> unexpected_; true if anything
  void on_unexpected(const ptl_event_t& e);
  void on_event(const ptl_event_t& e);
  void settle(Req* r);
  void complete(Req* r);
  bool take_unexpected(Req* r, ptl_match_bits_t bits, ptl_match_bits_t ignore);
  void consume(Req* r, const Unexpected& u);
  void release(int buffer);
  std::deque<Unexpected>::iterator find(ptl_match_bits_t bits, ptl_match_bits_t ignore);
  [[noreturn]] void fatal(const char* what, int rc) const;

  const char* kind_;
  int rank_, size_;
  ptl_handle_ni_t ni_ = PTL_INVALID_HANDLE;
  ptl_handle_eq_t eq_ = PTL_INVALID_HANDLE, ueq_ = PTL_INVALID_HANDLE;
  ptl_handle_me_t mark_ = PTL_INVALID_HANDLE, long_me_ = PTL_INVALID_HANDLE;
  ptl_handle_md_t empty_md_ = PTL_INVALID_HANDLE;  // zero bytes: explicit acks
  Buffer buffers_[3];
  std::deque<Unexpected> unexpected_;
  uint64_t next_bits_ = 1;  // unique match bits of read and ack entries
  uint64_t completions_ = 0;
  uint32_t outstanding_ = 0;
};

}  // namespace pimnic::mpi
