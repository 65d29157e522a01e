// Resuming: vCont (c, C, s, S per thread; "vCont;s:N;c" steps N while the others run, "vCont;s:N"
// steps N alone) and the older c, C, s, S packets. The stop reply comes later, from report_stop.
#include "gdb/hex.h"
#include "gdb/stub.h"

namespace pimnic::gdb {

void GdbStub::resume(const std::vector<Action>& actions, const std::vector<int>& signals) {
  running_ = true;
  if (target_.outcome().ended) return report_stop(target_.final_event());
  target_.resume(actions, signals);
}

void GdbStub::handle_vcont(std::string_view p) {
  const size_t n = target_.harts().size();
  std::vector<Action> actions(n, Action::None);
  std::vector<int> signals(n, 0);
  std::vector<bool> decided(n, false);  // the leftmost action naming a thread applies to it
  if (p.size() < 2 || p[0] != ';') return reply("E01");  // at least one action
  p.remove_prefix(1);
  while (!p.empty()) {
    std::string_view item = take_until(p, ';');
    std::string_view act = take_until(item, ':');
    if (act.empty()) return reply("E01");
    char c = act[0];
    int sig = 0;
    if (c == 'C' || c == 'S') {
      auto v = parse_hex(act.substr(1));
      if (!v || *v > 0xFF) return reply("E01");
      sig = int(*v);
    } else if ((c != 'c' && c != 's' && c != 't') || act.size() != 1) {
      return reply("E01");
    }
    std::vector<size_t> harts;
    if (item.empty()) {
      for (size_t i = 0; i < n; ++i) harts.push_back(i);
    } else {
      auto id = parse_thread_id(item);
      if (!id) return reply("E01");
      harts = select(*id);
    }
    Action a = c == 'c' || c == 'C' ? Action::Continue : c == 's' || c == 'S' ? Action::Step : Action::None;
    for (size_t i : harts) {
      if (decided[i]) continue;
      decided[i] = true;
      actions[i] = a;
      signals[i] = sig;
    }
  }
  resume(actions, signals);
}

// c[addr], C sig[;addr], s[addr], S sig[;addr]: continue everything, or step the Hc thread alone.
void GdbStub::handle_legacy_resume(std::string_view p) {
  char c = p[0];
  std::string_view rest = p.substr(1);
  int sig = 0;
  if (c == 'C' || c == 'S') {
    auto v = parse_hex(take_until(rest, ';'));
    if (!v || *v > 0xFF) return reply("E01");
    sig = int(*v);
  }
  const size_t n = target_.harts().size();
  size_t self = continue_all_ ? general() : continue_;
  if (!rest.empty()) {
    auto addr = parse_hex(rest);
    if (!addr || *addr > 0xFFFFFFFFull) return reply("E01");
    target_.harts()[self].hart->pc = uint32_t(*addr) & ~3u;
  }
  std::vector<Action> actions(n, Action::None);
  std::vector<int> signals(n, 0);
  if (c == 'c' || c == 'C') {
    for (size_t i = 0; i < n; ++i) actions[i] = Action::Continue;
  } else {
    actions[self] = Action::Step;
  }
  signals[self] = sig;
  resume(actions, signals);
}

}  // namespace pimnic::gdb
