#include "linux/process.h"

#include <unistd.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

#include "linux/syscalls.h"
#include "util/bits.h"

namespace pimnic::linux_user {

namespace {
constexpr uint32_t PF_X = 1, PF_W = 2, PF_R = 4;

unsigned prot_of_segment(uint32_t flags) {
  return ((flags & PF_R) ? GuestMemory::kRead : 0) | ((flags & PF_W) ? GuestMemory::kWrite : 0) |
         ((flags & PF_X) ? GuestMemory::kExec : 0);
}

// read_elf, with the messages a Linux user needs for executables pimnic does not run:
// dynamically linked ones (PT_INTERP, whether ET_EXEC or PIE) and static PIE (ET_DYN).
ElfImage read_linux_executable(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw LoadError(path + ": cannot open file");
  std::vector<uint8_t> b((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (b.size() >= 52 && std::memcmp(b.data(), "\x7f" "ELF", 4) == 0 && b[4] == 1 && b[5] == 2) {
    uint16_t type = load_be<uint16_t>(&b[16]);
    uint32_t phoff = load_be<uint32_t>(&b[28]);
    uint16_t phentsize = load_be<uint16_t>(&b[42]), phnum = load_be<uint16_t>(&b[44]);
    bool interp = false;
    for (unsigned i = 0; i < phnum && phentsize >= 32; ++i) {
      uint64_t at = phoff + uint64_t(i) * phentsize;
      if (at + 4 <= b.size() && load_be<uint32_t>(&b[at]) == 3 /* PT_INTERP */) interp = true;
    }
    if (interp)
      throw LoadError(path + ": dynamically linked (PT_INTERP); pimnic linux runs static executables only (link with -static)");
    if (type == 3 /* ET_DYN */)
      throw LoadError(path + ": position-independent executable (ET_DYN); pimnic linux runs static non-PIE executables (link with -static, not -static-pie)");
  }
  return parse_elf(std::move(b), path);
}

std::string hex32(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}
}  // namespace

LinuxProcess::LinuxProcess(LinuxOptions opts)
    : reported_unknown(kMaxSyscall), opts_(std::move(opts)), random_(opts_.seed, opts_.host_random) {
  image_ = read_linux_executable(opts_.program);
  char resolved[PATH_MAX];
  exe_realpath_ = realpath(opts_.program.c_str(), resolved) ? resolved : opts_.program;
  core_ = std::make_unique<Core>(core_profile("host"), as_);
  gm_ = std::make_unique<GuestMemory>(as_);
  load_image();
  setup_stack();
  Hart& h = hart();
  h.set_env(this);
  h.pc = image_.entry;
  h.gpr[1] = stack_.sp;
  h.msr = kUserMsr;
}

LinuxProcess::~LinuxProcess() = default;

void LinuxProcess::load_image() {
  // Map every segment's pages first (segments may share a page), then copy whole pages from the
  // file as the kernel's and qemu's file mappings would, zeroing from the end of the file data.
  uint64_t highest = 0;
  for (const ElfSegment& s : image_.segments) {
    if (s.memsz == 0) continue;
    if (page_down(s.vaddr) < 0x10000 || page_up(uint64_t(s.vaddr) + s.memsz) > kTaskUnmappedBase - 0x1000000)
      throw LoadError(opts_.program + ": segment at " + hex32(s.vaddr) + " is outside the user address range pimnic supports");
    gm_->map(s.vaddr, s.memsz, prot_of_segment(s.flags));
    highest = std::max<uint64_t>(highest, uint64_t(s.vaddr) + s.memsz);
  }
  for (const ElfSegment& s : image_.segments) {
    if (s.memsz == 0) continue;
    uint32_t lead = s.vaddr - page_down(s.vaddr);
    uint32_t file_lo = s.offset >= lead ? s.offset - lead : s.offset;
    uint32_t addr_lo = s.vaddr - (s.offset - file_lo);
    as_.write_bytes(addr_lo, image_.bytes.data() + file_lo, s.offset - file_lo + s.filesz);
    as_.fill_bytes(s.vaddr + s.filesz, 0, s.memsz - s.filesz);
  }
  gm_->init_brk(uint32_t(highest));
}

void LinuxProcess::setup_stack() {
  // As qemu: the stack (with a guard page below) is the first anonymous mapping, then a page
  // with the signal-return trampolines; both come from the downward search below 0x40000000.
  uint32_t base = gm_->find_free(0, opts_.stack_size + kPageSize);
  if (base == kNoAddr) throw LoadError("cannot place a stack of " + std::to_string(opts_.stack_size) + " bytes");
  gm_->map_guard(base, kPageSize);
  gm_->map(base + kPageSize, opts_.stack_size, GuestMemory::kRead | GuestMemory::kWrite);
  uint32_t top = base + kPageSize + opts_.stack_size;

  uint32_t tramp = gm_->find_free(0, kPageSize);
  gm_->map(tramp, kPageSize, GuestMemory::kRead | GuestMemory::kExec);
  const uint32_t code[4] = {0x38000000u | 119 /* li r0,sigreturn */, 0x44000002u /* sc */,
                            0x38000000u | 172 /* li r0,rt_sigreturn */, 0x44000002u};
  for (unsigned i = 0; i < 4; ++i) write_u32(tramp + 4 * i, code[i]);

  StackRequest req;
  req.top = top;
  req.argv = opts_.argv;
  req.envp = opts_.envp;
  req.execfn = opts_.program;
  random_.fill(req.random.data(), 16);
  AuxValues& a = req.aux;
  a.phdr = image_.phdr_vaddr;
  a.phent = image_.phentsize;
  a.phnum = image_.phnum;
  a.entry = image_.entry;
  a.uid = getuid();
  a.euid = geteuid();
  a.gid = getgid();
  a.egid = getegid();
  a.hwcap = opts_.hwcap;
  a.hwcap2 = opts_.hwcap2;
  a.clktck = uint32_t(sysconf(_SC_CLK_TCK));
  a.platform = opts_.platform;
  stack_ = build_initial_stack(req);
  as_.write_bytes(stack_.base, stack_.bytes.data(), uint32_t(stack_.bytes.size()));
}

// ---- guest memory helpers --------------------------------------------------------------------

bool LinuxProcess::read_u32(uint32_t addr, uint32_t& v) const {
  uint8_t b[4];
  if (!read(addr, b, 4)) return false;
  v = load_be<uint32_t>(b);
  return true;
}

bool LinuxProcess::write_u32(uint32_t addr, uint32_t v) {
  uint8_t b[4];
  store_be<uint32_t>(b, v);
  return write(addr, b, 4);
}

bool LinuxProcess::write_u64(uint32_t addr, uint64_t v) {
  uint8_t b[8];
  store_be<uint64_t>(b, v);
  return write(addr, b, 8);
}

bool LinuxProcess::read_string(uint32_t addr, std::string& out, uint32_t max) const {
  out.clear();
  for (uint32_t i = 0; i < max; ++i) {
    char c;
    if (!read(addr + i, &c, 1)) return false;
    if (!c) return true;
    out.push_back(c);
  }
  return false;
}

// ---- running ---------------------------------------------------------------------------------

ProcessResult LinuxProcess::run() {
  Hart& h = hart();
  const uint64_t kSlice = 1u << 20;
  while (!stopping_) {
    uint64_t budget = kSlice;
    if (opts_.max_insts) {
      if (h.icount >= opts_.max_insts) {
        result_.kind = ProcessResult::Kind::InsnLimit;
        result_.status = 3;
        result_.message = "stopped after " + std::to_string(h.icount) + " instructions (--max-insts)";
        break;
      }
      budget = std::min<uint64_t>(budget, opts_.max_insts - h.icount);
    }
    StopReason why = h.run(budget);
    if (stopping_) break;
    if (why == StopReason::Fault) {  // stopped without going through interrupt(): should not happen
      result_.kind = ProcessResult::Kind::Error;
      result_.status = 128 + 4;
      result_.message = "the core stopped unexpectedly at " + hex32(h.pc);
      break;
    }
  }
  result_.instructions = h.icount;
  return result_;
}

void LinuxProcess::exit_process(int status) {
  stopping_ = true;
  result_.kind = ProcessResult::Kind::Exited;
  result_.status = status & 0xff;
  hart().request_stop(StopReason::Exit);
}

void LinuxProcess::terminate_by_signal(int sig, const std::string& message) {
  stopping_ = true;
  result_.kind = ProcessResult::Kind::Signaled;
  result_.signal = sig;
  result_.status = 128 + sig;
  result_.message = message.empty() ? std::string("guest terminated by signal ") + std::to_string(sig) +
                                          " (" + signal_name(sig) + ")"
                                    : message;
  hart().request_stop(StopReason::Exit);
}

void LinuxProcess::raise_signal(int sig, const std::string& why) {
  if (sig <= 0 || sig > 64) return;
  bool unblockable = sig == 9 || sig == 19;
  const SignalAction& act = sigactions[size_t(sig)];
  if (!unblockable && act.handler == 1) return;  // SIG_IGN
  if (!unblockable && (sigmask >> (sig - 1) & 1)) {
    sigpending |= 1ull << (sig - 1);
    return;
  }
  SignalDefault d = signal_default(sig);
  if (act.handler > 1 && !unblockable)
    std::fprintf(stderr, "pimnic: the guest's handler for signal %d (%s) is not run (pimnic does not deliver signals); default action\n",
                 sig, signal_name(sig));
  if (d == SignalDefault::Ignore || d == SignalDefault::Stop) return;
  terminate_by_signal(sig, why);
}

void LinuxProcess::deliver_pending() {
  uint64_t ready = sigpending & ~sigmask;
  for (int sig = 1; sig <= 64 && ready && !stopping_; ++sig)
    if (ready >> (sig - 1) & 1) {
      sigpending &= ~(1ull << (sig - 1));
      raise_signal(sig);
    }
}

uint64_t LinuxProcess::simulated_ns() {
  const Hart& h = core_->hart(0);
  return uint64_t(double(h.cycles()) * 1e9 / core_->config().clock_hz);
}

// ---- interrupts: system calls and signals ----------------------------------------------------

Status LinuxProcess::interrupt(Hart& h, const InterruptInfo& info) {
  switch (info.kind) {
    case Interrupt::SystemCall:
      h.pc = info.srr0;
      return syscall(h);
    case Interrupt::FpUnavailable:
    case Interrupt::VecUnavailable:
      // Linux hands out the FPU and vector unit on first use: enable and retry.
      h.msr |= info.kind == Interrupt::FpUnavailable ? MSR_FP : MSR_VEC;
      h.pc = info.srr0;
      return Status::Jump;
    case Interrupt::External:
    case Interrupt::Decrementer:
      h.pc = info.srr0;  // no asynchronous interrupts reach a user process
      return Status::Jump;
    default:
      return fault(h, info);
  }
}

Status LinuxProcess::syscall(Hart& h) {
  uint32_t nr = h.gpr[0];
  const uint32_t args[6] = {h.gpr[3], h.gpr[4], h.gpr[5], h.gpr[6], h.gpr[7], h.gpr[8]};
  int64_t r;
  SyscallFn fn = find_syscall(nr);
  if (fn) {
    r = fn(*this, args);
  } else {
    if (nr < kMaxSyscall ? !reported_unknown[nr] : true) {
      if (nr < kMaxSyscall) reported_unknown[nr] = true;
      std::fprintf(stderr, "pimnic: unimplemented syscall %u (%s)\n", nr, syscall_name(nr));
    }
    r = -38;  // ENOSYS
  }
  if (opts_.strace)
    std::fprintf(stderr, "pimnic strace: %s(0x%x, 0x%x, 0x%x, 0x%x, 0x%x, 0x%x) = %lld\n", syscall_name(nr),
                 args[0], args[1], args[2], args[3], args[4], args[5], (long long)r);
  if (stopping_) {
    h.stop_reason = StopReason::Exit;
    return Status::Stop;
  }
  if (is_error_result(r)) {
    h.gpr[3] = uint32_t(-r);
    h.cr |= kCr0So;
  } else {
    h.gpr[3] = uint32_t(r);
    h.cr &= ~kCr0So;
  }
  return Status::Jump;
}

Status LinuxProcess::fault(Hart& h, const InterruptInfo& info) {
  uint32_t word = 0;
  read_u32(info.srr0, word);
  std::string where = hex32(info.srr0);
  std::string sym = image_.symbols.describe(info.srr0);
  if (!sym.empty()) where += " (" + sym + ")";
  int sig = 4;
  std::string msg;
  switch (info.kind) {
    case Interrupt::Program:
      if (info.srr1_bits & SRR1_PROGRAM_TRAP) {
        sig = 5;
        msg = "trap instruction " + hex32(word) + " at " + where;
      } else if (info.srr1_bits & SRR1_PROGRAM_FP) {
        sig = 8;
        msg = "floating-point exception at " + where;
      } else if (info.srr1_bits & SRR1_PROGRAM_PRIV) {
        // Linux emulates mfpvr for user programs.
        if ((word & 0xFC1FFFFEu) == 0x7C1F42A6u) {
          h.gpr[(word >> 21) & 31] = h.pvr;
          h.pc = info.srr0 + 4;
          return Status::Jump;
        }
        msg = "privileged instruction " + hex32(word) + " at " + where;
      } else {
        msg = "illegal instruction " + hex32(word) + " at " + where;
      }
      break;
    case Interrupt::Alignment:
      if (fix_alignment(h, info)) return stopping_ ? Status::Stop : Status::Jump;
      if (stopping_) {
        h.stop_reason = StopReason::Exit;
        return Status::Stop;
      }
      sig = 7;
      msg = "unaligned access to " + hex32(info.dar) + " by " + hex32(word) + " at " + where;
      break;
    case Interrupt::Storage:
      sig = 11;
      msg = "segmentation fault: " + std::string((info.dsisr & DSISR_STORE) ? "write to " : "read from ") +
            hex32(info.dar) + " by " + hex32(word) + " at " + where;
      break;
    case Interrupt::InstructionStorage:
      sig = 11;
      msg = "segmentation fault: instruction fetch from " + where;
      break;
    case Interrupt::Trace:
      sig = 5;
      msg = "trace interrupt at " + where;
      break;
    default:
      msg = std::string("unexpected ") + interrupt_name(info.kind) + " interrupt at " + where;
      break;
  }
  h.pc = info.srr0;
  terminate_by_signal(sig, msg + " (" + signal_name(sig) + ")");
  h.stop_reason = StopReason::Exit;
  return Status::Stop;
}

}  // namespace pimnic::linux_user
