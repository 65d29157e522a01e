// pimnic's disassembly text: extended mnemonics (isa/aliases.inc), operand syntax, branch targets
// with symbols, per-core SPR names, raw mode. Words come from llvm-mc, an independent assembler,
// where it knows the instruction. The broad check is the sweep in tests/disasm.
#include <doctest/doctest.h>

#include "cpu/core.h"
#include "isa/disasm.h"
#include "loader/elf_image.h"
#include "test_core.h"

using namespace pimnic;
using namespace pimnic::isa;

namespace {

std::string dis(uint32_t word, const std::string& core = "host", uint32_t pc = 0x1000, bool aliases = true,
                const SymbolTable* symbols = nullptr) {
  Decoder dec(core_profile(core).features);
  DisasmOptions o;
  o.aliases = aliases;
  o.symbols = symbols;
  return disassemble(dec, word, pc, o);
}

// llvm-mc's encoding of one instruction, disassembled by pimnic at 0x1000.
std::string round_trip(const std::string& text, const std::string& core = "host") {
  auto words = test::assemble(text, core);
  REQUIRE(words.size() == 1);
  return dis(words[0], core);
}

}  // namespace

TEST_CASE("extended mnemonics follow llvm-mc") {
  CHECK(round_trip("li 3, -1") == "li r3, -1");
  CHECK(round_trip("lis 3, 0x1234") == "lis r3, 4660");
  CHECK(round_trip("addi 3, 4, 16") == "addi r3, r4, 16");
  CHECK(round_trip("mr 3, 4") == "mr r3, r4");
  CHECK(round_trip("or. 3, 4, 4") == "mr. r3, r4");
  CHECK(round_trip("nop") == "nop");
  CHECK(round_trip("not 3, 4") == "not r3, r4");
  CHECK(round_trip("sub 3, 4, 5") == "sub r3, r4, r5");
  CHECK(round_trip("subfo 3, 5, 4") == "subfo r3, r5, r4");
  CHECK(round_trip("subc 3, 4, 5") == "subc r3, r4, r5");
  CHECK(round_trip("cmpwi 3, 5") == "cmpwi r3, 5");
  CHECK(round_trip("cmpwi 1, 3, 5") == "cmpwi cr1, r3, 5");
  CHECK(round_trip("cmplw 7, 3, 4") == "cmplw cr7, r3, r4");
  CHECK(round_trip("slwi 3, 4, 2") == "slwi r3, r4, 2");
  CHECK(round_trip("srwi 3, 4, 2") == "srwi r3, r4, 2");
  CHECK(round_trip("clrlwi 3, 4, 16") == "clrlwi r3, r4, 16");
  CHECK(round_trip("rotlwi 3, 4, 8") == "rotlwi r3, r4, 8");
  CHECK(round_trip("rlwinm 3, 4, 8, 4, 27") == "rlwinm r3, r4, 8, 4, 27");
  CHECK(round_trip("rotlw 3, 4, 5") == "rotlw r3, r4, r5");
  CHECK(round_trip("crclr 6") == "crclr 6");
  CHECK(round_trip("crset 6") == "crset 6");
  CHECK(round_trip("crmove 1, 2") == "crmove 1, 2");
  CHECK(round_trip("crnot 1, 2") == "crnot 1, 2");
  CHECK(round_trip("mtcr 3") == "mtcr r3");
  CHECK(round_trip("trap") == "trap");
  CHECK(round_trip("tweq 3, 4") == "tweq r3, r4");
  CHECK(round_trip("twlti 3, -8") == "twlti r3, -8");
  CHECK(round_trip("vmr 1, 2") == "vmr v1, v2");
  CHECK(round_trip("vnot 1, 2") == "vnot v1, v2");
  CHECK(round_trip("sync") == "sync");
  CHECK(round_trip("lwsync") == "lwsync");  // sync with L = 1 (reserved here, emitted by clang)
}

TEST_CASE("special-purpose registers are named where the core has them") {
  CHECK(round_trip("mflr 0") == "mflr r0");
  CHECK(round_trip("mtctr 3") == "mtctr r3");
  CHECK(round_trip("mfxer 5") == "mfxer r5");
  CHECK(round_trip("mtdec 5") == "mtdec r5");
  CHECK(round_trip("mfpvr 5") == "mfpvr r5");
  CHECK(dis(0x7c6c42e6) == "mftb r3");   // llvm-mc assembles mftb as mfspr 268
  CHECK(dis(0x7c6d42e6) == "mftbu r3");
  CHECK(round_trip("mftb 3") == "mfspr r3, 268");
  CHECK(round_trip("mttbl 3") == "mttbl r3");
  CHECK(round_trip("mfspr 3, 272") == "mfsprg r3, 0");
  CHECK(round_trip("mtspr 275, 3") == "mtsprg 3, r3");
  // SPR 256 is VRSAVE on vector cores and USPRG0 on the 440.
  CHECK(round_trip("mfspr 3, 256") == "mfvrsave r3");
  CHECK(round_trip("mfspr 3, 256", "nic") == "mfusprg0 r3");
  // SPRG4 is readable from user mode at 260 on the 440 only; SDR1 and the BATs are not modelled.
  CHECK(round_trip("mfspr 3, 260", "nic") == "mfsprg r3, 4");
  CHECK(round_trip("mfspr 3, 260") == "mfspr r3, 260");
  CHECK(round_trip("mfspr 3, 25") == "mfspr r3, 25");
  CHECK(round_trip("mtspr 287, 3") == "mtspr 287, r3");  // PVR is read-only
}

TEST_CASE("branches: bt/bf with CR bit numbers, CTR forms, hints, absolute targets") {
  CHECK(round_trip("blr") == "blr");
  CHECK(round_trip("blrl") == "blrl");
  CHECK(round_trip("bctr") == "bctr");
  CHECK(round_trip("bclr 12, 2") == "bclr 12, 2");
  CHECK(round_trip("bt 2, .+16") == "bt 2, 0x1010");
  CHECK(round_trip("bf 6, .-8") == "bf 6, 0xff8");
  CHECK(round_trip("bdnz .+8") == "bdnz 0x1008");
  CHECK(round_trip("bdnzl+ .+8") == "bdnzl+ 0x1008");
  CHECK(round_trip("bc 20, 0, .+4") == "bc 20, 0, 0x1004");
  CHECK(round_trip("b .+0x100") == "b 0x1100");
  CHECK(round_trip("bla 0x40") == "bla 0x40");
  CHECK(dis(0x4a000002) == "ba 0xfe000000");  // LI sign-extends
  CHECK(dis(0x4280fffe) == "bca 20, 0, 0xfffffffc");
}

TEST_CASE("operands: rA-or-0 prints 0, d(rA), CR fields, FPSCR numbers") {
  CHECK(round_trip("lwz 3, 8(1)") == "lwz r3, 8(r1)");
  CHECK(round_trip("lwz 3, -8(0)") == "lwz r3, -8(0)");
  CHECK(round_trip("lwzx 3, 0, 4") == "lwzx r3, 0, r4");
  CHECK(round_trip("lwzux 3, 5, 4") == "lwzux r3, r5, r4");
  CHECK(round_trip("stmw 29, -12(1)") == "stmw r29, -12(r1)");
  CHECK(round_trip("lswi 5, 0, 8") == "lswi r5, 0, 8");
  CHECK(round_trip("dcbz 0, 3") == "dcbz 0, r3");
  CHECK(round_trip("fadd. 1, 2, 3") == "fadd. f1, f2, f3");
  CHECK(round_trip("fmadd 1, 2, 3, 4") == "fmadd f1, f2, f3, f4");
  CHECK(round_trip("fcmpu 3, 1, 2") == "fcmpu cr3, f1, f2");
  CHECK(round_trip("mcrfs 1, 3") == "mcrfs cr1, 3");
  CHECK(round_trip("mtfsb1 31") == "mtfsb1 31");
  CHECK(round_trip("lvx 2, 0, 4") == "lvx v2, 0, r4");
  CHECK(round_trip("vcmpequb. 1, 2, 3") == "vcmpequb. v1, v2, v3");
  CHECK(round_trip("vsldoi 1, 2, 3, 5") == "vsldoi v1, v2, v3, 5");
  CHECK(round_trip("vspltisb 1, -16") == "vspltisb v1, -16");
  CHECK(round_trip("addo. 3, 4, 5") == "addo. r3, r4, r5");
  CHECK(round_trip("stwcx. 3, 0, 4") == "stwcx. r3, 0, r4");
}

TEST_CASE("440 additions on the nic core, AltiVec on vector cores") {
  CHECK(round_trip("isel 3, 0, 4, 2", "nic") == "iseleq r3, 0, r4");
  CHECK(round_trip("isel 3, 5, 4, 6", "nic") == "isel r3, r5, r4, 6");
  CHECK(dis(0x10221958, "nic") == "macchw r1, r2, r3");    // opcode 4: MAC on the 440
  CHECK(dis(0x10221d59, "nic") == "macchwo. r1, r2, r3");
  CHECK(dis(0x10221958, "host") != "macchw r1, r2, r3");   // ... and AltiVec (or nothing) elsewhere
  CHECK(dis(0x7c221958, "host") == ".long 0x7c221958");
  CHECK(dis(0x7c0802a6, "pim") == "mflr r0");
}

TEST_CASE("raw mode prints the table's mnemonics") {
  CHECK(dis(0x3860ffff, "host", 0, false) == "addi r3, 0, -1");
  CHECK(dis(0x7c832378, "host", 0, false) == "or r3, r4, r4");
  CHECK(dis(0x4e800020, "host", 0, false) == "bclr 20, 0");
  CHECK(dis(0x7c0802a6, "host", 0, false) == "mfspr r0, 8");
  CHECK(dis(0x7c000000, "host", 0, false) == "cmpw cr0, r0, r0");
  CHECK(dis(0x7c2004ac, "host", 0, false) == "sync");
}

TEST_CASE("branch targets name symbols") {
  SymbolTable syms;
  syms.add({"loop", 0x2000, 0x40, true});
  CHECK(dis(0x4bfffff0, "host", 0x2010, true, &syms) == "b 0x2000 <loop>");
  CHECK(dis(0x41820008, "host", 0x2010, true, &syms) == "bt 2, 0x2018 <loop+0x18>");
  CHECK(dis(0x48000004, "host", 0x3000, true, &syms) == "b 0x3004");
}

TEST_CASE("PIM extension rows print with their table mnemonic on the pim core") {
  Decoder pim(core_profile("pim").features);
  for (const InsnRow* r : pim.rows()) {
    if (!(r->features & FEAT_PIM)) continue;
    CAPTURE(r->mnemonic);
    std::string text = dis(r->match, "pim");
    CHECK(text.rfind(r->mnemonic, 0) == 0);
    CHECK(dis(r->match, "host").rfind(".long", 0) == 0);  // only PIM cores decode them
  }
  // A row of the PIM form with its immediate, as the extension's rows will be written.
  InsnRow spawn{InsnId::Invalid, "spawn", 6u << 26, 0xFC0007FFu, Form::PIM, OpClass::Pim, FEAT_PIM, 0, MS_NONE, 3,
                {{{Field::RT, Role::Write}, {Field::RA, Role::Read}, {Field::PIMX, Role::Imm}}}, nullptr};
  CHECK(disassemble_row(spawn, 6u << 26 | 3u << 21 | 4u << 16 | 9u << 11, 0) == "spawn r3, r4, 9");
}
