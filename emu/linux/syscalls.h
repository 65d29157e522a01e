// The system call table: rows of (number, name, handler), one list per file (syscalls_fs.cpp,
// _mem, _time, _proc, _signal), merged into one table indexed by number. A handler gets the six
// argument registers r3-r8 and returns the result, or -errno (Linux errno numbers, which the
// host shares with ppc32 for every value pimnic returns).
#pragma once
#include <cstdint>
#include <span>

namespace pimnic::linux_user {

class LinuxProcess;

using SyscallFn = int64_t (*)(LinuxProcess& p, const uint32_t* a);

struct SyscallDef {
  uint32_t number;
  const char* name;
  SyscallFn fn;
};

std::span<const SyscallDef> fs_syscalls();
std::span<const SyscallDef> mem_syscalls();
std::span<const SyscallDef> time_syscalls();
std::span<const SyscallDef> proc_syscalls();
std::span<const SyscallDef> signal_syscalls();
std::span<const SyscallDef> timer_syscalls();

// The handler for a number, or null.
SyscallFn find_syscall(uint32_t number);
// The kernel's name for a number ("?" if the number is not a ppc32 system call).
const char* syscall_name(uint32_t number);
inline constexpr uint32_t kMaxSyscall = 512;

// struct timespec (two 32-bit words, or with wide, __kernel_timespec's two 64-bit ones) as ns:
// the value, or -EFAULT / -EINVAL. write_timespec returns 0 or -EFAULT (nothing for addr 0).
inline constexpr uint64_t kNsPerSec = 1000000000ull;
int64_t read_timespec(LinuxProcess& p, uint32_t addr, bool wide);
int64_t write_timespec(LinuxProcess& p, uint32_t addr, int64_t ns, bool wide);

// What a system call that waits returns when a signal ends the wait (the kernel's codes; the
// restart is settled on the way out, signal_delivery.cpp), and the result of one that set every
// register itself (sigreturn): nothing is written. (One that must wait returns kWouldBlock,
// guest_file.h, through LinuxProcess::block.)
inline constexpr int64_t ERESTARTSYS = -512, ERESTARTNOINTR = -513, ERESTARTNOHAND = -514,
                         ERESTART_RESTARTBLOCK = -516;
inline constexpr int64_t kNoResult = INT64_MIN + 1;

// The ppc32 return convention: r3 = value, or r3 = errno with CR0[SO] set.
inline constexpr uint32_t kCr0So = 0x10000000u;
inline bool is_error_result(int64_t r) { return r < 0 && r >= -4095; }

}  // namespace pimnic::linux_user
