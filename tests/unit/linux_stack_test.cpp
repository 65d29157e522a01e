// Linux user mode: the initial stack, the environment order, the random stream and the address
// space placement, checked against what qemu-ppc-static 7.2 -cpu 7400 was observed to do (values
// recorded from a probe program run under qemu; see docs/linux-mode.md).
#include <doctest/doctest.h>

#include "linux/guest_memory.h"
#include "linux/guest_random.h"
#include "linux/initial_stack.h"
#include "linux/linux_options.h"
#include "util/bits.h"

using namespace pimnic;
using namespace pimnic::linux_user;

namespace {
uint32_t word_at(const StackImage& s, uint32_t addr) { return load_be<uint32_t>(&s.bytes[addr - s.base]); }
std::string string_at(const StackImage& s, uint32_t addr) {
  return std::string(reinterpret_cast<const char*>(&s.bytes[addr - s.base]));
}
}  // namespace

TEST_CASE("initial stack: qemu's layout for ./probe x yy with B=22 A=1") {
  // qemu-ppc-static -cpu 7400 ./probe x yy under `env -i A=1 B=22` gave: argc at 0x40800ee0,
  // argv[0] at 0x40800fda, environment at 0x40800fe7 / 0x40800fec, AT_RANDOM at 0x40800fc0,
  // AT_EXECFN at 0x40800ff0, auxv from 0x40800f00 to 0x40800fb8.
  StackRequest r;
  r.top = 0x40801000;
  r.argv = {"./probe", "x", "yy"};
  r.envp = {"B=22", "A=1"};
  r.execfn = "./probe";
  r.aux.phdr = 0x10000034;
  r.aux.phnum = 6;
  r.aux.entry = 0x10000668;
  StackImage s = build_initial_stack(r);
  CHECK(s.sp == 0x40800ee0);
  CHECK(s.sp % 16 == 0);
  CHECK(word_at(s, s.sp) == 3);
  CHECK(s.argv_addr == 0x40800ee4);
  CHECK(word_at(s, s.argv_addr) == 0x40800fda);
  CHECK(word_at(s, s.argv_addr + 4) == 0x40800fe2);
  CHECK(word_at(s, s.argv_addr + 8) == 0x40800fe4);
  CHECK(word_at(s, s.argv_addr + 12) == 0);
  CHECK(s.envp_addr == 0x40800ef4);
  CHECK(word_at(s, s.envp_addr) == 0x40800fe7);
  CHECK(string_at(s, 0x40800fe7) == "B=22");
  CHECK(word_at(s, s.envp_addr + 4) == 0x40800fec);
  CHECK(s.auxv_addr == 0x40800f00);
  CHECK(s.random_addr == 0x40800fc0);
  CHECK(s.execfn_addr == 0x40800ff0);
  CHECK(string_at(s, s.execfn_addr) == "./probe");
  CHECK(s.auxv_addr + 8 * s.auxv.size() == 0x40800fb8);
  // qemu's order: the PowerPC entries first, AT_HWCAP2 last before AT_NULL.
  const uint32_t tags[] = {22, 22, 19, 20, 21, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 25, 23, 31, 26, 0};
  REQUIRE(s.auxv.size() == std::size(tags));
  for (size_t i = 0; i < std::size(tags); ++i) {
    CHECK(s.auxv[i].first == tags[i]);
    CHECK(word_at(s, s.auxv_addr + 8 * uint32_t(i)) == tags[i]);
  }
  CHECK(word_at(s, s.auxv_addr + 8 * 16 + 4) == 0x18000000);  // AT_HWCAP
  CHECK(word_at(s, s.auxv_addr + 8 * 18 + 4) == 0x40800fc0);  // AT_RANDOM
  CHECK(s.bytes.size() == 0x40801000 - s.sp);
}

TEST_CASE("initial stack: an empty environment and an AT_PLATFORM string") {
  StackRequest r;
  r.top = 0x40801000;
  r.argv = {"./probe"};
  r.execfn = "./probe";
  StackImage s = build_initial_stack(r);
  CHECK(s.random_addr == 0x40800fd0);  // qemu with env -i: AT_RANDOM at 0x40800fd0
  CHECK(word_at(s, s.envp_addr) == 0);

  r.aux.platform = "ppc7400";
  StackImage p = build_initial_stack(r);
  CHECK(p.auxv[p.auxv.size() - 2].first == AT_PLATFORM);
  CHECK(string_at(p, p.auxv[p.auxv.size() - 2].second) == "ppc7400");
  CHECK(p.sp % 16 == 0);
  CHECK(p.random_addr % 16 == 0);
}

TEST_CASE("initial stack: too many argument bytes is an error") {
  StackRequest r;
  r.top = 0x40801000;
  r.argv = {"prog", std::string(200000, 'x')};  // one string over MAX_ARG_STRLEN
  CHECK_THROWS_AS(build_initial_stack(r), std::length_error);
  r.argv = {"prog"};
  r.envp.assign(40, std::string(100000, 'e'));  // 4 MB in all: over a quarter of 8 MiB
  CHECK_THROWS_AS(build_initial_stack(r), std::length_error);
}

TEST_CASE("initial stack: the pointer arrays and the platform string count too") {
  // 25,000 short arguments are 50 KB of strings but 100 KB of pointers: the stack once held
  // only the strings' 128 KiB and the pointers were written past the end of its buffer.
  StackRequest r;
  r.top = 0x40801000;
  r.argv.assign(25000, "x");
  StackImage s = build_initial_stack(r);
  CHECK(word_at(s, s.sp) == 25000);
  CHECK(string_at(s, word_at(s, s.argv_addr + 4 * 24999)) == "x");
  CHECK(uint64_t(s.base) + s.bytes.size() == r.top);
  // A 100,000-byte variable and a 60,000-byte platform string (the stack overflowed its buffer).
  r.argv = {"prog"};
  r.envp = {"X=" + std::string(100000, 'v')};
  r.aux.platform = std::string(60000, 'p');
  StackImage p = build_initial_stack(r);
  CHECK(string_at(p, word_at(p, p.envp_addr)).size() == 100002);
  CHECK(string_at(p, p.auxv[p.auxv.size() - 2].second).size() == 60000);
  // The limit follows the stack size, as Linux's does.
  r.max_bytes = 65536;
  CHECK_THROWS_AS(build_initial_stack(r), std::length_error);
}

TEST_CASE("guest environment: qemu's reversed order and -E/-U edits") {
  char a[] = "A=1", b[] = "B=22", c[] = "C=3";
  char* host[] = {a, b, c, nullptr};
  CHECK(build_guest_environment(host, false, {}) == std::vector<std::string>{"C=3", "B=22", "A=1"});
  CHECK(build_guest_environment(host, false, {{true, "B=x"}, {false, "C"}}) ==
        std::vector<std::string>{"B=x", "A=1"});
  CHECK(build_guest_environment(host, true, {{true, "X=1"}, {true, "Y=2"}}) ==
        std::vector<std::string>{"Y=2", "X=1"});
}

TEST_CASE("guest random bytes: the stream qemu -seed N gives") {
  // AT_RANDOM under qemu-ppc-static -seed 0 and -seed 1.
  const uint8_t seed0[16] = {0xe9, 0x67, 0x95, 0x26, 0xf5, 0xea, 0x09, 0x5d,
                             0x85, 0x16, 0x0f, 0x32, 0x1a, 0xa8, 0xc4, 0x1f};
  const uint8_t seed1[4] = {0xf5, 0xb1, 0x65, 0x22};
  uint8_t got[16];
  GuestRandom(0).fill(got, 16);
  CHECK(std::equal(got, got + 16, seed0));
  GuestRandom(1).fill(got, 4);
  CHECK(std::equal(got, got + 4, seed1));
}

TEST_CASE("address space: qemu's downward mmap placement and brk") {
  AddressSpace as("t");
  GuestMemory m(as);
  // Stack (8 MiB + guard), then the signal trampoline page, then anonymous mappings.
  CHECK(m.find_free(0, (8u << 20) + 4096) == 0x40000000);
  m.map_guard(0x40000000, 4096);
  m.map(0x40001000, 8u << 20, GuestMemory::kRead | GuestMemory::kWrite);
  uint32_t tramp = m.find_free(0, 4096);
  CHECK(tramp == 0x3ffff000);
  m.map(tramp, 4096, GuestMemory::kRead);
  uint32_t a = m.find_free(0, 8192);
  CHECK(a == 0x3fffd000);
  m.map(a, 8192, 3);
  uint32_t b = m.find_free(0, 1u << 20);
  CHECK(b == 0x3fefd000);
  m.map(b, 1u << 20, 3);
  m.unmap(a, 8192);
  CHECK(m.find_free(0, 4096) == 0x3fefc000);  // qemu does not move mmap_next back up
  // A free hint is honoured; a taken one searches down from it.
  CHECK(m.find_free(0x20000000, 4096) == 0x20000000);
  m.map(0x20000000, 4096, 3);
  CHECK(m.find_free(0x20000000, 4096) == 0x1ffff000);
  // The guard page is mapped but has no memory behind it.
  CHECK(as.host_ptr(0x40000000, 4) == nullptr);
  CHECK(as.host_ptr(0x40001000, 4) != nullptr);
  CHECK(m.regions_added() < 8);

  m.init_brk(0x100b3de4);
  CHECK(m.brk(0) == 0x100b4000);
  CHECK(m.brk(0x100b4005) == 0x100b4005);
  CHECK(m.brk(0x100b7005) == 0x100b7005);
  CHECK(m.brk(0x100b5000) == 0x100b5000);  // shrinking is allowed
  CHECK(m.brk(0x1000) == 0x100b5000);      // below the start: unchanged
  CHECK(m.brk(0x3fff0000) == 0x100b5000);  // would run into the mappings: unchanged
  uint8_t byte = 0xAA;
  CHECK(as.read_bytes(0x100b6000, &byte, 1));
  CHECK(byte == 0);
}
