// Trace text pieces: number formatting, the commit line, register names, --trace specs, filters.
#if PIMNIC_WITH_TRACE
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "trace/commit_format.h"
#include "trace/output_stream.h"
#include "trace/trace_error.h"
#include "trace/trace_spec.h"

using namespace pimnic;
using namespace pimnic::trace;

namespace {
std::string dec(uint64_t v) {
  char b[32];
  return std::string(b, put_dec(b, v));
}
std::string line(const CommitLine& l) {
  std::string buf(commit_line_max(l), '\0');
  return std::string(buf.data(), format_commit_line(l, buf.data()));
}
RegValue reg(RegKey k, std::initializer_list<uint8_t> bytes) {
  RegValue r{};
  r.key = k;
  r.size = uint8_t(bytes.size());
  std::memcpy(r.bytes, bytes.begin(), bytes.size());
  return r;
}
}  // namespace

TEST_CASE("trace: decimal and hex formatting") {
  for (uint64_t v : {0ull, 1ull, 9ull, 10ull, 99ull, 100ull, 12345678ull, 99999999ull, 100000000ull,
                     9999999999999999999ull, 10000000000000000000ull, 18446744073709551615ull})
    CHECK(dec(v) == std::to_string(v));
  for (uint64_t v = 0; v < 200000; v += 7) REQUIRE(dec(v) == std::to_string(v));
  char b[16];
  CHECK(std::string(b, put_hex(b, 0x1f, 8)) == "0000001f");
  const uint8_t bytes[] = {0xde, 0xad, 0x00, 0x0f};
  CHECK(std::string(b, put_bytes_hex(b, bytes, 4)) == "dead000f");
  char s[40];
  const char* text = "a string longer than eight bytes";
  CHECK(std::string(s, put_str(s, text, std::strlen(text))) == text);
}

TEST_CASE("trace: register key names") {
  char buf[12];
  CHECK(std::string(reg_key_name(RegKey(KEY_GPR0 + 31), buf)) == "r31");
  CHECK(std::string(reg_key_name(RegKey(KEY_FPR0 + 2), buf)) == "f2");
  CHECK(std::string(reg_key_name(RegKey(KEY_VR0 + 10), buf)) == "v10");
  CHECK(std::string(reg_key_name(RegKey(KEY_CR0 + 6), buf)) == "cr6");
  CHECK(std::string(reg_key_name(KEY_FPSCR, buf)) == "fpscr");
  CHECK(std::string(reg_key_name(KEY_VRSAVE, buf)) == "vrsave");
  CHECK(std::string(reg_key_name(RegKey(KEY_SPR0 + 22), buf)) == "spr22");
  CHECK(reg_key_size(RegKey(KEY_VR0 + 1), 32) == 32);
  CHECK(reg_key_size(RegKey(KEY_CR0 + 1), 32) == 1);
  CHECK(std::string(interrupt_short_name(Interrupt::SystemCall)) == "syscall");
  CHECK(std::string(interrupt_short_name(Interrupt::Storage)) == "dsi");
}

TEST_CASE("trace: commit line layout") {
  CommitLine l;
  l.node = 1;
  l.core = 2;
  l.thread = 3;
  l.cycle = 1000;
  l.icount = 999;
  l.pc = 0x4010;
  const char* text = "<main+0x10> 7c632214 add r3, r3, r4";
  l.text = text;
  l.text_len = std::strlen(text);
  CHECK(line(l) == "1:2:3 1000 999 00004010 <main+0x10> 7c632214 add r3, r3, r4\n");

  RegValue regs[] = {reg(RegKey(KEY_GPR0 + 3), {0, 0, 0, 7}), reg(RegKey(KEY_CR0), {0x4}),
                     reg(KEY_XER, {0x20, 0, 0, 0})};
  l.regs = regs;
  l.nregs = 3;
  MemAccess mem[2]{};
  mem[0] = {0x8000, 4, true, false, {1, 2, 3, 4}};
  mem[1] = {0xf0000004, 4, false, true, {0, 0, 0, 1}};
  l.mem = mem;
  l.nmem = 2;
  l.interrupted = true;
  l.interrupt = Interrupt::Program;
  CHECK(line(l) == "1:2:3 1000 999 00004010 <main+0x10> 7c632214 add r3, r3, r4 ; r3=00000007 cr0=4 "
                   "xer=20000000 st4@00008000=01020304 ldio4@f0000004=00000001 int=program\n");
  l.mem_overflow = true;
  l.interrupted = false;
  l.nregs = 0;
  l.nmem = 0;
  CHECK(line(l) == "1:2:3 1000 999 00004010 <main+0x10> 7c632214 add r3, r3, r4 ; mem+\n");
}

TEST_CASE("trace: --trace specs") {
  TraceSpec s = parse_trace_spec("commit:out.trace");
  CHECK(s.kind == "commit");
  CHECK(s.file == "out.trace");
  CHECK(s.compression.zstd_level == 0);
  CHECK(parse_trace_spec("binary:run.ptrace.zst").compression.zstd_level == 3);
  CHECK(parse_trace_spec("binary,zstd=-3:run.bin").compression.zstd_level == -3);
  CHECK(parse_trace_spec("qemu:/tmp/a:b").file == "/tmp/a:b");  // the file is everything after the first ':'

  s = parse_trace_spec("commit,core=1,thread=2,pc=0x4000-0x4100,sym=main,insts=10-20,cycles=5-:f");
  CHECK(s.filter.core == 1);
  CHECK(s.filter.thread == 2);
  REQUIRE(s.filter.pcs.size() == 1);
  CHECK(s.filter.pcs[0].first == 0x4000);
  CHECK(s.filter.pcs[0].second == 0x40ff);
  CHECK(s.filter.symbols == std::vector<std::string>{"main"});
  CHECK(s.filter.insts_lo == 10);
  CHECK(s.filter.insts_hi == 20);
  CHECK(s.filter.cycles_lo == 5);
  CHECK(s.filter.cycles_hi == TraceFilter::kNoLimit);
  CHECK(parse_trace_spec("commit,insts=7:f").filter.insts_hi == 7);
  CHECK(parse_trace_spec("commit,insts=-7:f").filter.insts_lo == 0);

  CHECK(parse_trace_spec("kanata:f").kind == "kanata");  // the pipeline log (timing models)
  for (const char* bad : {"commit", "commit:", "konata:f", "commit,frob=1:f", "commit,core:f", "commit,insts=9-3:f",
                          "commit,pc=0x10:f", "commit,pc=0x20-0x10:f", "commit,core=x:f", "binary,zstd=40:f"})
    CHECK_THROWS_AS(parse_trace_spec(bad), TraceError);
}

TEST_CASE("trace: filters") {
  TraceFilter f;
  TraceRecord r;
  r.pc = 0x4000;
  r.icount = 5;
  r.cycle = 50;
  CHECK(f.accepts(r));
  f.parse_option("pc", "0x4000-0x4004");
  CHECK(f.accepts(r));
  r.pc = 0x4004;
  CHECK_FALSE(f.accepts(r));
  f.parse_option("pc", "0x5000-0x6000");
  r.pc = 0x5ffc;
  CHECK(f.accepts(r));
  f.parse_option("insts", "5-6");
  CHECK(f.accepts(r));
  r.icount = 7;
  CHECK_FALSE(f.accepts(r));
  r.icount = 6;
  f.parse_option("thread", "1");
  CHECK_FALSE(f.accepts(r));
  r.thread = 1;
  CHECK(f.accepts(r));
  f.parse_option("cycles", "-49");
  CHECK_FALSE(f.accepts(r));
  CHECK_FALSE(f.parse_option("zstd", "3"));
}
#endif
