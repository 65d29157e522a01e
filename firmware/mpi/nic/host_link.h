// The NIC's side of the host interface for MPI (pimnic/mpi_wire.h): the command ring in SRAM that
// the host fills through the window, the doorbells that say how far it got, the mailbox, and
// completions into the host's ring (held back while the ring is full, never lost). The device
// itself (doorbells, completion pushes) is the NIC engine's HostInterface.
#pragma once
#include <cstdint>

#include <pimnic/mpi_wire.h>

#include "../../nic-engine/host_interface.h"
#include "../../nic-engine/intrusive_list.h"
#include "config.h"
#include "request.h"

namespace nic {

class HostLink {
 public:
  void init(uint32_t node, uint32_t nodes, uint32_t eager_limit);
  // Doorbells: true if the host said hello (answer it with hello()).
  bool poll_doorbells();
  void hello();
  // The next command the host posted, or null; consumed() when done with it (its slot may be reused).
  const mpiw_cmd* next_command();
  void consumed() { mailbox_.cmd_consumed = ++consumed_; }
  bool commands_waiting() const { return consumed_ != posted_; }

  // A request's completion (kind, its result fields): now if the host's ring has room (true),
  // otherwise after the ones held back (false: the request must live until flush() pushes it).
  bool complete(Request* r, uint8_t kind);
  // Push completions held back while the ring was full, calling pushed(r) for each; true if any went.
  template <typename F>
  bool flush(F&& pushed) {
    bool any = false;
    while (!held_.empty() && room()) {
      Request* r = held_.pop_front();
      push_request(r, r->cq_kind);
      pushed(r);
      any = true;
    }
    return any;
  }
  bool backlog() const { return !held_.empty(); }
  void error(uint32_t host_req, uint32_t code);
  // A completion of no request (the reduction engine's): now, waiting for room.
  void push(uint8_t kind, uint32_t request, uint32_t w2, uint32_t w3) { hif_.push(uint32_t(kind) << 24, request, w2, w3); }
  void ack_irq() { hif_.ack_irq(); }
  mpiw_mailbox& mailbox() { return mailbox_; }

 private:
  bool room();  // out of line, as flush() has always called it
  void push_request(Request* r, uint8_t kind);

  alignas(32) mpiw_cmd ring_[kCmdEntries];
  alignas(32) mpiw_mailbox mailbox_;
  uint32_t posted_ = 0, consumed_ = 0;
  HostInterface hif_;
  List<Request, &Request::q> held_;
};

}  // namespace nic
