// Branches: b/ba/bl, bc with every BO kind, bclr, bcctr, and bcctr's invalid decrementing form.
#include <doctest/doctest.h>

#include "cpu/interrupts.h"
#include "integer_util.h"

using namespace pimnic;
using pimnic::test::TestCore;

namespace {
constexpr uint32_t kBase = TestCore::kCodeBase;
}

TEST_CASE("unconditional branches: relative, absolute, and with link") {
  TestCore t;
  auto& h = t.h();
  t.exec(ASM("b .+0x40"));
  CHECK(h.pc == kBase + 0x40);
  t.exec(ASM("b .-8"));
  CHECK(h.pc == kBase - 8);
  t.exec(ASM("bl .+0x100"));
  CHECK(h.pc == kBase + 0x100);
  CHECK(h.lr == kBase + 4);
  t.exec(ASM("ba 0x1234"));
  CHECK(h.pc == 0x1234);
  h.lr = 0;
  t.exec(ASM("bla 0x2000"));
  CHECK(h.pc == 0x2000);
  CHECK(h.lr == kBase + 4);
  t.exec({0x4BFFFFFC | 2});  // ba -4: absolute, sign-extended
  CHECK(h.pc == 0xFFFFFFFCu);
}

TEST_CASE("bc: condition bits, CTR decrement and the BO combinations") {
  TestCore t;
  auto& h = t.h();
  // All 32 BO values (the y/hint bits included) against CR bit 6 set or clear and CTR 1 or 2.
  for (uint32_t bo = 0; bo < 32; ++bo)
    for (int bit = 0; bit < 2; ++bit)
      for (uint32_t ctr : {1u, 2u, 0u}) {
        uint32_t word = 16u << 26 | bo << 21 | 6u << 16 | 0x40;  // bc bo, 6, .+0x40
        h.cr = bit ? (1u << (31 - 6)) : 0;
        h.ctr = ctr;
        t.exec({word});
        bool dec = !(bo & 4);
        uint32_t ctr_after = dec ? ctr - 1 : ctr;
        bool ctr_ok = !dec || ((ctr_after != 0) != bool(bo & 2));
        bool cond_ok = (bo & 16) || (bool(bit) == bool(bo & 8));
        CAPTURE(bo);
        CAPTURE(bit);
        CAPTURE(ctr);
        CHECK(h.ctr == ctr_after);
        CHECK(h.pc == kBase + (ctr_ok && cond_ok ? 0x40 : 4));
      }
  // Extended mnemonics through llvm-mc.
  h.ctr = 3;
  t.exec(ASM("bdnz .+0x20"));
  CHECK(h.ctr == 2);
  CHECK(h.pc == kBase + 0x20);
  h.cr = 0x20000000;  // CR0 EQ
  t.exec(ASM("beq .+0x10"));
  CHECK(h.pc == kBase + 0x10);
  t.exec(ASM("bne .+0x10"));
  CHECK(h.pc == kBase + 4);
  t.exec(ASM("beql .-0x10"));
  CHECK(h.pc == kBase - 0x10);
  CHECK(h.lr == kBase + 4);
  h.lr = 0;
  t.exec(ASM("bnel .-0x10"));  // LR written even when not taken
  CHECK(h.pc == kBase + 4);
  CHECK(h.lr == kBase + 4);
  t.exec(ASM("bca 20, 0, 0x300"));
  CHECK(h.pc == 0x300);
}

TEST_CASE("bclr and bcctr: targets, link, and CTR decrement only for bclr") {
  TestCore t;
  auto& h = t.h();
  h.lr = 0x4003;  // low two bits ignored
  t.exec(ASM("blr"));
  CHECK(h.pc == 0x4000);
  h.lr = 0x5000;
  t.exec(ASM("blrl"));  // target is the old LR
  CHECK(h.pc == 0x5000);
  CHECK(h.lr == kBase + 4);
  h.lr = 0x6000;
  h.ctr = 1;
  t.exec(ASM("bdnzlr"));  // CTR becomes 0: not taken
  CHECK(h.ctr == 0);
  CHECK(h.pc == kBase + 4);
  h.cr = 0x80000000;
  t.exec(ASM("bltlr"));
  CHECK(h.pc == 0x6000);
  h.ctr = 0x7000;
  t.exec(ASM("bctr"));
  CHECK(h.pc == 0x7000);
  CHECK(h.ctr == 0x7000);
  t.exec(ASM("bctrl"));
  CHECK(h.pc == 0x7000);
  CHECK(h.lr == kBase + 4);
  h.cr = 0;
  t.exec(ASM("bltctr"));
  CHECK(h.pc == kBase + 4);
}

TEST_CASE("bcctr with BO[2] = 0 is an invalid form: illegal instruction, as qemu -cpu 7400") {
  TestCore t;
  auto& h = t.h();
  h.ctr = 0x7000;
  t.exec({0x4E000420});  // bcctr 16, 0
  CHECK(h.pc == 0x700);
  CHECK(h.srr0 == kBase);
  CHECK((h.srr1 & SRR1_PROGRAM_ILLEGAL) != 0);
  CHECK(h.ctr == 0x7000);
}
