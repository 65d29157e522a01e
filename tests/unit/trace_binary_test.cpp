// Traced execution on a test core: the binary trace reads back as the commit trace, traced and
// untraced runs take interrupts at the same instructions, windows and interrupts are recorded.
#if PIMNIC_WITH_TRACE
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "test_core.h"
#include "trace/binary_reader.h"
#include "trace/binary_sink.h"
#include "trace/commit_sink.h"
#include "trace/trace_error.h"
#include "trace/tracer.h"

using namespace pimnic;
using namespace pimnic::trace;

namespace {

std::string temp_path(const char* name) {
  return std::string(PIMNIC_BINARY_DIR) + "/trace_unit_" + std::to_string(::getpid()) + "_" + name;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::string dump(const std::string& path) {
  BinaryTraceReader r(path);
  std::string text = commit_header();
  CommitLine l;
  while (r.next(l)) {
    std::string buf(commit_line_max(l), '\0');
    text.append(buf.data(), format_commit_line(l, buf.data()));
  }
  CHECK(r.complete());
  return text;
}

// A loop with loads, stores, a vector load, a system call and CR/XER updates.
const char* kProgram =
    "lis 20, 2\n"        // data at 0x20000
    "li 3, 40\n"
    "mtctr 3\n"
    "1: lwz 4, 0(20)\n"
    "addic. 4, 4, -1\n"
    "stwu 4, 4(20)\n"
    "bdnz 1b\n"
    "lvx 2, 0, 20\n"
    "stmw 29, 64(20)\n"
    "sc\n";

}  // namespace

TEST_CASE("trace: binary trace reads back as the commit trace (plain and zstd)") {
  test::TestCore c;
  std::vector<uint32_t> words = test::assemble(kProgram);
  for (size_t i = 0; i < words.size(); ++i) c.write32(test::TestCore::kCodeBase + 4 * i, words[i]);
  c.h().pc = test::TestCore::kCodeBase;
  const std::string commit = temp_path("c.trace"), bin = temp_path("b.bin"), zst = temp_path("b.bin.zst");
  {
    Tracer t({});
    t.add(std::make_unique<CommitSink>(std::make_unique<OutputStream>(commit, Compression{})), {});
    t.add(std::make_unique<BinarySink>(std::make_unique<OutputStream>(bin, Compression{})), {});
    t.add(std::make_unique<BinarySink>(std::make_unique<OutputStream>(zst, Compression{3, 0})), {});
    t.run(c.h(), 3 + 4 * 40 + 3);
    t.finish();
  }
  const std::string text = slurp(commit);
  CHECK(std::count(text.begin(), text.end(), '\n') == 1 + 3 + 4 * 40 + 3);
  CHECK(text.find("stmw r29, 64(r20) ; st4@") != std::string::npos);
  CHECK(text.find(" v2=") != std::string::npos);
  CHECK(text.find("sc ; srr0=") != std::string::npos);
  CHECK(text.find("int=syscall") != std::string::npos);
  CHECK(dump(bin) == text);
  CHECK(dump(zst) == text);
  CHECK(slurp(zst).size() < slurp(bin).size());

  // A file cut short reads as far as it goes; a file that is not a trace is refused.
  std::string data = slurp(bin);
  {
    std::ofstream f(bin, std::ios::binary | std::ios::trunc);
    f.write(data.data(), std::streamsize(data.size() - 20));
  }
  BinaryTraceReader cut(bin);
  CommitLine l;
  auto read_all = [&] {
    while (cut.next(l)) {
    }
  };
  CHECK_THROWS_AS(read_all(), TraceError);
  CHECK_THROWS_AS(BinaryTraceReader{commit}, TraceError);
  std::remove(commit.c_str());
  std::remove(bin.c_str());
  std::remove(zst.c_str());
}

TEST_CASE("trace: a traced run takes the decrementer interrupt where Hart::run does") {
  // Handler at 0x900 counts in r27 and re-arms DEC far away; the main loop spins until it ran.
  auto setup = [](test::TestCore& c) {
    std::vector<uint32_t> handler = test::assemble("addi 27, 27, 1\nlis 29, 0x7fff\nmtdec 29\nrfi\n");
    for (size_t i = 0; i < handler.size(); ++i) c.write32(0x900 + 4 * i, handler[i]);
    std::vector<uint32_t> main = test::assemble(
        "mfmsr 3\nori 3, 3, 0x8000\nmtmsr 3\nli 3, 20\nmtdec 3\n1: addi 5, 5, 1\ncmpwi 27, 0\nbeq 1b\n"
        "addi 6, 6, 1\nb .\n");
    for (size_t i = 0; i < main.size(); ++i) c.write32(test::TestCore::kCodeBase + 4 * i, main[i]);
    c.h().pc = test::TestCore::kCodeBase;
  };
  test::TestCore plain, traced;
  setup(plain);
  setup(traced);
  plain.h().run(1000);
  const std::string path = temp_path("dec.trace");
  Tracer t({});
  t.add(std::make_unique<CommitSink>(std::make_unique<OutputStream>(path, Compression{})), {});
  t.run(traced.h(), 1000);
  t.finish();
  CHECK(plain.h().gpr[27] == 1);
  CHECK(traced.h().arch().gpr == plain.h().arch().gpr);
  CHECK(traced.h().pc == plain.h().pc);
  CHECK(traced.h().cycles() == plain.h().cycles());
  CHECK(traced.h().srr0 == plain.h().srr0);
  const std::string text = slurp(path);
  CHECK(text.find("int=decrementer") != std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("trace: instruction windows fast-forward and keep exactly the window") {
  test::TestCore c;
  std::vector<uint32_t> words = test::assemble("1: addi 3, 3, 1\nb 1b\n");
  for (size_t i = 0; i < words.size(); ++i) c.write32(test::TestCore::kCodeBase + 4 * i, words[i]);
  c.h().pc = test::TestCore::kCodeBase;
  const std::string path = temp_path("win.trace");
  TraceFilter f;
  f.parse_option("insts", "101-104");
  Tracer t({});
  t.add(std::make_unique<CommitSink>(std::make_unique<OutputStream>(path, Compression{})), f);
  CHECK(t.run(c.h(), 1000) == StopReason::SliceEnd);
  t.finish();
  CHECK(c.h().icount == 1000);
  CHECK(c.h().gpr[3] == 500);
  std::istringstream in(slurp(path));
  std::string l;
  std::vector<std::string> lines;
  while (std::getline(in, l))
    if (l[0] != '#') lines.push_back(l);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0].rfind("0:0:0 101 101 00010000 - 38630001 addi r3, r3, 1 ; r3=00000033", 0) == 0);
  CHECK(lines[3].rfind("0:0:0 104 104 00010004", 0) == 0);
  std::remove(path.c_str());
}
TEST_CASE("trace: cycle deltas at the ends of int64 read back as written") {
  // put_sleb writes any int64; the reader's sign extension of a nine-byte number (-2^62 and
  // below) negated INT64_MIN (UBSan: fuzz_trace_reader). Records of unfetchable instructions
  // need no def.
  const int64_t deltas[] = {0, -1, 63, -64, int64_t(1) << 62, -(int64_t(1) << 62), -(int64_t(1) << 62) - 1,
                            INT64_MAX, INT64_MIN};
  std::string data(binfmt::kMagic, 8);
  data += std::string("\1\0\0\0\0\0\0\0", 8);  // version 1, flags 0
  data += std::string("\x82\0\0\0\0\x10", 6);  // context: node 0, core 0, thread 0, 16-byte VRs
  const uint64_t icount = 1000;
  for (int64_t d : deltas) {
    char rec[32], *p = rec;
    *p++ = char(binfmt::EXEC_PC | binfmt::EXEC_ICOUNT | binfmt::EXEC_CYCLE | binfmt::EXEC_NOFETCH);
    p = binary_detail::put_le<uint32_t>(p, 0x100);
    p = binary_detail::put_uleb(p, icount);
    p = binary_detail::put_sleb(p, d);
    data.append(rec, p);
  }
  const std::string path = temp_path("deltas.bin");
  {
    std::ofstream f(path, std::ios::binary);
    f.write(data.data(), std::streamsize(data.size()));
  }
  BinaryTraceReader r(path);
  CommitLine l;
  for (int64_t d : deltas) {
    REQUIRE(r.next(l));
    CHECK(l.icount == icount);
    CHECK(l.cycle == icount + uint64_t(d));
  }
  CHECK_FALSE(r.next(l));
  std::remove(path.c_str());
}
#endif
