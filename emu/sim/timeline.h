// A Chrome/Perfetto JSON timeline (the Trace Event Format that ui.perfetto.dev and
// chrome://tracing open): processes and named tracks, spans ("X"), instants ("i") and counters
// ("C"), time in microseconds with picosecond precision. Events stream to the file as they are
// recorded (the viewers sort them). `--trace perfetto:FILE`.
#pragma once
#include <cstdint>
#include <fstream>
#include <string>

#include "sim/clock.h"

namespace pimnic {

class Timeline {
 public:
  // Throws std::invalid_argument when the file cannot be created.
  explicit Timeline(const std::string& path);
  ~Timeline();
  Timeline(const Timeline&) = delete;
  Timeline& operator=(const Timeline&) = delete;

  // A process (a node, the network) and a track in it (a hardware thread, a DMA engine, a link).
  int process(const std::string& name);
  int track(int pid, const std::string& name);
  void span(int pid, int tid, const std::string& name, Tick start, Tick end, const std::string& args_json = "");
  void instant(int pid, int tid, const std::string& name, Tick at, const std::string& args_json = "");
  void counter(int pid, const std::string& name, Tick at, double value);
  // Close the JSON document. Throws std::invalid_argument on a write error (disk full).
  void finish();
  uint64_t events() const { return events_; }

 private:
  void begin_event();
  std::ofstream out_;
  std::string path_;
  int next_pid_ = 1, next_tid_ = 1;
  uint64_t events_ = 0;
  bool finished_ = false;
};

// JSON string literal for s (quotes included).
std::string json_quote(const std::string& s);

}  // namespace pimnic
