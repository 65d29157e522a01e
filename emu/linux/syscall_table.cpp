#include <array>

#include "linux/syscalls.h"

namespace pimnic::linux_user {

namespace {
struct Table {
  std::array<SyscallFn, kMaxSyscall> fn{};
  std::array<const char*, kMaxSyscall> name{};
  Table() {
#define SYSCALL_NAME(num, id) if (num < kMaxSyscall) name[num] = #id;
#include "linux/syscall_names.inc"
#undef SYSCALL_NAME
    for (auto list : {fs_syscalls(), mem_syscalls(), time_syscalls(), proc_syscalls(), signal_syscalls(),
                      timer_syscalls()})
      for (const SyscallDef& d : list) fn[d.number] = d.fn;
  }
};
const Table& table() {
  static const Table t;
  return t;
}
}  // namespace

SyscallFn find_syscall(uint32_t number) { return number < kMaxSyscall ? table().fn[number] : nullptr; }

const char* syscall_name(uint32_t number) {
  const char* n = number < kMaxSyscall ? table().name[number] : nullptr;
  return n ? n : "?";
}

}  // namespace pimnic::linux_user
