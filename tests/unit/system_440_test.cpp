// The other 440-class additions of the nic profile: isel, dlmzb, DCR access, wrtee/wrteei, and
// clang -mcpu=440 output decoding in full on the nic profile.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "cpu/dcr_bus.h"
#include "isa/decoder.h"
#include "system_test_asm.h"
#include "test_core.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {

constexpr uint32_t kBase = TestCore::kCodeBase;

test::AsmBatch A({{"nic", {"isel 3, 4, 5, 10", "isel 6, 4, 5, 11", "isel 7, 0, 5, 10", "mtdcr 0xC2, 3",
                           "mfdcr 4, 0xC2", "mfdcr 5, 0xC0", "mfdcr 4, 0x3FF", "mtdcr 0xC0, 3",
                           "wrtee 3", "wrtee 4", "wrteei 1", "wrteei 0", "msync", "mbar 1", "mbar",
                           "isync", "li 3, 1"}}});

// dlmzb rA, rS, rB (X form 31/78; checked against GNU as in system_mac_test.cpp).
uint32_t dlmzb_w(unsigned ra, unsigned rs, unsigned rb, bool rc) {
  return 31u << 26 | rs << 21 | ra << 16 | rb << 11 | 78u << 1 | (rc ? 1u : 0u);
}

bool took_program(TestCore& t, uint32_t reason, uint32_t at = kBase) {
  return t.h().pc == 0x700 && t.h().srr0 == at && (t.h().srr1 & 0x001F0000u) == reason;
}

}  // namespace

TEST_CASE("isel picks rA|0 or rB by a CR bit (nic and pim)") {
  for (const char* profile : {"nic", "pim"}) {
    TestCore t(profile);
    t.h().gpr[4] = 111;
    t.h().gpr[5] = 222;
    t.h().cr = 0x00200000;  // CR bit 10 set
    t.exec(A("isel 3, 4, 5, 10; isel 6, 4, 5, 11; isel 7, 0, 5, 10", "nic"));
    CHECK(t.h().gpr[3] == 111);
    CHECK(t.h().gpr[6] == 222);
    CHECK(t.h().gpr[7] == 0);  // rA = 0 means the value 0
  }
  TestCore host;
  host.exec(A("isel 3, 4, 5, 10", "nic"));
  CHECK(took_program(host, SRR1_PROGRAM_ILLEGAL));
}

TEST_CASE("dlmzb finds the leftmost zero byte of rS||rB") {
  struct Case { uint32_t rs, rb; uint32_t n; uint32_t cr0; };
  const Case cases[] = {
      {0x00112233, 0x44556677, 1, 0x4}, {0x11002233, 0x00000000, 2, 0x4},
      {0x11223300, 0x44556677, 4, 0x4}, {0x11223344, 0x00556677, 5, 0x8},
      {0x11223344, 0x55667700, 8, 0x8}, {0x11223344, 0x55667788, 8, 0x2},
      {0x11223344, 0x55006600, 6, 0x8},
  };
  for (const Case& c : cases) {
    for (bool so : {false, true}) {
      TestCore t("nic");
      t.h().gpr[4] = c.rs;
      t.h().gpr[5] = c.rb;
      t.h().xer = 0x7F | (so ? XER_SO : 0);
      t.exec({dlmzb_w(3, 4, 5, false), dlmzb_w(6, 4, 5, true)});
      CHECK(t.h().gpr[3] == c.n);
      CHECK(t.h().gpr[6] == c.n);
      CHECK((t.h().xer & XER_BC_MASK) == c.n);
      CHECK((t.h().xer & XER_SO) == (so ? XER_SO : 0u));
      CHECK(t.h().cr_field(0) == (c.cr0 | (so ? 1u : 0u)));
    }
  }
}

TEST_CASE("mfdcr/mtdcr reach the devices on the core's DCR bus") {
  TestCore t("nic");
  DcrLatches regs(0x0C0, 4);
  t.core().dcr().attach(0x0C0, 4, &regs);
  t.h().gpr[3] = 0xCAFEF00D;
  t.exec(A("mtdcr 0xC2, 3; mfdcr 4, 0xC2; mfdcr 5, 0xC0", "nic"));
  CHECK(t.h().gpr[4] == 0xCAFEF00D);
  CHECK(t.h().gpr[5] == 0);
  CHECK(regs.dcr_read(0xC2) == 0xCAFEF00D);
  CHECK(t.h().pc == kBase + 12);

  // A number no device claims is an illegal instruction; user mode is a privileged one.
  TestCore u("nic");
  u.exec(A("mfdcr 4, 0x3FF", "nic"));
  CHECK(took_program(u, SRR1_PROGRAM_ILLEGAL));
  TestCore v("nic");
  v.core().dcr().attach(0x0C0, 4, &regs);
  v.h().msr |= MSR_PR;
  v.exec(A("mtdcr 0xC0, 3", "nic"));
  CHECK(took_program(v, SRR1_PROGRAM_PRIV));

  DcrBus& bus = t.core().dcr();
  CHECK_THROWS(bus.attach(0x0C3, 2, &regs));   // already claimed
  CHECK_THROWS(bus.attach(0x3FF, 2, &regs));   // past 1023
  bus.detach(&regs);
  CHECK(bus.device(0x0C0) == nullptr);
}

TEST_CASE("wrtee and wrteei set MSR[EE] only, and are privileged") {
  TestCore t("nic");
  t.h().msr = MSR_ME;
  t.h().gpr[3] = 0xFFFFFFFF;
  t.h().gpr[4] = 0;
  t.exec(A("wrtee 3", "nic"));
  CHECK(t.h().msr == (MSR_ME | MSR_EE));
  t.exec(A("wrtee 4", "nic"));
  CHECK(t.h().msr == MSR_ME);
  t.exec(A("wrteei 1", "nic"));
  CHECK(t.h().msr == (MSR_ME | MSR_EE));
  t.exec(A("wrteei 0", "nic"));
  CHECK(t.h().msr == MSR_ME);
  CHECK(t.h().pc == kBase + 4);

  TestCore u("nic");
  u.h().msr = MSR_PR | MSR_ME;
  u.exec(A("wrteei 1", "nic"));
  CHECK(took_program(u, SRR1_PROGRAM_PRIV));
}

TEST_CASE("msync and mbar (the 440 names of sync and eieio) run on the nic profile") {
  TestCore t("nic");
  t.exec(A("msync; mbar 1; mbar; isync; li 3, 1", "nic"));
  CHECK(t.h().gpr[3] == 1);
  CHECK(t.h().pc == kBase + 20);
}

TEST_CASE("every instruction clang -mcpu=440 emits for firmware-like C decodes on the nic profile") {
  const char* source = R"(
    typedef unsigned u32; typedef unsigned long long u64; typedef long long i64;
    int sel(int a, int b, int c) { return a < b ? c : b; }
    u32 umax(u32 a, u32 b) { return a > b ? a : b; }
    u64 mul64(u64 a, u64 b) { return a * b; }
    i64 add64(i64 a, i64 b) { return a - b; }
    int bits(u32 x) { return __builtin_popcount(x) + __builtin_clz(x | 1) + __builtin_ctz(x | 256); }
    u32 bswap(u32 x) { return __builtin_bswap32(x); }
    void copy(char* d, const char* s, int n) { for (int i = 0; i < n; i++) d[i] = s[i]; }
    int strl(const char* s) { int n = 0; while (*s++) n++; return n; }
    struct S { int a[8]; };
    struct S cp(struct S* p) { return *p; }
    void mmio(u32 v) { volatile u32* r = (volatile u32*)0x80000000; r[0] = v; __sync_synchronize(); r[1] = r[2]; }
    int inc(int* p) { return __atomic_fetch_add(p, 1, __ATOMIC_SEQ_CST); }
    int cas(int* p, int o, int n) { return __sync_bool_compare_and_swap(p, o, n); }
    int divs(int a, int b) { return a / b + a % b; }
    int sw(int x) { switch (x) { case 0: return 3; case 1: return 7; case 2: return 9; case 3: return 11;
                                 case 4: return 2; case 5: return 5; default: return -1; } }
    long long sh(long long a, int s) { return (a << s) ^ (a >> s) ^ ((unsigned long long)a >> s); }
    float fadd(float a, float b) { return a + b; }
    int mac(int a, short b, short c) { return a + b * c; }
    void irq(void) { __asm__ volatile("wrteei 0; wrteei 1"); }
    unsigned tb(void) { unsigned v; __asm__ volatile("mfspr %0, 268" : "=r"(v)); return v; }
  )";
  char dir[] = "/tmp/pimnic-cc-XXXXXX";
  REQUIRE(mkdtemp(dir));
  std::string base = dir;
  std::ofstream(base + "/t.c") << source;
  std::string cmd = "clang --target=powerpc-unknown-eabi -ffreestanding -mcpu=440 -msoft-float -O2 -c -o " +
                    base + "/t.o " + base + "/t.c 2>&1 && llvm-objcopy-14 -O binary --only-section=.text " +
                    base + "/t.o " + base + "/t.bin";
  REQUIRE(std::system(cmd.c_str()) == 0);
  std::ifstream in(base + "/t.bin", std::ios::binary);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::system(("rm -rf " + base).c_str());
  REQUIRE(bytes.size() > 100);
  isa::Decoder nic(core_profile("nic").features);
  for (size_t i = 0; i + 4 <= bytes.size(); i += 4) {
    uint32_t w = uint32_t(bytes[i]) << 24 | bytes[i + 1] << 16 | bytes[i + 2] << 8 | bytes[i + 3];
    CHECK_MESSAGE(nic.decode(w) != nullptr, "word 0x" << std::hex << w << " at offset 0x" << i);
  }
}
