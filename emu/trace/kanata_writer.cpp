#include "trace/kanata_writer.h"

#include <algorithm>
#include <cstdio>

namespace pimnic::trace {

KanataWriter::KanataWriter(std::unique_ptr<OutputStream> out) : out_(std::move(out)) {
  out_->put("Kanata\t0004\n");
}

uint64_t KanataWriter::begin(uint64_t cycle, unsigned thread, uint32_t pc, const char* text) {
  uint64_t id = next_id_++;
  char head[24] = "";
  if (pc) std::snprintf(head, sizeof head, "%08x: ", pc);
  push({cycle, next_seq_++, id, Kind::Begin, false, thread, nullptr, std::string(head) + text});
  last_note_id_ = id;
  last_note_cycle_ = cycle;
  return id;
}

void KanataWriter::stage(uint64_t id, uint64_t cycle, const char* stage) {
  push({cycle, next_seq_++, id, Kind::Stage, false, 0, stage, {}});
}

void KanataWriter::note(uint64_t id, const char* text) {
  // Shown on hover; placed at the instruction's first cycle (the model may not settle past it).
  uint64_t at = id == last_note_id_ ? last_note_cycle_ : cycle_;
  push({at, next_seq_++, id, Kind::Note, false, 0, nullptr, text});
}

void KanataWriter::end(uint64_t id, uint64_t cycle, bool flushed) {
  push({cycle, next_seq_++, id, Kind::End, flushed, 0, nullptr, {}});
}

void KanataWriter::mark(uint64_t cycle, unsigned thread, const TraceMark& m) {
  cycle = std::max(cycle, cycle_);  // (never before what is written already)
  std::string text = std::string(trace_mark_kind(m.kind)) + ": " + m.label;
  if (m.has_value) text += " = " + std::to_string(m.value);
  for (char& c : text)
    if (static_cast<unsigned char>(c) < ' ') c = '?';  // (tabs and newlines separate Kanata's fields)
  const uint64_t id = begin(cycle, thread, 0, text.c_str());
  stage(id, cycle, "mark");
  end(id, cycle + 1, true);
}

// pending_ is a heap, earliest (cycle, seq) on top: a settle that writes nothing costs one look,
// however many events of a merged log's other cores wait.
void KanataWriter::push(Event&& e) {
  pending_.push_back(std::move(e));
  std::push_heap(pending_.begin(), pending_.end(), later);
}

void KanataWriter::settle(uint64_t cycle) {
  while (!pending_.empty() && pending_.front().cycle < cycle) {
    std::pop_heap(pending_.begin(), pending_.end(), later);
    write(pending_.back());
    pending_.pop_back();
  }
}

void KanataWriter::finish() {
  settle(~0ull);
  out_->finish();
}

void KanataWriter::goto_cycle(uint64_t c) {
  char buf[48];
  if (!started_) {
    std::snprintf(buf, sizeof buf, "C=\t%llu\n", (unsigned long long)c);
    started_ = true;
  } else if (c > cycle_) {
    std::snprintf(buf, sizeof buf, "C\t%llu\n", (unsigned long long)(c - cycle_));
  } else {
    return;
  }
  cycle_ = c;
  out_->put(buf);
}

void KanataWriter::write(const Event& e) {
  goto_cycle(e.cycle);
  char buf[96];
  if (e.kind == Kind::Begin) {
    uint64_t fid = next_file_id_++;
    live_[e.id] = Live{fid, nullptr};
    std::snprintf(buf, sizeof buf, "I\t%llu\t%llu\t%u\n", (unsigned long long)fid, (unsigned long long)e.id, e.thread);
    out_->put(buf);
    std::snprintf(buf, sizeof buf, "L\t%llu\t0\t", (unsigned long long)fid);
    out_->put(buf);
    out_->put(e.text);
    out_->put("\n");
    return;
  }
  auto it = live_.find(e.id);
  if (it == live_.end()) return;  // ended already (a late note)
  Live& l = it->second;
  unsigned long long fid = l.file_id;
  switch (e.kind) {
    case Kind::Stage:
      if (l.stage) {
        std::snprintf(buf, sizeof buf, "E\t%llu\t0\t%s\n", fid, l.stage);
        out_->put(buf);
      }
      l.stage = e.stage;
      std::snprintf(buf, sizeof buf, "S\t%llu\t0\t%s\n", fid, e.stage);
      out_->put(buf);
      break;
    case Kind::Note:
      std::snprintf(buf, sizeof buf, "L\t%llu\t1\t", fid);
      out_->put(buf);
      out_->put(e.text);
      out_->put("\n");
      break;
    case Kind::End:
      if (l.stage) {
        std::snprintf(buf, sizeof buf, "E\t%llu\t0\t%s\n", fid, l.stage);
        out_->put(buf);
      }
      std::snprintf(buf, sizeof buf, "R\t%llu\t%llu\t%d\n", fid, (unsigned long long)(e.flag ? 0 : next_retire_++),
                    e.flag ? 1 : 0);
      out_->put(buf);
      live_.erase(it);
      break;
    case Kind::Begin:
      break;
  }
}

}  // namespace pimnic::trace
