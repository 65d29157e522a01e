#include "linux/process_timers.h"

#include <algorithm>

namespace pimnic::linux_user {

uint64_t GuestTimer::remaining(uint64_t now) const {
  if (!armed()) return 0;
  return expiry > now ? expiry - now : 1;
}

void GuestTimer::arm(uint64_t now, uint64_t value, uint64_t interval_ns) {
  expiry = value ? now + value : kNever;
  interval = value ? interval_ns : 0;
  overrun = 0;
}

bool GuestTimer::expire(uint64_t now) {
  if (!armed() || now < expiry) return false;
  if (!interval) {
    expiry = kNever;
    return true;
  }
  const uint64_t missed = (now - expiry) / interval;  // periods that ended before now as well
  expiry += (missed + 1) * interval;
  overrun += uint32_t(std::min<uint64_t>(missed, 0x7fffffff - overrun));
  return true;
}

ProcessTimers::ProcessTimers() {
  itimer[kReal].info = SigInfo::kernel(G_SIGALRM);
  itimer[kVirtual].base = TimerBase::Cpu;
  itimer[kVirtual].info = SigInfo::kernel(G_SIGVTALRM);
  itimer[kProf].base = TimerBase::Cpu;
  itimer[kProf].info = SigInfo::kernel(G_SIGPROF);
}

uint64_t ProcessTimers::next_expiry(TimerBase base) const {
  uint64_t e = kNever;
  for (const GuestTimer& t : itimer)
    if (t.base == base) e = std::min(e, t.expiry);
  for (const auto& [id, t] : posix)
    if (t.base == base) e = std::min(e, t.expiry);
  return e;
}

bool ProcessTimers::any_armed() const {
  return next_expiry(TimerBase::Monotonic) != kNever || next_expiry(TimerBase::Cpu) != kNever;
}

std::vector<const GuestTimer*> ProcessTimers::armed_on(TimerBase base) const {
  std::vector<const GuestTimer*> out;
  for (const GuestTimer& t : itimer)
    if (t.base == base && t.armed()) out.push_back(&t);
  for (const auto& [id, t] : posix)
    if (t.base == base && t.armed()) out.push_back(&t);
  return out;
}

GuestTimer* ProcessTimers::posix_timer(int32_t id) {
  auto it = posix.find(id);
  return it == posix.end() ? nullptr : &it->second;
}

int32_t ProcessTimers::create(const GuestTimer& t) {
  if (posix.size() >= kMaxPosixTimers) return -1;
  int32_t id = 0;
  while (posix.count(id)) ++id;
  posix[id] = t;
  return id;
}

}  // namespace pimnic::linux_user
