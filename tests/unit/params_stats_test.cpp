// Parameters: declared with defaults and descriptions, set by name with type checks; statistics:
// counters and formulas written in gem5 text form and JSON.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "sim/params.h"
#include "sim/stats.h"

using namespace pimnic;

TEST_CASE("parameters take defaults, accept valid settings and reject bad ones by name") {
  ParamRegistry p;
  uint32_t size;
  double hz;
  bool on;
  std::string mode;
  p.declare("mem.size", size, 4096, "bytes of memory");
  p.declare("core.hz", hz, 2e9, "clock");
  p.declare("trace.on", on, false, "tracing");
  p.declare("bp.kind", mode, "bimodal", "predictor", {"static", "bimodal", "tage"});
  CHECK(size == 4096);
  CHECK(hz == 2e9);
  p.set_assignment("mem.size=64KiB");
  CHECK(size == 65536);
  p.set("mem.size", "0x100");
  CHECK(size == 256);
  p.set("core.hz", "5e8");
  CHECK(hz == 5e8);
  p.set("trace.on", "on");
  CHECK(on);
  p.set("bp.kind", "tage");
  CHECK(mode == "tage");

  auto message = [&](const std::string& assignment) {
    try {
      p.set_assignment(assignment);
    } catch (const ParamError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(message("mem.size=-1").find("mem.size") == 0);
  CHECK(message("mem.size=5000000000").find("out of range") != std::string::npos);
  CHECK(message("mem.size=12abc").find("mem.size") == 0);
  CHECK(message("core.hz=fast").find("core.hz") == 0);
  CHECK(message("trace.on=maybe").find("trace.on") == 0);
  CHECK(message("bp.kind=perfect").find("expected one of static, bimodal, tage") != std::string::npos);
  CHECK(message("no.such=1").find("unknown parameter 'no.such'") != std::string::npos);
  CHECK(message("novalue").find("key=value") != std::string::npos);
  CHECK(size == 256);  // rejected settings change nothing

  // The listing gives each parameter's value, and its default where they differ (a machine
  // preset's values under `pimnic run --machine NAME --list-params`).
  std::string listing = p.describe();
  CHECK(listing.find("mem.size = 256 (default 4096)  [uint]  bytes of memory") != std::string::npos);
  CHECK(listing.find("bp.kind = tage (default bimodal)  [static|bimodal|tage]  predictor") != std::string::npos);
  p.set("bp.kind", "bimodal");
  CHECK(p.describe().find("bp.kind = bimodal  [static|bimodal|tage]  predictor") != std::string::npos);
}

TEST_CASE("statistics are written as gem5 text and JSON") {
  StatRegistry s;
  uint64_t insts = 1234, cycles = 2468;
  s.counter("core0.insts", &insts, "instructions retired");
  s.formula("core0.ipc", [&] { return double(insts) / double(cycles); }, "instructions per cycle");
  std::ostringstream text;
  s.write_text(text);
  CHECK(text.str().find("Begin Simulation Statistics") != std::string::npos);
  CHECK(text.str().find("core0.insts") != std::string::npos);
  CHECK(text.str().find("1234   # instructions retired") != std::string::npos);
  CHECK(text.str().find("0.500000   # instructions per cycle") != std::string::npos);
  nlohmann::json j = s.to_json();
  CHECK(j["core0.insts"] == 1234);
  CHECK(j["core0.ipc"].get<double>() == doctest::Approx(0.5));
  CHECK(j["_descriptions"]["core0.ipc"] == "instructions per cycle");
  insts = 2468;  // stats read the live counters
  CHECK(s.value("core0.ipc") == doctest::Approx(1.0));
}
