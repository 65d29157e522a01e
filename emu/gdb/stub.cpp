#include "gdb/stub.h"

#include "gdb/hex.h"

namespace pimnic::gdb {

GdbStub::GdbStub(DebugTarget& target) : target_(target) {}

void GdbStub::attach(const StopEvent& why) {
  decoder_.reset();
  out_.clear();
  last_reply_.clear();
  ack_mode_ = true;
  multiprocess_ = swbreak_ = hwbreak_ = false;
  running_ = heard_packet_ = false;
  close_ = Close::None;
  general_ = continue_ = why.hart < target_.harts().size() ? why.hart : 0;
  continue_all_ = true;
  last_stop_ = why;
  // gdb starts with the process of the thread it stops in; `attach PID` adds the others.
  for (TargetProcess& p : target_.processes()) p.attached = false;
  if (!target_.harts().empty()) target_.process_of(general_).attached = true;
}

bool GdbStub::visible(size_t hart) const { return target_.processes()[target_.harts()[hart].process].attached; }

std::string GdbStub::take_output() {
  std::string s;
  s.swap(out_);
  return s;
}

void GdbStub::reply(std::string_view payload) {
  last_reply_ = frame_packet(payload);
  out_ += last_reply_;
}

void GdbStub::console(const std::string& text) { out_ += frame_packet("O" + to_hex(text)); }

void GdbStub::receive(std::string_view bytes) {
  std::vector<PacketDecoder::Event> events;
  decoder_.feed(bytes, events);
  for (PacketDecoder::Event& e : events) {
    if (close_ != Close::None) return;  // nothing more after D or k
    switch (e.kind) {
      case PacketDecoder::Kind::Ack:
        break;
      case PacketDecoder::Kind::Nack:
        if (ack_mode_) out_ += last_reply_;
        break;
      case PacketDecoder::Kind::Interrupt:
        if (running_) report_stop(target_.stop_now(last_stop_.hart, 2));  // GDB_SIGNAL_INT
        break;
      case PacketDecoder::Kind::BadChecksum:
        // With acknowledgements the client retransmits; without them TCP already made sure the
        // bytes are right, so take the packet.
        if (ack_mode_) {
          out_ += '-';
          break;
        }
        handle_packet(e.payload);
        break;
      case PacketDecoder::Kind::Oversized:
        if (ack_mode_) out_ += '+';
        reply("E16");  // too long for PacketSize: an error, not a retransmission loop
        break;
      case PacketDecoder::Kind::Packet:
        if (ack_mode_) out_ += '+';
        handle_packet(e.payload);
        break;
    }
  }
}

void GdbStub::report_stop(const StopEvent& event) {
  if (!running_) return;
  running_ = false;
  // gdb knows the threads of attached processes only: a stop elsewhere (the machine's end, a fault
  // in a process gdb has not attached) is reported on the selected thread.
  StopEvent ev = event;
  if (ev.hart < target_.harts().size() && !visible(ev.hart)) ev.hart = general_;
  // The reason for a fault stop; when the process then dies of it, gdb says so itself.
  bool repeat = ev.kind == StopEvent::Kind::Terminated && ev.message == last_stop_.message;
  if (!ev.message.empty() && !repeat) console(ev.message + "\n");
  last_stop_ = ev;
  if (ev.hart < target_.harts().size() && !ev.ends_machine()) general_ = continue_ = ev.hart;
  reply(stop_reply(ev));
}

void GdbStub::handle_packet(std::string_view p) {
  heard_packet_ = true;
  if (p.empty()) return reply("");
  switch (p[0]) {
    case '?': return reply(stop_reply(last_stop_));
    case 'q': return handle_query(p);
    case 'Q': return handle_set_query(p);
    case 'v': return handle_v(p);
    case 'H': return handle_thread_select(p);
    case 'T': {
      auto id = parse_thread_id(p.substr(1));
      return reply(id && !select(*id).empty() ? "OK" : "E01");
    }
    case 'g': case 'G': case 'p': case 'P': return handle_registers(p);
    case 'm': case 'M': case 'X': return handle_memory(p);
    case 'Z': case 'z': return handle_breakpoint(p);
    case 'c': case 'C': case 's': case 'S': return handle_legacy_resume(p);
    case 'D': {
      // D;PID with other processes still attached: only that one goes (its breakpoints too).
      auto pid = p.size() > 2 && p[1] == ';' ? parse_hex(p.substr(2)) : std::nullopt;
      auto& procs = target_.processes();
      unsigned attached = 0;
      for (const TargetProcess& tp : procs) attached += tp.attached;
      if (pid && *pid >= 1 && *pid <= procs.size() && procs[*pid - 1].attached && attached > 1) {
        target_.clear_breakpoints_and_watchpoints(unsigned(*pid - 1));
        procs[*pid - 1].attached = false;
        for (size_t i = 0; i < target_.harts().size() && !visible(general_); ++i) general_ = continue_ = i;
        return reply("OK");
      }
      reply("OK");
      close_ = Close::Detach;
      return;
    }
    case '!':
      return reply("OK");  // extended-remote (needed for gdb's `attach PID`)
    case 'k':
      close_ = Close::Kill;  // no reply: the client closes the connection
      return;
    default:
      return reply("");  // unknown packets get the empty reply
  }
}

std::string GdbStub::thread_id(size_t hart) const {
  const TargetHart& t = target_.harts()[hart];
  return format_thread_id(multiprocess_, t.process + 1, unsigned(hart + 1));
}

std::vector<size_t> GdbStub::select(const ThreadId& id) const {
  const auto& harts = target_.harts();
  std::vector<size_t> out;
  auto in_process = [&](size_t i) { return id.pid <= 0 || harts[i].process + 1 == uint64_t(id.pid); };
  if (id.tid == -1) {
    for (size_t i = 0; i < harts.size(); ++i)
      if (in_process(i)) out.push_back(i);
  } else if (id.tid == 0) {
    if (in_process(general_)) {
      out.push_back(general_);
    } else {
      for (size_t i = 0; i < harts.size() && out.empty(); ++i)
        if (in_process(i)) out.push_back(i);
    }
  } else if (size_t(id.tid) <= harts.size() && in_process(size_t(id.tid) - 1)) {
    out.push_back(size_t(id.tid) - 1);
  }
  return out;
}

std::string GdbStub::stop_reply(const StopEvent& ev) const {
  using K = StopEvent::Kind;
  std::string s;
  size_t hart = ev.hart < target_.harts().size() ? ev.hart : 0;
  const std::string process = multiprocess_ ? ";process:" + hex_number(target_.harts()[hart].process + 1) : "";
  if (ev.kind == K::Exited) {
    s = "W";
    append_hex_byte(s, uint8_t(ev.exit_code));
    return s + process;
  }
  if (ev.kind == K::Terminated) {
    s = "X";
    append_hex_byte(s, uint8_t(ev.signal));
    return s + process;
  }
  s = "T";
  append_hex_byte(s, uint8_t(ev.signal ? ev.signal : 5));
  // name: is lldb's way to learn thread names; gdb ignores keys it does not know.
  s += "thread:" + thread_id(hart) + ";core:" + hex_number(target_.harts()[hart].core) + ";name:" +
       target_.harts()[hart].name + ";";
  if (ev.kind == K::Watchpoint) {
    const char* what = ev.watch == WatchType::Write ? "watch" : ev.watch == WatchType::Read ? "rwatch" : "awatch";
    s += std::string(what) + ":" + hex_number(ev.data_addr) + ";";
  } else if (ev.kind == K::Breakpoint) {
    if (ev.hardware && hwbreak_) s += "hwbreak:;";
    else if (!ev.hardware && swbreak_) s += "swbreak:;";
  }
  return s;
}

}  // namespace pimnic::gdb
