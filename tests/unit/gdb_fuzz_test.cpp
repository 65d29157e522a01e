// A randomized robustness test of the gdb stub that always runs in ctest (the coverage-guided
// libFuzzer target is tests/gdb/fuzz_stub.cpp): valid packets, mutated packets and random bytes,
// from a fixed seed. Passing means no crash, no hang and only well-formed replies.
#include <doctest/doctest.h>

#include <random>

#include "../gdb/stub_fuzz_input.h"

using namespace pimnic::gdb::testing;

TEST_CASE("gdb stub: randomized packets never crash it and get well-formed replies") {
  static const char* const kPackets[] = {
      "qSupported:multiprocess+;swbreak+", "QStartNoAckMode", "?", "g", "p40", "P40=00004008", "m4000,10",
      "M200,4:01020304", "X200,1:a", "Z0,4008,4", "z0,4008,4", "Z2,204,4", "Z3,200,4", "Z4,200,8", "vCont;c",
      "vCont;s:1", "vCont;s:2;c", "vCont;C0b", "c", "s", "Hg2", "Hc-1", "qfThreadInfo", "qXfer:threads:read::0,fff",
      "qXfer:features:read:target.xml:0,fff", "qRcmd,68656c70", "qRcmd,7265736574", "vCtrlC", "T1", "qC"};
  std::mt19937 rng(20240601);
  auto pick = [&](size_t n) { return size_t(rng() % n); };
  for (int iter = 0; iter < 5000; ++iter) {
    std::string in;
    in.push_back(char(rng()));
    in.push_back(char(rng()));
    int count = 1 + int(pick(12));
    for (int k = 0; k < count; ++k) {
      std::string p = kPackets[pick(std::size(kPackets))];
      switch (pick(6)) {
        case 0:  // flip, insert or delete bytes
          for (int m = 0; m < 3 && !p.empty(); ++m) p[pick(p.size())] = char(rng());
          break;
        case 1: p.insert(pick(p.size() + 1), 1, "$#}*\x03,:;"[pick(8)]); break;
        case 2: p.resize(pick(p.size() + 1)); break;
        default: break;
      }
      std::string f = pimnic::gdb::frame_packet(p);
      if (pick(10) == 0) f[f.size() - 1] ^= 1;  // a wrong checksum
      if (pick(20) == 0) f = f.substr(0, pick(f.size()));  // cut short
      in += f;
      if (pick(8) == 0) in += "\x03";
      if (pick(8) == 0) in += "+-"[pick(2)];
    }
    fuzz_one(reinterpret_cast<const uint8_t*>(in.data()), in.size());
  }
  CHECK(true);
}
