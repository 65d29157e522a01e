// The gdb stub over the one-core machine, without sockets: registers, memory, breakpoints as
// decode-cache stubs, watchpoints before the access, steps with interrupts masked, threads of a
// multithreaded core, stop replies, exits, faults, Ctrl-C, monitor commands, the target description.
#include <doctest/doctest.h>

#include "../gdb/stub_rig.h"
#include "gdb/hex.h"

using namespace pimnic;
using namespace pimnic::gdb;
using pimnic::gdb::testing::StubRig;

namespace {

// 0x4000 li r3,0x100 / 0x4004 stw r3,0x100(r3) / 0x4008 lwz r4,0x100(r3) / 0x400c addi r3,r3,4 /
// 0x4010 b 0x4004: stores march up from 0x200.
const std::vector<uint32_t> kLoop = {0x38600100, 0x90630100, 0x80830100, 0x38630004, 0x4bfffff4};
// lis r5,0xf000 / ori r5,r5,0x1000 / li r6,7 / stw r6,0(r5): the exit device, code 7.
const std::vector<uint32_t> kExit7 = {0x3ca0f000, 0x60a51000, 0x38c00007, 0x90c50000};

std::string hex32(uint32_t v) {
  uint8_t b[4];
  store_be<uint32_t>(b, v);
  return to_hex(b, 4);
}

}  // namespace

TEST_CASE("gdb stub: qSupported, registers and memory") {
  StubRig r("pim", 1, kLoop);
  std::string sup = r.command("qSupported:multiprocess+;swbreak+;hwbreak+");
  CHECK(sup.find("PacketSize=4000") != std::string::npos);
  CHECK(sup.find("multiprocess+") != std::string::npos);
  CHECK(sup.find("qXfer:features:read+") != std::string::npos);
  const RegisterLayout& L = r.target.processes()[0].layout;
  CHECK(2 * L.total_bytes() + 1 < GdbStub::kPacketSize);  // a whole G packet fits
  CHECK(r.command("g").size() == 2 * L.total_bytes());
  CHECK(r.command("p40") == hex32(0x4000));  // pc
  CHECK(r.command("P3=12345678") == "OK");
  CHECK(r.hart().gpr[3] == 0x12345678);
  r.hart().vr[1].w[7] = 0x01020304;  // big-endian word 0 of a 256-bit register (reversed storage)
  std::string vr1 = r.command("p48");
  REQUIRE(vr1.size() == 64);
  CHECK(vr1.substr(0, 8) == "01020304");
  CHECK(r.command("P48=" + std::string(62, '0') + "ff") == "OK");
  CHECK(r.hart().vr[1].b[0] == 0xff);
  CHECK(r.command("m4000,8") == "3860010090630100");
  CHECK(r.command("M8000,2:abcd") == "OK");
  CHECK(r.command("m8000,2") == "abcd");
  CHECK(r.command("X8000,2:\x7d\x03\x01") == "OK");  // '}' escapes 0x23 ('#')
  CHECK(r.command("m8000,2") == "2301");
  CHECK(r.command("mfffffff0,8") == "E14");
  CHECK(r.command("mffffe,10").size() == 4);  // a partial read stops at the end of RAM (1 MiB)
  CHECK(r.command("qAttached") == "1");
  CHECK(r.command("qC") == "QCp1.1");
}

TEST_CASE("gdb stub: breakpoints stop before the instruction and are stepped over on resume") {
  StubRig r("host", 1, kLoop);
  r.command("qSupported:multiprocess+;swbreak+");
  CHECK(r.command("Z0,400c,4") == "OK");
  std::string stop = r.command("vCont;c");
  CHECK(stop == "T05thread:p1.1;core:0;name:n0.host.c0t0;swbreak:;");
  CHECK(r.hart().pc == 0x400c);
  CHECK(r.hart().icount == 3);
  CHECK(r.hart().gpr[3] == 0x100);  // the addi has not run
  r.command("vCont;c");
  CHECK(r.hart().pc == 0x400c);
  CHECK(r.hart().icount == 7);
  CHECK(r.hart().gpr[3] == 0x104);
  CHECK(r.command("z0,400c,4") == "OK");
  CHECK(r.command("Z1,4008,4") == "OK");
  CHECK(r.command("c") == "T05thread:p1.1;core:0;name:n0.host.c0t0;");  // no hwbreak+ negotiated
  CHECK(r.hart().pc == 0x4008);
  CHECK(r.command("Z0,4001,4") == "E22");  // not an instruction address
  // Memory never changed.
  CHECK(r.command("m400c,4") == "38630004");
}

TEST_CASE("gdb stub: watchpoints stop before the access with its address") {
  StubRig r("host", 1, kLoop);
  CHECK(r.command("Z2,204,4") == "OK");
  CHECK(r.command("vCont;c") == "T05thread:1;core:0;name:n0.host.c0t0;watch:204;");
  CHECK(r.hart().pc == 0x4004);
  CHECK(r.hart().icount == 5);          // li + one iteration; the stw did not retire
  CHECK(r.command("m204,4") == "00000000");
  CHECK(r.command("z2,204,4") == "OK");
  CHECK(r.command("Z3,208,4") == "OK");  // the load of the next iteration
  CHECK(r.command("Z0,4010,4") == "OK");
  CHECK(r.command("vCont;c") == "T05thread:1;core:0;name:n0.host.c0t0;");  // the stw ran, then the bp
  CHECK(r.command("m204,4") == "00000104");
  CHECK(r.command("z0,4010,4") == "OK");
  CHECK(r.command("vCont;c") == "T05thread:1;core:0;name:n0.host.c0t0;rwatch:208;");
  CHECK(r.hart().pc == 0x4008);
  CHECK(r.command("Z4,20c,2") == "OK");
  CHECK(r.command("vCont;c").find("awatch:20c;") != std::string::npos);
  CHECK(r.hart().pc == 0x4004);  // the store of the next iteration
}

TEST_CASE("gdb stub: single steps, with interrupts masked unless step-irqs is on") {
  StubRig r("host", 1, kLoop);
  CHECK(r.command("vCont;s:1") == "T05thread:1;core:0;name:n0.host.c0t0;");
  CHECK(r.hart().pc == 0x4004);
  CHECK(r.command("s") == "T05thread:1;core:0;name:n0.host.c0t0;");
  CHECK(r.hart().pc == 0x4008);
  // A decrementer interrupt is pending and enabled: a step keeps it pending.
  r.hart().msr |= MSR_EE;
  r.hart().dec_pending = true;
  r.command("vCont;s:1");
  CHECK(r.hart().pc == 0x400c);
  CHECK(r.hart().dec_pending);
  r.command("qRcmd," + to_hex("step-irqs on"));
  r.command("vCont;s:1");
  CHECK(r.hart().pc < 0x1000);  // went to the vector
  CHECK_FALSE(r.hart().dec_pending);
}

TEST_CASE("gdb stub: the threads of a multithreaded core") {
  StubRig r("pim", 4, kLoop);
  CHECK(r.command("qfThreadInfo") == "m1,2,3,4");
  CHECK(r.command("qsThreadInfo") == "l");
  std::string xml = r.command("qXfer:threads:read::0,1000");
  CHECK(xml.find("<thread id=\"3\" core=\"0\" name=\"n0.nic.c0t2\">not started</thread>") != std::string::npos);
  CHECK(r.command("qThreadExtraInfo,2") == to_hex("n0.nic.c0t1 (not started)"));
  CHECK(r.command("T4") == "OK");
  CHECK(r.command("T5") == "E01");
  CHECK(r.command("Hg3") == "OK");
  CHECK(r.command("p40") == "00000000");
  CHECK(r.command("qC") == "QC3");
  // A thread that has not started cannot move; thread 1 steps while the others stay.
  CHECK(r.command("vCont;s:2") == "T05thread:2;core:0;name:n0.nic.c0t1;");
  CHECK(r.command("vCont;s:1;c") == "T05thread:1;core:0;name:n0.nic.c0t0;");
  CHECK(r.hart(0).pc == 0x4004);
  CHECK(r.hart(1).pc == 0);
}

TEST_CASE("gdb stub: exits, unhandled faults and Ctrl-C") {
  {
    StubRig r("nic", 1, kExit7);
    CHECK(r.command("vCont;c") == "W07");
    CHECK(r.command("?") == "W07");
    CHECK(r.command("vCont;c") == "W07");
    CHECK(r.target.outcome().ended);
    CHECK(r.target.result().kind == RunResult::Kind::Exited);
    CHECK(r.target.result().exit_code == 7);
  }
  {
    StubRig r("nic", 1, {0x00000000});  // illegal, and no handler at 0x700
    auto f = testing::frames(r.feed(testing::framed("vCont;c")));
    REQUIRE(f.size() == 2);
    CHECK(from_hex(f[0].substr(1)).value().find("unhandled illegal instruction") != std::string::npos);
    CHECK(f[1] == "T04thread:1;core:0;name:n0.nic.c0t0;");  // SIGILL; the machine stays
  }
  {
    StubRig r("host", 1, kLoop);
    r.feed(testing::framed("vCont;c"), 1);  // 10000 instructions: still looping
    CHECK(r.stub.running());
    auto f = testing::frames(r.feed("\x03"));
    REQUIRE(f.size() == 1);
    CHECK(f[0] == "T02thread:1;core:0;name:n0.host.c0t0;");
    CHECK_FALSE(r.stub.running());
  }
}

TEST_CASE("gdb stub: monitor commands and detach") {
  StubRig r("host", 1, kLoop);
  auto f = testing::frames(r.feed(testing::framed("qRcmd," + to_hex("help"))));
  REQUIRE(f.size() >= 2);
  CHECK(from_hex(f[0].substr(1)).value().find("step-irqs on|off") != std::string::npos);
  CHECK(f.back() == "OK");
  r.command("vCont;s:1");
  r.command("vCont;s:1");
  f = testing::frames(r.feed(testing::framed("qRcmd," + to_hex("cycles"))));
  CHECK(from_hex(f[0].substr(1)).value() == "n0.host.c0t0: 2 instructions, 2 cycles\n");
  r.command("qRcmd," + to_hex("reset"));
  CHECK(r.hart().pc == 0x4000);
  CHECK(r.hart().icount == 0);
  CHECK(r.command("m4000,4") == "38600100");  // the image is back
  CHECK(r.command("D") == "OK");
  CHECK(r.stub.close_request() == GdbStub::Close::Detach);
}

TEST_CASE("gdb stub: target descriptions per core") {
  auto desc = [](const char* profile) {
    StubRig r(profile, 1, kLoop);
    return r.target.processes()[0].description;
  };
  auto host = desc("host");
  CHECK(host.count("power-fpu.xml"));
  CHECK(host.at("target.xml").find("<architecture>powerpc:common</architecture>") != std::string::npos);
  CHECK(host.at("power-altivec.xml").find("bitsize=\"128\" regnum=\"71\"") != std::string::npos);
  CHECK(host.at("power-fpu.xml").find("name=\"fpscr\" bitsize=\"32\" regnum=\"70\"") != std::string::npos);
  auto pim = desc("pim");
  CHECK_FALSE(pim.count("power-fpu.xml"));
  const std::string& v = pim.at("pimnic-altivec256.xml");
  CHECK(v.find("org.pimnic.power.altivec256") != std::string::npos);
  CHECK(v.find("<reg name=\"vr31\" bitsize=\"256\" regnum=\"102\"") != std::string::npos);
  for (const char* field : {"v8_float", "v8_int32", "v16_int16", "v32_int8", "v2_uint128"})
    CHECK(v.find(std::string("name=\"") + field + "\"") != std::string::npos);
  auto nic = desc("nic");
  CHECK(nic.size() == 3);  // target.xml, core, supervisor SPRs
  CHECK(nic.at("pimnic-supervisor.xml").find("name=\"esr\"") != std::string::npos);
  // Every file target.xml includes is served.
  for (auto* d : {&host, &pim, &nic})
    for (auto& [name, text] : *d)
      if (name != "target.xml") CHECK(d->at("target.xml").find("href=\"" + name + "\"") != std::string::npos);
}

TEST_CASE("gdb stub: several running threads share breakpoints and stop together") {
  StubRig r("pim", 2, kLoop);
  // Start thread 2 too (the PIM spawn instruction will do this), at the same code.
  r.target.harts()[1].started = true;
  r.hart(1).pc = 0x4000;
  CHECK(r.command("Z0,400c,4") == "OK");
  CHECK(r.command("vCont;c") == "T05thread:1;core:0;name:n0.nic.c0t0;");
  CHECK(r.hart(0).pc == 0x400c);
  CHECK(r.hart(1).icount <= 3);  // all-stop: thread 2 ran at most as far as its own breakpoint
  // Thread 1 steps over its breakpoint; thread 2 then reaches the same breakpoint.
  std::string stop = r.command("vCont;c");
  CHECK(stop == "T05thread:2;core:0;name:n0.nic.c0t1;");
  CHECK(r.hart(1).pc == 0x400c);
  CHECK(r.hart(1).icount == 3);
  // Scheduler locking: only thread 2 steps.
  uint64_t before = r.hart(0).icount;
  CHECK(r.command("vCont;s:2") == "T05thread:2;core:0;name:n0.nic.c0t1;");
  CHECK(r.hart(1).pc == 0x4010);
  CHECK(r.hart(0).icount == before);
  // Step thread 2 while thread 1 runs: both move by one instruction.
  CHECK(r.command("z0,400c,4") == "OK");
  CHECK(r.command("vCont;s:2;c") == "T05thread:2;core:0;name:n0.nic.c0t1;");
  CHECK(r.hart(1).pc == 0x4004);
  CHECK(r.hart(0).icount == before + 1);
}

TEST_CASE("gdb stub: monitor feb shows the full/empty bit of a PIM word") {
  StubRig r("pim", 2, kLoop);
  auto text = [&](const std::string& cmd) {
    auto f = testing::frames(r.feed(testing::framed("qRcmd," + to_hex(cmd))));
    REQUIRE(f.size() >= 2);
    CHECK(f.back() == "OK");
    return from_hex(f[0].substr(1)).value();
  };
  CHECK(text("feb 0x2000") == "0x00002000: full\n");  // every word starts full
  r.m.core().feb().set_full(0x2000, false);
  CHECK(text("feb 0x2003") == "0x00002000: empty\n");
  CHECK(text("feb 0xf0000000").find("not in PIM memory") != std::string::npos);
  CHECK(text("feb").find("usage: monitor feb ADDR") != std::string::npos);
  CHECK(text("help").find("feb ADDR") != std::string::npos);
}
