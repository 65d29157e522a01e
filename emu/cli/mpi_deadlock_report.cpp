#include "cli/mpi_deadlock_report.h"

#include <cstdio>
#include <vector>

#include "linux/guest_stdio.h"
#include "linux/process.h"
#include "machine/multi_node_machine.h"
#include "sim/run_control.h"
#include "util/one_line.h"

namespace pimnic::cli {

namespace {
constexpr uint32_t kBlockedMagic = 0x504d4231;  // "PMB1": the layout below
constexpr int32_t kAnySource = -2, kAnyTag = -1;
constexpr size_t kMaxRankLines = 32;

// struct PimnicMpiBlocked, word by word.
struct Blocked {
  uint32_t magic, call, comm_name;
  int32_t comm, kind, peer, peer_world, tag, collective, requests;
};

bool read_blocked(const linux_user::LinuxProcess& p, Blocked& b) {
  const std::optional<uint32_t> at = p.image().symbols.address_of("pimnic_mpi_blocked");
  if (!at) return false;
  uint32_t w[10];
  for (uint32_t i = 0; i < 10; ++i)
    if (!p.read_u32(*at + 4 * i, w[i])) return false;
  b = {w[0], w[1], w[2], int32_t(w[3]), int32_t(w[4]), int32_t(w[5]), int32_t(w[6]), int32_t(w[7]), int32_t(w[8]),
       int32_t(w[9])};
  return b.magic == kBlockedMagic;
}

std::string string_at(const linux_user::LinuxProcess& p, uint32_t addr) {
  std::string s;
  if (!addr || !p.read_string(addr, s, 128)) return {};
  return one_line(s);  // (the guest's text: one line of the report each)
}

// "MPI_Recv on MPI_COMM_WORLD: a receive from rank 0, tag 7".
std::string describe_wait(const linux_user::LinuxProcess& p, const Blocked& b) {
  std::string comm = string_at(p, b.comm_name);
  if (comm.empty()) {
    char h[32];
    std::snprintf(h, sizeof h, "communicator 0x%08x", uint32_t(b.comm));
    comm = h;
  }
  std::string text = string_at(p, b.call) + " on " + comm + ": ";
  const bool send = b.kind == 2;
  text += b.kind == 3 ? "a probe for a message from " : send ? "a send to " : "a receive from ";
  if (b.peer == kAnySource) {
    text += "any source";
  } else {
    text += "rank " + std::to_string(b.peer);
    if (b.peer_world >= 0 && b.peer_world != b.peer) text += " (world rank " + std::to_string(b.peer_world) + ")";
  }
  if (b.collective) {
    text += ", a message of the collective";
  } else {
    text += b.tag == kAnyTag ? ", any tag" : ", tag " + std::to_string(b.tag);
  }
  if (send) text += " (waiting for its receive)";
  if (b.requests > 1) text += " (and " + std::to_string(b.requests - 1) + " more requests)";
  return text;
}

std::string describe_rank(const linux_user::LinuxProcess& p) {
  Blocked b;
  if (read_blocked(p, b) && b.call) return describe_wait(p, b);
  const uint32_t pc = p.hart().pc;
  char where[32];
  std::snprintf(where, sizeof where, "0x%08x", pc);
  std::string sym = p.image().symbols.describe(pc);
  return std::string("not in a blocking MPI call: waits at ") + where + (sym.empty() ? "" : " (" + sym + ")");
}
}  // namespace

std::string mpi_deadlock_report(MultiNodeMachine& m, const std::string& machine_message) {
  std::vector<std::string> lines;
  for (NodeCore* c : m.cores()) {
    linux_user::LinuxProcess* p = m.process_of(*c);
    if (!p || c->done || p->stopping()) continue;
    linux_user::flush_guest_stdio(*p);
    lines.push_back("rank " + std::to_string(c->node) + ": " + describe_rank(*p));
  }
  std::fflush(stdout);
  std::string report = "deadlock: every rank waits and nothing in flight can change that (exit status " +
                       std::to_string(kExitDeadlock) + ")";
  for (size_t i = 0; i < lines.size() && i < kMaxRankLines; ++i) report += "\n  " + lines[i];
  if (lines.size() > kMaxRankLines)
    return report + "\n  ... and " + std::to_string(lines.size() - kMaxRankLines) + " more ranks waiting";
  return report + "\n  (" + machine_message + ")";  // which core waits where: short enough to show
}

}  // namespace pimnic::cli
