#include "sim/timeline.h"

#include <cstdio>
#include <stdexcept>

namespace pimnic {

namespace {
// Microseconds with six decimals: exact picoseconds.
std::string micros(Tick t) {
  char b[32];
  std::snprintf(b, sizeof b, "%llu.%06llu", (unsigned long long)(t / 1000000), (unsigned long long)(t % 1000000));
  return b;
}
}  // namespace

std::string json_quote(const std::string& s) {
  std::string r = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') r += '\\', r += c;
    else if (uint8_t(c) < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", unsigned(uint8_t(c)));
      r += b;
    } else r += c;
  }
  return r + "\"";
}

Timeline::Timeline(const std::string& path) : out_(path), path_(path) {
  if (!out_) throw std::invalid_argument("cannot write the timeline " + path);
  out_ << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[";
}

Timeline::~Timeline() {
  if (!finished_) try {
      finish();
    } catch (...) {
    }
}

void Timeline::begin_event() { out_ << (events_++ ? ",\n" : "\n"); }

int Timeline::process(const std::string& name) {
  const int pid = next_pid_++;
  begin_event();
  out_ << "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" << pid << ",\"args\":{\"name\":" << json_quote(name) << "}}";
  begin_event();
  out_ << "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":" << pid << ",\"args\":{\"sort_index\":" << pid << "}}";
  return pid;
}

int Timeline::track(int pid, const std::string& name) {
  const int tid = next_tid_++;
  begin_event();
  out_ << "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" << pid << ",\"tid\":" << tid << ",\"args\":{\"name\":"
       << json_quote(name) << "}}";
  begin_event();
  out_ << "{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":" << pid << ",\"tid\":" << tid
       << ",\"args\":{\"sort_index\":" << tid << "}}";
  return tid;
}

void Timeline::span(int pid, int tid, const std::string& name, Tick start, Tick end, const std::string& args_json) {
  begin_event();
  out_ << "{\"ph\":\"X\",\"name\":" << json_quote(name) << ",\"pid\":" << pid << ",\"tid\":" << tid
       << ",\"ts\":" << micros(start) << ",\"dur\":" << micros(end > start ? end - start : 0);
  if (!args_json.empty()) out_ << ",\"args\":" << args_json;
  out_ << "}";
}

void Timeline::instant(int pid, int tid, const std::string& name, Tick at, const std::string& args_json) {
  begin_event();
  out_ << "{\"ph\":\"i\",\"s\":\"t\",\"name\":" << json_quote(name) << ",\"pid\":" << pid << ",\"tid\":" << tid
       << ",\"ts\":" << micros(at);
  if (!args_json.empty()) out_ << ",\"args\":" << args_json;
  out_ << "}";
}

void Timeline::counter(int pid, const std::string& name, Tick at, double value) {
  begin_event();
  out_ << "{\"ph\":\"C\",\"name\":" << json_quote(name) << ",\"pid\":" << pid << ",\"ts\":" << micros(at)
       << ",\"args\":{\"value\":" << value << "}}";
}

void Timeline::finish() {
  if (finished_) return;
  finished_ = true;
  out_ << "\n]}\n";
  out_.flush();
  if (!out_) throw std::invalid_argument("cannot write the timeline " + path_ + " (disk full?)");
}

}  // namespace pimnic
