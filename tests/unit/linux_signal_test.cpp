// Linux-mode signals: the frame layout against the kernel's structure sizes and offsets
// (arch/powerpc: struct sigframe, rt_sigframe, ucontext, mcontext), save and restore of every
// register, the pending-signal rules, system call restarts, timers on the simulated clock, the
// time base's start, and the debugger's view of signals.
#include <doctest/doctest.h>

#include "linux/signal_frame.h"
#include "linux_test_program.h"

using namespace pimnic;
using namespace pimnic::linux_user;
using namespace pimnic::linux_test;

namespace {

constexpr uint32_t kScratch = 0x10004000;  // in the test program's .bss

// rt_sigaction(sig, {handler, flags, restorer 0, mask}) through the system call.
void install(LinuxProcess& p, int sig, uint32_t handler, uint32_t flags, uint64_t mask = 0) {
  p.write_u32(kScratch, handler);
  p.write_u32(kScratch + 4, flags);
  p.write_u32(kScratch + 8, 0);
  p.write_u32(kScratch + 12, uint32_t(mask));
  p.write_u32(kScratch + 16, uint32_t(mask >> 32));
  REQUIRE(call(p, 173, {uint32_t(sig), kScratch, 0, 8}) == 0);
}

ArchState some_registers() {
  ArchState s;
  for (unsigned i = 0; i < 32; ++i) {
    s.gpr[i] = 0x1000u * i + 7;
    s.fpr[i] = 0x4000000000000000ull + i;
    for (unsigned b = 0; b < 16; ++b) s.vr[i].b[b] = uint8_t(i * 16 + b);
  }
  s.pc = 0x10000abc;
  s.cr = 0x24682468;
  s.lr = 0x10000100;
  s.ctr = 99;
  s.xer = XER_SO | XER_CA | 5;
  s.fpscr = 0x000000f8;  // the enables and NI
  s.vscr = 0x00010001;
  s.vrsave = 0xffff0000;
  return s;
}

}  // namespace

TEST_CASE("signal frame: sizes and offsets as the kernel lays them out") {
  // struct mcontext: 48 gregs, 33 doubles, 2 pad words, 33 quadwords aligned to 16.
  CHECK(frame::kMcFregs == 48 * 4);
  CHECK(frame::kMcPad == 48 * 4 + 33 * 8);
  CHECK(frame::kMcVregs == 464);
  CHECK(frame::kMcontextSize == 464 + 33 * 16);
  // struct ucontext: its mcontext at 192 (after uc_sigmask's 128 bytes of glibc's sigset_t).
  CHECK(frame::kUcMcontext == 52 + 8 + 30 * 4 + 3 * 4);
  CHECK(frame::kSigframeSize == 1248);
  CHECK(frame::kRtSigframeSize == 1536);

  ArchState s = some_registers();
  s.gpr[1] = 0x40800b08;
  SigInfo info = SigInfo::sent(10, G_SI_QUEUE, 1234, 1000);
  info.u[2] = 77;
  frame::FrameRequest r;
  r.regs = &s;
  r.msr = 0x0200e000;
  r.trap = {0xc00, 0, 0, 3, 0};
  r.sig = 10;
  r.handler = 0x10000200;
  r.old_mask = 0x8000000100000200ull;
  r.stack_top = s.gpr[1];
  r.altstack = {0x50000000, 0, 0x10000};
  r.info = &info;
  frame::Frame f = frame::build_rt_sigframe(r);
  const uint32_t base = (0x40800b08 - 1536) & ~15u;
  CHECK(f.r4 == base);
  CHECK(f.r6 == base);
  CHECK(f.r5 == base + 128);
  CHECK(f.sp == base - 80);  // __SIGNAL_FRAMESIZE + 16
  CHECK(f.addr == f.sp);
  CHECK(f.addr + f.bytes.size() == base + 1536 - 224);  // the ABI gap is left alone
  auto word = [&](uint32_t addr) { return load_be<uint32_t>(&f.bytes[addr - f.addr]); };
  CHECK(word(f.sp) == 0x40800b08);                    // back chain
  CHECK(word(base) == 10);                            // si_signo
  CHECK(word(base + 8) == uint32_t(G_SI_QUEUE));      // si_code
  CHECK(word(base + 12) == 1234);                     // si_pid
  CHECK(word(base + 20) == 77);                       // si_value
  const uint32_t uc = base + 128, mc = uc + 192;
  CHECK(word(uc + 8) == 0x50000000);                  // uc_stack
  CHECK(word(uc + 48) == mc);                         // uc_regs
  CHECK(word(uc + 52) == 0x00000200);                 // uc_sigmask, signals 1-32
  CHECK(word(uc + 56) == 0x80000001);
  CHECK(word(mc + 4 * frame::PT_NIP) == 0x10000abc);
  CHECK(word(mc + 4 * frame::PT_MSR) == 0x0200e000);  // MSR_VEC: the vector registers are there
  CHECK(word(mc + 4 * frame::PT_LNK) == 0x10000100);
  CHECK(word(mc + 4 * frame::PT_CCR) == 0x24682468);
  CHECK(word(mc + 4 * frame::PT_TRAP) == 0xc00);
  CHECK(word(mc + 4 * frame::PT_ORIG_R3) == 3);
  CHECK(word(mc + frame::kMcFregs + 8 * 32 + 4) == 0xf8);     // FPSCR in the low word
  CHECK(word(mc + frame::kMcVregs + 16 * 32) == 0xffff0000);  // VRSAVE, word 0 of the 33rd
  CHECK(word(mc + frame::kMcVregs + 16 * 32 + 12) == 0x00010001);  // VSCR, word 3
  CHECK(word(mc + frame::kMcVregs) == 0x0f0e0d0c);  // v0 in memory order (VReg stores it reversed)

  frame::Frame old = frame::build_sigframe(r);
  const uint32_t sbase = (0x40800b08 - 1248) & ~15u;
  CHECK(old.r4 == sbase);
  CHECK(old.sp == sbase - 64);
  auto oword = [&](uint32_t addr) { return load_be<uint32_t>(&old.bytes[addr - old.addr]); };
  CHECK(oword(sbase + 16) == 10);                     // sigcontext.signal
  CHECK(oword(sbase + 20) == 0x10000200);             // handler
  CHECK(oword(sbase + 24) == 0x00000200);             // oldmask
  CHECK(oword(sbase + 12) == 0x80000001);             // _unused[3]: the upper half
  CHECK(oword(sbase + 28) == sbase + 32);             // regs: the mcontext right after
}

TEST_CASE("signal frame: an mcontext restores every register but the MSR") {
  ArchState s = some_registers();
  uint8_t mc[frame::kMcontextSize];
  frame::encode_mcontext(mc, s, 0x2000, {}, 16);
  ArchState back;
  back.msr = 0x1234;
  frame::decode_mcontext(mc, back, 16, false);
  CHECK(back.gpr == s.gpr);
  CHECK(back.fpr == s.fpr);
  CHECK(back.vr == s.vr);
  CHECK(back.pc == s.pc);
  CHECK(back.cr == s.cr);
  CHECK(back.lr == s.lr);
  CHECK(back.ctr == s.ctr);
  CHECK(back.xer == s.xer);
  CHECK(back.fpscr == s.fpscr);
  CHECK(back.vscr == s.vscr);
  CHECK(back.vrsave == s.vrsave);
  CHECK(back.msr == 0x1234);
  // swapcontext keeps r2; a saved MSR without MSR_VEC means "no vector state": cleared.
  store_be<uint32_t>(mc + 4 * frame::PT_MSR, 0x2000);
  back.gpr[2] = 0xabcd;
  frame::decode_mcontext(mc, back, 16, true);
  CHECK(back.gpr[2] == 0xabcd);
  CHECK(back.vr[5] == VReg{});
  CHECK(back.vscr == 0);
}

TEST_CASE("signal state: standard signals coalesce, real-time ones queue, faults go first") {
  SignalState s;
  CHECK(s.enqueue(SigInfo::sent(G_SIGUSR1, G_SI_USER, 1, 0)));
  CHECK(s.enqueue(SigInfo::sent(G_SIGUSR1, G_SI_USER, 2, 0)));
  for (uint32_t v = 1; v <= 3; ++v) s.enqueue(SigInfo::sent(40, G_SI_QUEUE, v, 0));
  s.enqueue(SigInfo::fault(G_SIGSEGV, G_SEGV_MAPERR, 0x10, ""));
  s.blocked = sigbit(G_SIGUSR1);
  CHECK(s.next(s.deliverable()) == G_SIGSEGV);
  CHECK(s.dequeue(G_SIGSEGV).u[0] == 0x10);
  CHECK(s.next(s.deliverable()) == 40);
  for (uint32_t v = 1; v <= 3; ++v) CHECK(s.dequeue(40).u[0] == v);
  CHECK(s.deliverable() == 0);
  CHECK(s.pending() == sigbit(G_SIGUSR1));
  CHECK(s.dequeue(G_SIGUSR1).u[0] == 1);  // the first one sent
  CHECK(s.pending() == 0);
  // Ignored unless blocked (then the disposition may change before it is delivered).
  CHECK(s.ignored(G_SIGCHLD));
  s.action[G_SIGTERM].handler = G_SIG_IGN;
  CHECK(s.ignored(G_SIGTERM));
  s.blocked = sigbit(G_SIGTERM);
  CHECK_FALSE(s.ignored(G_SIGTERM));
  CHECK_FALSE(s.ignored(G_SIGUSR2));
}

TEST_CASE("delivery: a handler frame, then rt_sigreturn restores the interrupted registers") {
  Fixture f;
  LinuxProcess& p = f.p;
  Hart& h = p.hart();
  const uint32_t handler = 0x10000300;
  install(p, G_SIGUSR1, handler, G_SA_SIGINFO);
  h.gpr[1] = 0x40800a00;
  h.gpr[31] = 0x31313131;
  h.fpscr = 0xf8;
  h.cr = 0x20000000;
  CHECK(call(p, 37, {uint32_t(getpid()), G_SIGUSR1}) == G_SIGUSR1);  // kill: r3 now the signal
  CHECK(h.pc == handler);
  CHECK(h.gpr[1] == ((0x40800a00 - 1536) & ~15u) - 80);
  CHECK(h.lr == 0x3ffff008);  // the rt_sigreturn trampoline
  CHECK(h.fpscr == 0);        // handlers start with FP exceptions off
  CHECK(p.signals.blocked == sigbit(G_SIGUSR1));
  uint32_t code = 0, pid = 0;
  p.read_u32(h.gpr[4] + 8, code);
  p.read_u32(h.gpr[4] + 12, pid);
  CHECK(code == uint32_t(G_SI_USER));
  CHECK(pid == uint32_t(getpid()));
  h.gpr[31] = 0;  // the handler uses registers
  // The handler returns through the trampoline: li r0,172; sc.
  h.gpr[0] = 172;
  h.pc = 0x3ffff00c;
  p.interrupt(h, {Interrupt::SystemCall, 0x3ffff010});
  CHECK(h.pc == kEntry + 4);  // after the kill's sc
  CHECK(h.gpr[3] == 0);       // kill's result
  CHECK_FALSE(so(p));
  CHECK(h.gpr[1] == 0x40800a00);
  CHECK(h.gpr[31] == 0x31313131);
  CHECK(h.fpscr == 0xf8);
  CHECK(p.signals.blocked == 0);
}

TEST_CASE("restart: a read interrupted by a handler with SA_RESTART is run again, else EINTR") {
  for (bool restart : {true, false}) {
    Fixture f;
    LinuxProcess& p = f.p;
    Hart& h = p.hart();
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    const int fd = p.fds().add(fds[0]);
    install(p, G_SIGALRM, 0x10000300, restart ? G_SA_RESTART : 0);
    p.timers.itimer[ProcessTimers::kReal].arm(p.timer_clock(TimerBase::Monotonic), 1000000, 0);
    h.gpr[1] = 0x40800a00;
    call(p, 3, {uint32_t(fd), kScratch, 1});  // read(fd, buf, 1) on an empty pipe
    CHECK(h.pc == 0x10000300);                // the handler runs; its frame holds the return
    const uint32_t mc = h.gpr[4] + frame::kSigcontextSize;
    uint32_t nip = 0, r3 = 0, ccr = 0;
    p.read_u32(mc + 4 * frame::PT_NIP, nip);
    p.read_u32(mc + 4 * 3, r3);
    p.read_u32(mc + 4 * frame::PT_CCR, ccr);
    if (restart) {
      CHECK(nip == kEntry);  // the sc again, with its first argument back in r3
      CHECK(r3 == uint32_t(fd));
    } else {
      CHECK(nip == kEntry + 4);
      CHECK(r3 == 4);  // EINTR
      CHECK((ccr & kCr0So) != 0);
    }
    ::close(fds[1]);
  }
}

TEST_CASE("waits: a read of an empty pipe only the process writes, with no timer, never ends (SIGKILL)") {
  Fixture f;
  LinuxProcess& p = f.p;
  REQUIRE(call(p, 42, {kScratch}) == 0);  // pipe(fds)
  uint32_t rd = 0;
  p.read_u32(kScratch, rd);
  call(p, 3, {rd, kScratch + 16, 1});  // read(fds[0], buf, 1)
  CHECK(p.stopping());
  CHECK(p.result().status == 137);
  CHECK(p.result().message.find("read() that nothing can end") != std::string::npos);
}

TEST_CASE("waits: pause with no timer to end it is a deadlock (SIGKILL); with one, the timer ends it") {
  for (bool timer : {false, true}) {
    Fixture f;
    LinuxProcess& p = f.p;
    Hart& h = p.hart();
    install(p, G_SIGALRM, 0x10000300, 0);
    if (timer) p.timers.itimer[ProcessTimers::kReal].arm(p.timer_clock(TimerBase::Monotonic), 5000000, 0);
    const int64_t before = p.clock_ns(1);
    h.gpr[1] = 0x40800a00;
    call(p, 29, {});  // pause()
    CHECK(p.stopping() == !timer);
    if (timer) {
      CHECK(h.pc == 0x10000300);                    // the handler runs ...
      CHECK(p.clock_ns(1) - before >= 5000000);     // ... 5 ms later
      CHECK(p.clock_ns(1) - before < 5000000 + 1000);
    } else {
      CHECK(p.result().message.find("pause() that nothing can end") != std::string::npos);
    }
  }
}

TEST_CASE("timers: ITIMER_REAL on the simulated clock fires at the instruction of its expiry") {
  // 0x10000100: b . (spin); 0x10000104: the handler, exit_group(42)
  std::string path = make_program({0x48000000, li(0, 234), li(3, 42), kSc});
  LinuxProcess p(options_for(path));
  install(p, G_SIGALRM, kEntry + 4, 0);
  // setitimer(ITIMER_REAL, {interval 0, value 1 us}): 2000 cycles at 2 GHz.
  for (uint32_t i = 0; i < 4; ++i) p.write_u32(kScratch + 32 + 4 * i, i == 3 ? 1 : 0);
  REQUIRE(call(p, 104, {0, kScratch + 32, 0}) == 0);
  p.hart().pc = kEntry;
  const uint64_t start = p.hart().cycles();
  ProcessResult r = p.run();
  CHECK(r.status == 42);
  CHECK(r.instructions - start >= 2000);
  CHECK(r.instructions - start <= 2000 + 4);
  std::remove(path.c_str());
}

TEST_CASE("time base: starts at the uptime in ticks and moves with the clocks and sleeps") {
  std::string path = make_program({li(0, 234), li(3, 0), kSc});
  LinuxOptions o = options_for(path);
  o.uptime_ns = 10ull * 1000000000ull;
  LinuxProcess p(o);
  Hart& h = p.hart();
  const uint64_t tb_hz = uint64_t(p.core().config().clock_hz) / h.tb_divider;  // 250 MHz
  CHECK(h.timebase() == 10 * tb_hz);
  CHECK(p.clock_ns(1) == int64_t(10 * kNsPerSec));  // CLOCK_MONOTONIC: the uptime
  p.write_u32(kScratch, 2), p.write_u32(kScratch + 4, 0);
  CHECK(call(p, 162, {kScratch, 0}) == 0);  // nanosleep(2 s)
  CHECK(h.timebase() == 12 * tb_hz);
  CHECK(p.clock_ns(1) == int64_t(12 * kNsPerSec));
  std::remove(path.c_str());
}

TEST_CASE("debugger: a traced process stops for each signal; discarding or passing it") {
  Fixture f;
  LinuxProcess& p = f.p;
  Hart& h = p.hart();
  p.traced = true;
  install(p, G_SIGUSR2, 0x10000300, 0);
  h.gpr[1] = 0x40800a00;
  call(p, 37, {uint32_t(getpid()), G_SIGUSR2});
  CHECK(p.reported_signal() == G_SIGUSR2);
  CHECK(h.pc == kEntry + 4);  // stopped after the sc, handler not run yet
  p.resume_with_signal(h, 0);  // discarded
  CHECK(p.reported_signal() == 0);
  CHECK(h.pc == kEntry + 4);
  call(p, 37, {uint32_t(getpid()), G_SIGUSR2});
  p.resume_with_signal(h, G_SIGUSR2);  // passed: the handler runs
  CHECK(h.pc == 0x10000300);
  // Even ignored signals are reported to a debugger; SIGKILL never is.
  call(p, 37, {uint32_t(getpid()), G_SIGCHLD});
  CHECK(p.reported_signal() == G_SIGCHLD);
  p.resume_with_signal(h, G_SIGCHLD);
  CHECK_FALSE(p.stopping());
  call(p, 37, {uint32_t(getpid()), G_SIGKILL});
  CHECK(p.stopping());
  CHECK(p.result().status == 137);
}
