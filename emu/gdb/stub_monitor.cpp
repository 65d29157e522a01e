// `monitor` commands (qRcmd): output goes to gdb's console as O packets, then OK.
#include <cstdio>
#include <cstdlib>

#include "cpu/core.h"
#include "gdb/hex.h"
#include "gdb/stub.h"

namespace pimnic::gdb {

namespace {

const char kHelp[] =
    "pimnic monitor commands:\n"
    "  help               this list\n"
    "  cycles             instructions and cycles of every hardware thread\n"
    "  stats              the machine's statistics (as --stats writes them)\n"
    "  trace on|off       print each executed instruction on pimnic's stderr\n"
    "  step-irqs on|off   let single steps take interrupts and timer events (default off:\n"
    "                     they stay pending until the machine continues)\n"
    "  reset              reset the machine: RAM reloaded, every thread back at its entry\n"
    "  feb ADDR           full/empty bit of the aligned PIM-memory word holding ADDR\n";

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\t')) s.pop_back();
  size_t i = s.find_first_not_of(" \t");
  return i == std::string::npos ? std::string{} : s.substr(i);
}

// The full/empty bit of the word at ADDR, from the first core whose PIM memory holds it.
std::string feb_report(std::vector<TargetHart>& harts, const std::string& arg) {
  char* end = nullptr;
  unsigned long a = std::strtoul(arg.c_str(), &end, 0);
  if (arg.empty() || *end || a > 0xFFFFFFFFul) return "usage: monitor feb ADDR (e.g. feb 0x20000)\n";
  const uint32_t word = uint32_t(a) & ~3u;
  char buf[96];
  for (const TargetHart& t : harts) {
    FebMemory& feb = t.hart->core().feb();
    if (!feb.covers(word)) continue;
    std::snprintf(buf, sizeof buf, "0x%08x: %s\n", word, feb.full(word) ? "full" : "empty");
    return buf;
  }
  std::snprintf(buf, sizeof buf, "0x%08x: not in PIM memory (no full/empty bit)\n", word);
  return buf;
}

// "on"/"off" -> 1/0, anything else -> -1
int on_off(const std::string& arg) { return arg == "on" ? 1 : arg == "off" ? 0 : -1; }

}  // namespace

void GdbStub::handle_monitor(std::string_view hex) {
  auto text = from_hex(hex);
  if (!text) return reply("E01");
  std::string line = trim(*text);
  std::string cmd = line.substr(0, line.find(' '));
  std::string arg = cmd.size() < line.size() ? trim(line.substr(cmd.size())) : std::string{};
  std::string out;
  if (cmd == "help" || cmd.empty()) {
    out = kHelp;
  } else if (cmd == "cycles") {
    for (const TargetHart& t : target_.harts()) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "%s: %llu instructions, %llu cycles%s\n", t.name.c_str(),
                    (unsigned long long)t.hart->icount, (unsigned long long)t.hart->cycles(),
                    t.extra().empty() ? "" : (" (" + t.extra() + ")").c_str());
      out += buf;
    }
  } else if (cmd == "feb") {
    out = feb_report(target_.harts(), arg);
  } else if (cmd == "stats") {
    out = target_.stats();
    if (out.empty()) out = "no statistics for this machine\n";
  } else if ((cmd == "trace" || cmd == "step-irqs") && on_off(arg) >= 0) {
    bool on = on_off(arg);
    (cmd == "trace" ? target_.trace : target_.step_irqs) = on;
    out = cmd + (on ? " on\n" : " off\n");
  } else if (cmd == "trace" || cmd == "step-irqs") {
    out = "usage: monitor " + cmd + " on|off\n";
  } else if (cmd == "reset") {
    std::string err;
    if (target_.reset(err)) {
      last_stop_ = StopEvent{};
      last_stop_.kind = StopEvent::Kind::Interrupt;
      last_stop_.signal = 5;
      general_ = continue_ = 0;
      out = "machine reset; registers changed: `maintenance flush register-cache` shows the new ones\n";
    } else {
      out = "reset failed: " + err + "\n";
    }
  } else {
    out = "unknown monitor command '" + cmd + "' (try 'monitor help')\n";
  }
  // O packets in pieces that fit the packet size.
  const size_t chunk = kPacketSize / 2 - 16;
  for (size_t i = 0; i < out.size(); i += chunk) console(out.substr(i, chunk));
  reply("OK");
}

}  // namespace pimnic::gdb
