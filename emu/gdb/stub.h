// The GDB Remote Serial Protocol over a DebugTarget, independent of sockets: bytes from the
// client go in (receive), bytes for the client come out (take_output). The server (server.h)
// moves them and runs the machine while the stub says it is resumed. Every input, however
// malformed, gets an answer or is dropped; nothing here throws or blocks.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gdb/debug_target.h"
#include "gdb/rsp_framing.h"
#include "gdb/thread_ids.h"

namespace pimnic::gdb {

class GdbStub {
 public:
  // Large enough for a G packet of the widest core (pim: ~1.2 KiB of registers, 2.4 KiB in hex)
  // and for sizeable memory transfers.
  static constexpr size_t kPacketSize = 0x4000;

  explicit GdbStub(DebugTarget& target);

  // A new client: protocol state back to its defaults; the machine is stopped with `why`.
  void attach(const StopEvent& why);
  void receive(std::string_view bytes);
  // The machine stopped while resumed: send the stop reply.
  void report_stop(const StopEvent& ev);
  std::string take_output();

  bool running() const { return running_; }
  // A well-formed packet has come from the client since attach(): it speaks the protocol (a
  // port scanner or a stray connection does not).
  bool heard_packet() const { return heard_packet_; }
  enum class Close { None, Detach, Kill };
  Close close_request() const { return close_; }

 private:
  void handle_packet(std::string_view p);
  void reply(std::string_view payload);
  void console(const std::string& text);  // an "O" packet (while the machine runs)

  // One function per packet family (stub_*.cpp).
  void handle_query(std::string_view p);        // q...
  void handle_set_query(std::string_view p);    // Q...
  void handle_v(std::string_view p);            // v...
  void handle_thread_select(std::string_view p);// H...
  void handle_registers(std::string_view p);    // g G p P
  void handle_memory(std::string_view p);       // m M X
  void handle_breakpoint(std::string_view p);   // Z z
  void handle_legacy_resume(std::string_view p);// c C s S
  void handle_vcont(std::string_view p);
  void handle_xfer(std::string_view p);
  void handle_monitor(std::string_view hex);
  void resume(const std::vector<Action>& actions, const std::vector<int>& signals);

  std::string stop_reply(const StopEvent& ev) const;
  std::string thread_id(size_t hart) const;
  // The hart's process is attached (its threads are listed).
  bool visible(size_t hart) const;
  std::string threads_xml() const;
  // Harts an id names; empty if none. tid 0 (any) picks the current thread's.
  std::vector<size_t> select(const ThreadId& id) const;
  // The hart memory, registers and breakpoint packets apply to.
  size_t general() const { return general_; }
  unsigned process() const { return target_.harts()[general_].process; }

  DebugTarget& target_;
  PacketDecoder decoder_{kPacketSize};
  std::string out_;
  std::string last_reply_;  // for retransmission on '-'
  bool ack_mode_ = true;
  bool multiprocess_ = false, swbreak_ = false, hwbreak_ = false;
  bool running_ = false;
  bool heard_packet_ = false;
  Close close_ = Close::None;
  size_t general_ = 0;   // Hg
  size_t continue_ = 0;  // Hc (used by the legacy s/c packets)
  bool continue_all_ = true;
  StopEvent last_stop_;
};

}  // namespace pimnic::gdb
