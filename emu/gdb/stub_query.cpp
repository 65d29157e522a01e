// General queries (q..., Q...) and v packets other than vCont.
#include <algorithm>

#include "gdb/hex.h"
#include "gdb/stub.h"

namespace pimnic::gdb {

namespace {
bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// lldb asks for these instead of reading the target description's architecture.
const char kTriple[] = "powerpc-unknown-unknown";
}  // namespace

void GdbStub::handle_query(std::string_view p) {
  if (starts_with(p, "qSupported")) {
    std::string_view features = p.size() > 11 ? p.substr(11) : std::string_view{};
    multiprocess_ = swbreak_ = hwbreak_ = false;
    while (!features.empty()) {
      std::string_view f = take_until(features, ';');
      if (f == "multiprocess+") multiprocess_ = true;
      if (f == "swbreak+") swbreak_ = true;
      if (f == "hwbreak+") hwbreak_ = true;
    }
    std::string r = "PacketSize=" + hex_number(kPacketSize) +
                    ";QStartNoAckMode+;QPassSignals+;qXfer:features:read+;qXfer:threads:read+;vContSupported+";
    if (multiprocess_) r += ";multiprocess+";
    if (swbreak_) r += ";swbreak+";
    if (hwbreak_) r += ";hwbreak+";
    return reply(r);
  }
  if (starts_with(p, "qXfer:")) return handle_xfer(p);
  if (starts_with(p, "qAttached")) return reply("1");  // attached to a running machine: detach, don't kill
  if (p == "qC") return reply("QC" + thread_id(general()));
  if (p == "qfThreadInfo") {
    std::string r = "m";
    for (size_t i = 0; i < target_.harts().size(); ++i)
      if (visible(i)) r += (r.size() > 1 ? "," : "") + thread_id(i);
    return reply(r);
  }
  if (p == "qsThreadInfo") return reply("l");
  if (starts_with(p, "qThreadExtraInfo,")) {
    auto id = parse_thread_id(p.substr(17));
    std::vector<size_t> h = id ? select(*id) : std::vector<size_t>{};
    if (h.size() != 1) return reply("E01");
    const TargetHart& t = target_.harts()[h[0]];
    return reply(to_hex(t.name + (t.extra().empty() ? "" : " (" + t.extra() + ")")));
  }
  if (starts_with(p, "qRcmd,")) return handle_monitor(p.substr(6));
  if (starts_with(p, "qSymbol")) return reply("OK");
  if (p == "qHostInfo" || p == "qProcessInfo") {
    std::string r = "triple:" + to_hex(kTriple) + ";endian:big;ptrsize:4;";
    if (p == "qProcessInfo") r = "pid:" + hex_number(target_.harts()[general()].process + 1) + ";" + r;
    return reply(r);
  }
  reply("");
}

void GdbStub::handle_set_query(std::string_view p) {
  if (p == "QStartNoAckMode") {
    reply("OK");  // still acknowledged: the client switches after it sees this reply
    ack_mode_ = false;
    return;
  }
  if (starts_with(p, "QPassSignals:")) {  // QPassSignals:sig;sig... (hex GDB numbers; none: stop for all)
    std::string_view list = p.substr(13);
    std::vector<int> sigs;
    while (!list.empty()) {
      auto v = parse_hex(take_until(list, ';'));
      if (!v || *v > 0xFF) return reply("E01");
      sigs.push_back(int(*v));
    }
    target_.set_pass_signals(sigs);
    return reply("OK");
  }
  reply("");
}

void GdbStub::handle_v(std::string_view p) {
  if (p == "vCont?") return reply("vCont;c;C;s;S");
  if (starts_with(p, "vCont;")) return handle_vcont(p.substr(5));
  if (p == "vCont") return reply("E01");
  if (starts_with(p, "vKill")) {
    reply("OK");
    close_ = Close::Kill;
    return;
  }
  if (starts_with(p, "vAttach;")) {
    // Another process (address space) of the machine: its threads appear, the first one (the
    // first that has started) is selected and reported stopped; the machine is stopped already.
    auto pid = parse_hex(p.substr(8));
    auto& procs = target_.processes();
    if (!pid || *pid < 1 || *pid > procs.size()) return reply("E01");
    procs[*pid - 1].attached = true;
    size_t pick = target_.harts().size();
    for (size_t i = 0; i < target_.harts().size(); ++i)
      if (target_.harts()[i].process + 1 == *pid && (pick == target_.harts().size() || (target_.harts()[i].started && !target_.harts()[pick].started)))
        pick = i;
    if (pick == target_.harts().size()) return reply("E01");
    general_ = continue_ = pick;
    StopEvent ev;
    ev.kind = StopEvent::Kind::Interrupt;
    ev.hart = pick;
    ev.signal = 5;
    last_stop_ = ev;
    return reply(stop_reply(ev));
  }
  if (p == "vCtrlC") {
    reply("OK");
    if (running_) report_stop(target_.stop_now(last_stop_.hart, 2));
    return;
  }
  reply("");  // vMustReplyEmpty and everything else
}

// qXfer:<object>:read:<annex>:<offset>,<length>
void GdbStub::handle_xfer(std::string_view p) {
  p.remove_prefix(6);
  std::string_view object = take_until(p, ':');
  std::string_view op = take_until(p, ':');
  std::string_view annex = take_until(p, ':');
  std::string_view off_s = take_until(p, ',');
  auto offset = parse_hex(off_s);
  auto length = parse_hex(p);
  if (op != "read") return reply("");
  if (!offset || !length) return reply("E01");
  std::string doc;
  if (object == "features") {
    const auto& files = target_.processes()[process()].description;
    auto it = files.find(std::string(annex));
    if (it == files.end()) return reply("E00");
    doc = it->second;
  } else if (object == "threads") {
    if (!annex.empty()) return reply("E00");
    doc = threads_xml();
  } else {
    return reply("");
  }
  if (*offset >= doc.size()) return reply("l");
  uint64_t n = std::min<uint64_t>({*length, uint64_t(doc.size() - *offset), uint64_t(kPacketSize / 2)});
  bool last = *offset + n >= doc.size();
  reply((last ? "l" : "m") + escape_binary(std::string_view(doc).substr(*offset, n)));
}

std::string GdbStub::threads_xml() const {
  std::string s = "<?xml version=\"1.0\"?>\n<threads>\n";
  for (size_t i = 0; i < target_.harts().size(); ++i) {
    if (!visible(i)) continue;
    const TargetHart& t = target_.harts()[i];
    s += "  <thread id=\"" + thread_id(i) + "\" core=\"" + std::to_string(t.core) + "\" name=\"" + t.name +
         "\">" + t.extra() + "</thread>\n";
  }
  return s + "</threads>\n";
}

}  // namespace pimnic::gdb
