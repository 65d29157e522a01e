// Process, identity and resource system calls. Identities (pid, uid, ...) are the host's, as
// qemu-user reports them, unless the options fix the pid; the machine is one CPU (pimnic runs one core).
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "linux/canonical_host.h"
#include "linux/process.h"
#include "linux/syscalls.h"

namespace pimnic::linux_user {

namespace {

int64_t sys_exit(LinuxProcess& p, const uint32_t* a) {
  p.exit_process(int(a[0] & 0xff));
  return 0;
}

int64_t sys_getpid(LinuxProcess& p, const uint32_t*) { return p.pid(); }
int64_t sys_getppid(LinuxProcess& p, const uint32_t*) { return p.ppid(); }
int64_t sys_getuid(LinuxProcess&, const uint32_t*) { return ::getuid(); }
int64_t sys_geteuid(LinuxProcess&, const uint32_t*) { return ::geteuid(); }
int64_t sys_getgid(LinuxProcess&, const uint32_t*) { return ::getgid(); }
int64_t sys_getegid(LinuxProcess&, const uint32_t*) { return ::getegid(); }
int64_t sys_set_tid_address(LinuxProcess& p, const uint32_t*) { return p.pid(); }
// qemu-user 7.2 answers ENOSYS (glibc then does without robust futexes); pimnic does the same so
// that register traces agree.
int64_t sys_set_robust_list(LinuxProcess&, const uint32_t*) { return -ENOSYS; }
int64_t sys_enosys(LinuxProcess&, const uint32_t*) { return -ENOSYS; }  // known, deliberately absent
int64_t sys_zero(LinuxProcess&, const uint32_t*) { return 0; }
// The host's umask, as qemu: it governs the files a guest creates with --host-files rw.
int64_t sys_umask(LinuxProcess&, const uint32_t* a) { return ::umask(mode_t(a[0] & 0777)); }

int64_t sys_uname(LinuxProcess& p, const uint32_t* a) {
  // The host's identity with a PowerPC machine name, as qemu-ppc reports it.
  struct utsname u;
  if (::uname(&u) < 0) return -int64_t(errno);
  char out[6 * 65] = {};
  const char* fields[6] = {u.sysname, u.nodename, u.release, u.version, "ppc", u.domainname};
  if (p.options().canonical_host) {
    fields[1] = kCanonicalNodename;
    fields[2] = kCanonicalRelease;
    fields[3] = kCanonicalVersion;
    fields[5] = "(none)";
  }
  for (int i = 0; i < 6; ++i) std::strncpy(out + 65 * i, fields[i], 64);
  return p.write(a[0], out, sizeof out) ? 0 : -EFAULT;
}

// Resource limits: the host's, with RLIM_INFINITY and anything larger than 32 bits shown as the
// 32-bit infinity (getrlimit/ugetrlimit) or kept (prlimit64).
int64_t host_limit(uint32_t resource, struct rlimit& rl) {
  if (resource >= 16) return -EINVAL;
  return ::getrlimit(__rlimit_resource(resource), &rl) < 0 ? -int64_t(errno) : 0;
}

uint32_t limit32(rlim_t v) { return v == RLIM_INFINITY || v > 0xffffffffu ? 0xffffffffu : uint32_t(v); }

int64_t sys_ugetrlimit(LinuxProcess& p, const uint32_t* a) {
  struct rlimit rl;
  if (int64_t e = host_limit(a[0], rl)) return e;
  return p.write_u32(a[1], limit32(rl.rlim_cur)) && p.write_u32(a[1] + 4, limit32(rl.rlim_max)) ? 0 : -EFAULT;
}

int64_t sys_setrlimit(LinuxProcess&, const uint32_t* a) { return a[0] < 16 ? 0 : -EINVAL; }  // accepted, not applied

int64_t sys_prlimit64(LinuxProcess& p, const uint32_t* a) {
  if (a[0] != 0 && int32_t(a[0]) != p.pid()) return -ESRCH;
  struct rlimit rl;
  if (int64_t e = host_limit(a[1], rl)) return e;
  auto wide = [](rlim_t v) { return v == RLIM_INFINITY ? ~0ull : uint64_t(v); };
  if (a[3] && !(p.write_u64(a[3], wide(rl.rlim_cur)) && p.write_u64(a[3] + 8, wide(rl.rlim_max)))) return -EFAULT;
  return 0;  // a new limit (a[2]) is accepted and not applied
}

int64_t sys_sched_getaffinity(LinuxProcess& p, const uint32_t* a) {
  // One CPU: the kernel copies min(len, cpumask_size()) bytes and returns that count; with one
  // CPU the mask is one long, bit 0 set. Bytes past it are left alone, whatever len says.
  if (a[1] < 4 || (a[1] & 3)) return -EINVAL;
  return p.write_u32(a[2], 1) ? 4 : -EFAULT;
}

int64_t sys_getrandom(LinuxProcess& p, const uint32_t* a) {
  // At most 32 MiB a call, made and copied a page at a time: a length past the guest's memory
  // costs one page of work, not 32 MiB (the whole length was made, then the copy failed). As
  // Linux, a copy that faults part way returns what was copied.
  const uint32_t n = std::min<uint32_t>(a[1], 1u << 25);
  uint8_t piece[kPageSize];
  for (uint32_t done = 0; done < n;) {
    const uint32_t k = std::min<uint32_t>(kPageSize - ((a[0] + done) & (kPageSize - 1)), n - done);
    p.random().fill(piece, k);
    if (!p.write(a[0] + done, piece, k)) return done ? int64_t(done) : -EFAULT;
    done += k;
  }
  return n;
}

int64_t futex(LinuxProcess& p, const uint32_t* a, bool wide) {
  // One thread: a wait on a value that still matches ends only by its timeout or a signal.
  uint32_t op = a[1] & 0x7F;  // without FUTEX_PRIVATE_FLAG / CLOCK_REALTIME
  switch (op) {
    case 0:   // FUTEX_WAIT (relative timeout)
    case 9: { // FUTEX_WAIT_BITSET (absolute timeout on CLOCK_MONOTONIC, or REALTIME with flag 256)
      uint32_t v;
      if (!p.read_u32(a[0], v)) return -EFAULT;
      if (v != a[2]) return -EAGAIN;
      if (!a[3]) return p.interrupted() ? ERESTARTSYS : p.block({});
      const uint32_t clock = op == 9 && (a[1] & 256) ? 0 : 1;
      uint64_t deadline;
      if (const LinuxProcess::Wait* w = p.resumed_wait()) {
        deadline = w->deadline;
      } else {
        const int64_t t = read_timespec(p, a[3], wide);
        if (t < 0) return t;
        deadline = op == 9 ? uint64_t(t) : uint64_t(p.clock_ns(clock)) + uint64_t(t);
      }
      if (uint64_t(p.clock_ns(clock)) >= deadline) return -ETIMEDOUT;
      return p.interrupted() ? -EINTR : p.block({.clock = clock, .deadline = deadline});
    }
    case 1: case 10: return 0;  // FUTEX_WAKE(_BITSET): nobody waits
    case 3: case 4: case 5: return 0;  // REQUEUE, CMP_REQUEUE, WAKE_OP
    default: return -ENOSYS;
  }
}

int64_t sys_futex(LinuxProcess& p, const uint32_t* a) { return futex(p, a, false); }
int64_t sys_futex_time64(LinuxProcess& p, const uint32_t* a) { return futex(p, a, true); }

int64_t sys_prctl(LinuxProcess& p, const uint32_t* a) {
  constexpr uint32_t PR_GET_FPEXC = 11, PR_SET_FPEXC = 12;
  Hart& h = p.hart();
  switch (a[0]) {
    case PR_GET_FPEXC: {
      // PR_FP_EXC_DISABLED 0, NONRECOV 1 (FE0), ASYNC 2 (FE1), PRECISE 3
      uint32_t mode = ((h.msr & MSR_FE0) ? 1 : 0) | ((h.msr & MSR_FE1) ? 2 : 0);
      return p.write_u32(a[1], mode) ? 0 : -EFAULT;
    }
    case PR_SET_FPEXC: {
      uint32_t mode = a[1] & 3;
      h.msr = (h.msr & ~(MSR_FE0 | MSR_FE1)) | ((mode & 1) ? MSR_FE0 : 0) | ((mode & 2) ? MSR_FE1 : 0);
      return 0;
    }
    case 15: case 16: return 0;  // PR_SET_NAME / PR_GET_NAME: accepted
    default: return -EINVAL;
  }
}

int64_t sys_sysinfo(LinuxProcess& p, const uint32_t* a) {
  // struct sysinfo (32-bit): uptime, loads[3], totalram, freeram, sharedram, bufferram,
  // totalswap, freeswap, procs (u16), pad, totalhigh, freehigh, mem_unit; 64 bytes.
  uint8_t b[64] = {};
  auto put = [&](unsigned off, uint32_t v) {
    for (int i = 0; i < 4; ++i) b[off + unsigned(i)] = uint8_t(v >> (24 - 8 * i));
  };
  const uint64_t boot = uint64_t(p.clock_ns(7));  // CLOCK_BOOTTIME, rounded up as the kernel does
  put(0, uint32_t(boot / 1000000000ull + (boot % 1000000000ull ? 1 : 0)));
  put(16, 0x40000000);  // totalram: the 1 GiB below the mmap base
  put(20, 0x20000000);
  b[40] = 0, b[41] = 1;  // procs
  put(52, 1);           // mem_unit
  return p.write(a[0], b, sizeof b) ? 0 : -EFAULT;
}

const SyscallDef kProc[] = {
    {1, "exit", sys_exit},                 {20, "getpid", sys_getpid},
    {24, "getuid", sys_getuid},            {47, "getgid", sys_getgid},
    {49, "geteuid", sys_geteuid},          {50, "getegid", sys_getegid},
    {60, "umask", sys_umask},              {64, "getppid", sys_getppid},
    {75, "setrlimit", sys_setrlimit},      {76, "getrlimit", sys_ugetrlimit},
    {116, "sysinfo", sys_sysinfo},         {122, "uname", sys_uname},
    {158, "sched_yield", sys_zero},        {171, "prctl", sys_prctl},
    {190, "ugetrlimit", sys_ugetrlimit},   {207, "gettid", sys_getpid},
    {221, "futex", sys_futex},              {223, "sched_getaffinity", sys_sched_getaffinity},
    {232, "set_tid_address", sys_set_tid_address}, {234, "exit_group", sys_exit},
    {300, "set_robust_list", sys_set_robust_list}, {325, "prlimit64", sys_prlimit64},
    {359, "getrandom", sys_getrandom},     {387, "rseq", sys_enosys},
    {422, "futex_time64", sys_futex_time64},
};

}  // namespace

std::span<const SyscallDef> proc_syscalls() { return kProc; }

}  // namespace pimnic::linux_user
