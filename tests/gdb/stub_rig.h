// A small machine under the gdb stub, without sockets: the unit tests (tests/unit/gdb_*_test.cpp)
// and the fuzzer (fuzz_stub.cpp) feed it bytes and look at what the stub answers.
#pragma once
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "gdb/machine_target.h"
#include "gdb/stub.h"
#include "util/bits.h"

namespace pimnic::gdb::testing {

inline constexpr uint32_t kEntry = 0x4000;

// An image whose one segment holds the words at kEntry.
inline ElfImage program_image(const std::vector<uint32_t>& words) {
  ElfImage img;
  img.path = "program";
  img.entry = kEntry;
  img.bytes.resize(4 * words.size());
  for (size_t i = 0; i < words.size(); ++i) store_be<uint32_t>(img.bytes.data() + 4 * i, words[i]);
  ElfSegment s;
  s.vaddr = kEntry;
  s.filesz = s.memsz = uint32_t(img.bytes.size());
  s.flags = 5;
  img.segments.push_back(s);
  return img;
}

// Payloads of the frames in out (acknowledgements skipped).
inline std::vector<std::string> frames(std::string_view out) {
  std::vector<std::string> r;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] != '$') continue;
    size_t j = out.find('#', i);
    if (j == std::string_view::npos) break;
    r.emplace_back(out.substr(i + 1, j - i - 1));
    i = j + 2;
  }
  return r;
}

inline std::string framed(std::string_view payload) { return frame_packet(payload); }

struct StubRig {
  static SingleCoreConfig config(const char* profile, unsigned harts) {
    SingleCoreConfig c;
    c.profile = profile;
    c.ram_size = 1u << 20;
    c.harts = harts;
    return c;
  }

  StubRig(const char* profile, unsigned harts, const std::vector<uint32_t>& words)
      : console(std::fopen("/dev/null", "w")),
        m(config(profile, harts), console),
        img(program_image(words)),
        target((m.load(img), m), img, 0, nullptr),
        stub(target) {
    target.set_attached(true);
    stub.attach(target.stop_now(0, 5));
  }
  ~StubRig() {
    if (console) std::fclose(console);
  }

  // Feed raw bytes; while the stub has the machine resumed, run it in slices (at most `slices`).
  std::string feed(std::string_view bytes, int slices = 1000, uint64_t slice = 10000) {
    stub.receive(bytes);
    for (int i = 0; i < slices && stub.running(); ++i) {
      StopEvent ev = target.run(slice);
      if (ev.kind != StopEvent::Kind::None) stub.report_stop(ev);
    }
    return stub.take_output();
  }

  // Send one packet; the last payload that is not console output ("O...").
  std::string command(std::string_view payload, int slices = 1000) {
    std::string last;
    for (const std::string& f : frames(feed(framed(payload), slices)))
      if (f.empty() || f[0] != 'O' || f == "OK") last = f;
    return last;
  }

  Hart& hart(size_t i = 0) { return m.core().hart(i); }

  std::FILE* console;
  SingleCoreMachine m;
  ElfImage img;
  SingleCoreTarget target;
  GdbStub stub;
};

}  // namespace pimnic::gdb::testing
