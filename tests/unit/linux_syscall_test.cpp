// Linux user mode: system call argument and result handling (r0 = number, r3-r8 = arguments,
// r3 = result or errno with CR0[SO] set), signals' exit statuses, and the fault → signal mapping,
// on a tiny hand-made static executable.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "linux/process.h"
#include "linux/syscalls.h"
#include "linux/uio_device.h"
#include "linux_test_program.h"
#include "mem/mmio_device.h"
#include "util/bits.h"

using namespace pimnic;
using namespace pimnic::linux_user;
using namespace pimnic::linux_test;

TEST_CASE("syscalls: results in r3, errors as positive errno with CR0[SO]") {
  Fixture f;
  LinuxProcess& p = f.p;
  CHECK(call(p, 6, {99}) == 9);  // close(99): EBADF
  CHECK(so(p));
  CHECK(call(p, 20, {}) == uint32_t(getpid()));
  CHECK_FALSE(so(p));
  CHECK(p.hart().pc == kEntry + 4);
  CHECK(call(p, 9999, {}) == 38);  // unknown: ENOSYS, reported once on stderr
  CHECK(so(p));
  CHECK(call(p, 387, {0, 0, 0, 0}) == 38);  // rseq: ENOSYS like qemu
  CHECK(std::string(syscall_name(192)) == "mmap2");
}

TEST_CASE("syscalls: memory") {
  Fixture f;
  LinuxProcess& p = f.p;
  uint32_t brk0 = call(p, 45, {0});
  CHECK(brk0 == 0x10011000);  // page after file data + .bss
  CHECK(call(p, 45, {brk0 + 0x2345}) == brk0 + 0x2345);
  // mmap2(NULL, 8192, RW, PRIVATE|ANONYMOUS, -1, 0): below the stack and trampoline page.
  CHECK(call(p, 192, {0, 8192, 3, 0x22, ~0u, 0}) == 0x3fffd000);
  CHECK(call(p, 90, {0, 4096, 3, 0x22, ~0u, 5}) == 22);  // unaligned offset: EINVAL
  CHECK(so(p));
  CHECK(call(p, 192, {0, 0, 3, 0x22, ~0u, 0}) == 22);     // zero length: EINVAL
  CHECK(call(p, 192, {0, 4096, 3, 0x02, 77, 0}) == 9);    // file mapping of a bad fd: EBADF
  CHECK(call(p, 125, {0x3fffd000, 8192, 1}) == 0);        // mprotect of a mapping
  CHECK(call(p, 125, {0x50000000, 4096, 1}) == 12);       // ... of nothing: ENOMEM
  CHECK(call(p, 91, {0x3fffd000, 8192}) == 0);            // munmap
  CHECK(call(p, 91, {0x3fffd001, 8192}) == 22);
}

TEST_CASE("syscalls: structures written to guest memory") {
  Fixture f;
  LinuxProcess& p = f.p;
  const uint32_t buf = 0x10004000;  // in .bss
  REQUIRE(call(p, 122, {buf}) == 0);  // uname
  std::string machine;
  CHECK(p.read_string(buf + 4 * 65, machine));
  CHECK(machine == "ppc");
  std::string sysname;
  p.read_string(buf, sysname);
  CHECK(sysname == "Linux");

  // clock_gettime64(CLOCK_REALTIME) with the simulated clock: {s64 sec, s64 nsec} from the epoch.
  REQUIRE(call(p, 403, {0, buf}) == 0);
  uint32_t w[4];
  for (int i = 0; i < 4; ++i) p.read_u32(buf + 4 * i, w[i]);
  CHECK(w[0] == 0);
  CHECK(w[1] == 1700000000u);
  // nanosleep(1.5 s) returns at once and moves the clocks on.
  p.write_u32(buf + 16, 1), p.write_u32(buf + 20, 500000000);
  CHECK(call(p, 162, {buf + 16, 0}) == 0);
  REQUIRE(call(p, 246, {1, buf}) == 0);  // clock_gettime(CLOCK_MONOTONIC), 32-bit timespec: the
  p.read_u32(buf, w[0]), p.read_u32(buf + 4, w[1]);  // default uptime of a day, and the sleep
  CHECK(w[0] == 86400 + 1);
  CHECK(w[1] >= 500000000u);
  CHECK(call(p, 246, {99, buf}) == 22);  // bad clock: EINVAL

  // _llseek result is a 64-bit value at r6; ugetrlimit writes two words.
  CHECK(call(p, 76, {3, buf}) == 0);
  // getrandom is deterministic by default.
  CHECK(call(p, 359, {buf, 8, 0}) == 8);
  // A length past the memory: what fits up to the first page without RAM, as Linux (the whole
  // length, up to 32 MiB, was made first; then the copy failed with EFAULT).
  uint32_t ram_end = buf;
  while (const Region* r = p.space().find(ram_end)) {
    if (!r->host) break;
    ram_end = r->base + r->size;
  }
  CHECK(call(p, 359, {ram_end - 100, 0x10000000, 0}) == 100);
  CHECK(call(p, 359, {ram_end, 0x10000000, 0}) == 14);  // EFAULT
  // getcwd returns the length including the NUL.
  char cwd[4096];
  REQUIRE(getcwd(cwd, sizeof cwd));
  CHECK(call(p, 182, {buf, 4096}) == std::strlen(cwd) + 1);
  CHECK(call(p, 182, {buf, 1}) == 34);  // ERANGE
  // readlink("/proc/self/exe") names the program; no host file access needed.
  p.write(buf + 512, "/proc/self/exe", 15);
  uint32_t n = call(p, 85, {buf + 512, buf, 4096});
  std::string exe(n, '\0');
  p.read(buf, exe.data(), n);
  CHECK(exe.find("linux_test_") != std::string::npos);
  // Host files are off by default.
  p.write(buf + 512, "/etc/hostname", 14);
  CHECK(call(p, 5, {buf + 512, 0, 0}) == 13);  // EACCES
}

TEST_CASE("syscalls: a guest's size argument never becomes a host allocation of that size") {
  Fixture f;
  LinuxProcess& p = f.p;
  const uint32_t buf = 0x10004000;  // in .bss
  // sched_getaffinity(0, 0xfffffffc, buf) allocated and zeroed 4 GB, then failed with EFAULT;
  // the kernel writes one long for one CPU and returns 4.
  p.write_u32(buf + 4, 0xAAAAAAAA);
  CHECK(call(p, 223, {0, 0xfffffffc, buf}) == 4);
  CHECK(!so(p));
  uint32_t w = 0;
  p.read_u32(buf, w);
  CHECK(w == 1);
  p.read_u32(buf + 4, w);
  CHECK(w == 0xAAAAAAAA);
}

TEST_CASE("syscalls: writev gathers into one write on the host descriptor") {
  Fixture f;
  LinuxProcess& p = f.p;
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  int guest_fd = p.fds().add(fds[1]);
  CHECK(guest_fd == 3);
  const uint32_t buf = 0x10004000;
  p.write(buf, "hello, world", 12);
  p.write_u32(buf + 64, buf), p.write_u32(buf + 68, 7);
  p.write_u32(buf + 72, buf + 7), p.write_u32(buf + 76, 5);
  CHECK(call(p, 146, {uint32_t(guest_fd), buf + 64, 2}) == 12);
  char got[16] = {};
  CHECK(read(fds[0], got, sizeof got) == 12);
  CHECK(std::string(got) == "hello, world");
  CHECK(call(p, 41, {uint32_t(guest_fd)}) == 4);  // dup: lowest free
  CHECK(call(p, 6, {4}) == 0);
  CHECK(call(p, 6, {uint32_t(guest_fd)}) == 0);
  close(fds[0]);
}

TEST_CASE("syscalls: a /dev/uio0 window mapped over, unmapped in part or remapped leaves no device behind") {
  // Mapping anonymous memory over a device window (MAP_FIXED), or after unmapping part of one,
  // added RAM over the device region: AddressSpace threw and pimnic aborted; mremap moved a
  // window's guard pages as uninitialised host bytes.
  struct Registers final : MmioDevice {
    std::string name() const override { return "registers"; }
    bool read(uint32_t offset, unsigned, uint64_t& v, const MmioAccess&) override { return v = 0x1000 + offset, true; }
    bool write(uint32_t, unsigned, uint64_t, const MmioAccess&) override { return true; }
  } regs;
  Fixture f;
  LinuxProcess& p = f.p;
  p.add_device_file("/dev/uio0", std::make_shared<UioDevice>(std::vector<UioDevice::Region>{{&regs, 0x2000}}));
  const uint32_t path = 0x10004000, at = 0x30000000;
  p.write(path, "/dev/uio0", 10);
  const uint32_t fd = call(p, 5, {path, 2, 0});  // open O_RDWR
  REQUIRE(!so(p));
  constexpr uint32_t kShared = 1, kFixed = 0x10, kPrivateAnon = 0x22;
  auto device_word = [&](uint32_t addr) {
    const Region* r = p.space().find(addr);
    return r && r->device == &regs;
  };
  CHECK(call(p, 192, {at, 0x2000, 3, kShared | kFixed, fd, 0}) == at);  // mmap2
  CHECK(device_word(at + 0x1000));
  CHECK(call(p, 192, {at, 0x1000, 3, kPrivateAnon | kFixed, 0xffffffff, 0}) == at);  // over its first page
  CHECK(!so(p));
  CHECK(!device_word(at + 0x1000));  // the whole window went (a region cannot be split)
  uint32_t w = 1;
  CHECK(p.read_u32(at, w));
  CHECK(w == 0);

  const uint32_t at2 = 0x31000000;
  CHECK(call(p, 192, {at2, 0x2000, 3, kShared | kFixed, fd, 0}) == at2);
  CHECK(call(p, 91, {at2 + 0x1000, 0x1000}) == 0);  // munmap its second page
  CHECK(!device_word(at2));
  CHECK(call(p, 192, {at2, 0x2000, 3, kPrivateAnon | kFixed, 0xffffffff, 0}) == at2);
  CHECK(!so(p));

  const uint32_t at3 = 0x32000000;
  CHECK(call(p, 192, {at3, 0x1000, 3, kShared | kFixed, fd, 0}) == at3);
  CHECK(call(p, 163, {at3, 0x1000, 0x2000, 1}) == 14);  // mremap MAYMOVE: EFAULT, the window stays
  CHECK(so(p));
  CHECK(device_word(at3));
  // A device window where RAM has been (regions are never removed) is refused.
  CHECK(call(p, 192, {at, 0x1000, 3, kShared | kFixed, fd, 0}) == 12);  // ENOMEM
  CHECK(so(p));
}

TEST_CASE("process: ranks given the program already read share it") {
  const std::string path = make_program({li(0, 234), li(3, 7), kSc});
  LinuxOptions o = options_for(path);
  o.image = std::make_shared<const ElfImage>(read_linux_executable(path));
  std::remove(path.c_str());  // not read again: the processes start from the shared image
  LinuxProcess a(o), b(o);
  CHECK(&a.image() == o.image.get());
  CHECK(&b.image() == o.image.get());
  CHECK(a.run().status == 7);
  CHECK(b.run().status == 7);
}

TEST_CASE("signals: a blocked SIGABRT waits for the mask; then the default action ends the process") {
  Fixture f;
  LinuxProcess& p = f.p;
  const uint32_t set = 0x10004000;
  p.write_u32(set, 1u << 5), p.write_u32(set + 4, 0);  // SIGABRT
  CHECK(call(p, 174, {0, set, 0, 8}) == 0);           // rt_sigprocmask(SIG_BLOCK)
  CHECK(call(p, 250, {uint32_t(getpid()), uint32_t(getpid()), 6}) == 0);  // tgkill(self, SIGABRT)
  CHECK_FALSE(p.stopping());
  call(p, 174, {1, set, 0, 8});  // unblock
  CHECK(p.stopping());
  ProcessResult r = p.run();
  CHECK(r.kind == ProcessResult::Kind::Signaled);
  CHECK(r.status == 134);
}

TEST_CASE("signals: an ignored signal does nothing, SIGCHLD's default is to ignore") {
  Fixture f;
  LinuxProcess& p = f.p;
  const uint32_t act = 0x10004000;
  p.write_u32(act, 1);  // SIG_IGN
  CHECK(call(p, 173, {15, act, 0, 8}) == 0);
  call(p, 37, {uint32_t(getpid()), 15});
  CHECK_FALSE(p.stopping());
  call(p, 37, {0, 17});
  CHECK_FALSE(p.stopping());
  CHECK(call(p, 173, {9, act, 0, 8}) == 22);  // SIGKILL cannot be caught or ignored
  call(p, 37, {uint32_t(getpid()), 10});       // SIGUSR1: terminate
  CHECK(p.stopping());
}

TEST_CASE("run: exit_group status, illegal instruction, trap") {
  {
    Fixture f;
    ProcessResult r = f.p.run();
    CHECK(r.kind == ProcessResult::Kind::Exited);
    CHECK(r.status == 7);
  }
  {
    std::string path = make_program({li(3, 1), 0x00000000});
    LinuxProcess p(options_for(path));
    ProcessResult r = p.run();
    CHECK(r.status == 132);
    CHECK(r.message.find("illegal instruction 0x00000000 at 0x10000104") != std::string::npos);
    std::remove(path.c_str());
  }
  {
    std::string path = make_program({0x7fe00008 /* trap */});
    LinuxProcess p(options_for(path));
    CHECK(p.run().status == 133);
    std::remove(path.c_str());
  }
  {
    std::string path = make_program({0x80600000 | 0x1234 /* lwz r3,0x1234(0) */});
    LinuxProcess p(options_for(path));
    ProcessResult r = p.run();
    CHECK(r.status == 139);
    CHECK(r.message.find("0x00001234") != std::string::npos);
    std::remove(path.c_str());
  }
}

TEST_CASE("faults: Linux's alignment fix-up, and SIGBUS for lwarx") {
  Fixture f;
  LinuxProcess& p = f.p;
  Hart& h = p.hart();
  const uint32_t data = 0x10004001;  // misaligned
  p.write_u32(data, 0xCAFEF00D);
  // lwz r3, 0(r4) reported as an alignment interrupt: emulated, execution continues after it.
  p.write_u32(kEntry, 0x80640000);
  h.gpr[4] = data;
  CHECK(p.interrupt(h, {Interrupt::Alignment, kEntry, 0, data, 0}) == Status::Jump);
  CHECK(h.gpr[3] == 0xCAFEF00D);
  CHECK(h.pc == kEntry + 4);
  // stfd f1, 8(r4): stored big-endian.
  p.write_u32(kEntry, 0xD8240008);
  h.fpr[1] = 0x400921FB54442D18ull;
  CHECK(p.interrupt(h, {Interrupt::Alignment, kEntry, 0, data + 8, 0}) == Status::Jump);
  uint32_t hi = 0;
  p.read_u32(data + 8, hi);
  CHECK(hi == 0x400921FBu);
  // lwarx r3, 0, r4: not fixed up.
  p.write_u32(kEntry, 0x7C602028);
  CHECK(p.interrupt(h, {Interrupt::Alignment, kEntry, 0, data, 0}) == Status::Stop);
  CHECK(p.run().status == 135);
}
