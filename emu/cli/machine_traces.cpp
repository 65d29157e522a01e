#include "cli/machine_traces.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "linux/process.h"
#include "loader/elf_image.h"
#include "machine/multi_node_machine.h"

#if PIMNIC_WITH_TRACE
#include "trace/kanata_merge.h"
#include "trace/model_feed.h"
#include "trace/trace_error.h"
#include "trace/trace_setup.h"
#include "trace/trace_spec.h"
#endif

namespace pimnic::cli {

#if PIMNIC_WITH_TRACE
namespace {

// One file's sink shared by the tracers of several cores (the owner finishes it once).
class SharedSink final : public trace::TraceSink {
 public:
  explicit SharedSink(std::shared_ptr<trace::TraceSink> s) : s_(std::move(s)) {}
  void start(const Hart& h) override { s_->start(h); }
  void record(const trace::TraceRecord& r, const trace::InsnInfo& info, bool accepted) override {
    s_->describe_bit = describe_bit;  // (this tracer's bit in its own per-hart instruction cache)
    s_->record(r, info, accepted);
  }
  bool wants_rejected() const override { return s_->wants_rejected(); }
  trace::OutputStream* stream() override { return s_->stream(); }

 private:
  std::shared_ptr<trace::TraceSink> s_;
};

// A traced core: its tracer, which the core's runner drives (core_runner.h).
struct CoreTrace final : InstructionTracer {
  CoreTrace(NodeCore& c, unsigned index_in_node, const trace::TraceContext& ctx)
      : core(c), index(index_in_node), tracer(ctx) {}
  StopReason run(Hart& h, uint64_t budget, uint64_t until_cycle) override {
    try {
      return tracer.run(h, budget, index, until_cycle);
    } catch (const trace::TraceError& e) {
      throw std::invalid_argument(e.what());
    }
  }
  void observe(Hart& h, const ExecRecord& rec) override {
    try {
      tracer.observe(h, rec, index);
    } catch (const trace::TraceError& e) {
      throw std::invalid_argument(e.what());
    }
  }
  NodeCore& core;
  unsigned index;
  trace::Tracer tracer;
};

// "core=nic" names a slot; TraceFilter takes numbers only. Returns the spec without that option.
std::string take_core_name(const std::string& text, std::string& name) {
  const size_t colon = text.find(':');
  if (colon == std::string::npos) return text;
  std::string head = text.substr(0, colon), kept;
  size_t start = 0;
  for (;;) {
    const size_t comma = head.find(',', start);
    const std::string part = head.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (part.rfind("core=", 0) == 0 && part.size() > 5 && !std::isdigit(static_cast<unsigned char>(part[5])))
      name = part.substr(5);
    else
      kept += (kept.empty() ? "" : ",") + part;
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return kept + text.substr(colon);
}

std::string replace_core(std::string file, const std::string& core) {
  for (size_t p; (p = file.find("%c")) != std::string::npos;) file.replace(p, 2, core);
  return file;
}

}  // namespace

struct MachineTraces::Impl {
  MultiNodeMachine& m;
  std::vector<std::unique_ptr<CoreTrace>> traced;           // by core, null: untraced
  std::vector<std::shared_ptr<trace::TraceSink>> shared;    // files several cores write
  std::vector<trace::OutputStream*> streams;                // every file merged in time order
  std::vector<std::unique_ptr<trace::KanataWriter>> kanata;  // one core each
  std::vector<std::unique_ptr<trace::KanataMerge>> merged;   // several cores each
  std::vector<trace::KanataWriter*> kanata_of;               // by core (one-core logs)
  std::vector<trace::KanataMerge::Lane*> lane_of;            // by core (merged logs)

  explicit Impl(MultiNodeMachine& machine) : m(machine) {}
};

MachineTraces::MachineTraces(const RunOutputOptions& o, MultiNodeMachine& m, const std::vector<const ElfImage*>& image_of)
    : impl_(std::make_unique<Impl>(m)) {
  Impl& d = *impl_;
  const auto& cores = m.cores();
  d.traced.resize(cores.size());
  d.kanata_of.assign(cores.size(), nullptr);
  d.lane_of.assign(cores.size(), nullptr);
  // Where each core is in its node (host 0, then the NIC's cores), and which cores run: booted
  // ones and the other PIM cores of a NIC whose first PIM core booted (they run what it starts).
  std::vector<unsigned> index(cores.size());
  std::vector<bool> runs(cores.size());
  std::map<uint32_t, const ElfImage*> nic_image;
  for (size_t i = 0, k = 0; i < cores.size(); ++i) {
    k = i && cores[i]->node == cores[i - 1]->node ? k + 1 : 0;
    index[i] = unsigned(k);
    if (cores[i]->slot == CoreSlot::pim(0) && cores[i]->booted) nic_image[cores[i]->node] = image_of[i];
  }
  auto image = [&](size_t i) { return image_of[i] ? image_of[i] : nic_image.count(cores[i]->node) ? nic_image[cores[i]->node] : nullptr; };
  for (size_t i = 0; i < cores.size(); ++i)
    runs[i] = cores[i]->booted || (cores[i]->slot.is_pim() && nic_image.count(cores[i]->node));

  auto tracer_of = [&](size_t i) -> CoreTrace& {
    if (!d.traced[i]) {
      trace::TraceContext ctx;
      const ElfImage* img = image(i);
      if (const linux_user::LinuxProcess* p = m.process_of(*cores[i])) {  // pimnic mpirun's ranks
        img = &p->image();
        ctx.linux_user = true;
      }
      ctx.symbols = img ? &img->symbols : nullptr;
      ctx.node = uint16_t(cores[i]->node);
      d.traced[i] = std::make_unique<CoreTrace>(*cores[i], index[i], ctx);
      d.traced[i]->tracer.order_by_time();
    }
    return *d.traced[i];
  };
  auto use_lanes = [&](trace::TraceSink& sink) {
    if (trace::OutputStream* s = sink.stream()) {
      s->use_lanes([&sink](uint32_t lane, std::string& out) { sink.lane_prefix(lane, out); });
      d.streams.push_back(s);
    }
  };

  try {
    for (const std::string& text : o.traces) {
      if (trace_kind(text) == "perfetto") continue;  // the machine's timeline (RunOutput)
      std::string core_name;
      trace::TraceSpec spec = trace::parse_trace_spec(take_core_name(text, core_name));
      const trace::TraceFilter& f = spec.filter;
      std::vector<size_t> matched;
      for (size_t i = 0; i < cores.size(); ++i)
        if (runs[i] && (f.node < 0 || uint32_t(f.node) == cores[i]->node) &&
            (f.core < 0 || unsigned(f.core) == index[i]) && (core_name.empty() || core_name == cores[i]->slot.name()))
          matched.push_back(i);
      const bool per_core = spec.file.find("%c") != std::string::npos;
      if (spec.kind == "kanata") {  // the pipeline log of the timing models
        std::erase_if(matched, [&](size_t i) { return !cores[i]->timing.model || !cores[i]->timing.model->steps(); });
        if (matched.empty())
          throw std::invalid_argument("--trace " + text + ": no timed core matches (kanata needs --model inorder|ooo|pim)");
        if (per_core || matched.size() == 1) {
          for (size_t i : matched) {
            d.kanata.push_back(std::make_unique<trace::KanataWriter>(std::make_unique<trace::OutputStream>(
                output_path(o, replace_core(spec.file, cores[i]->name)), spec.compression)));
            cores[i]->timing.model->set_pipeline_log(d.kanata.back().get());
            d.kanata_of[i] = d.kanata.back().get();
          }
          continue;
        }
        Tick unit = kMaxTick;
        for (size_t i : matched) unit = std::min(unit, cores[i]->core->clock().period());
        d.merged.push_back(std::make_unique<trace::KanataMerge>(
            std::make_unique<trace::OutputStream>(output_path(o, spec.file), spec.compression), unit));
        unsigned first_thread = 0;
        for (size_t i : matched) {
          NodeCore* c = cores[i];
          auto& lane = d.merged.back()->add_lane(c->core->clock().period(), first_thread, c->name + " ",
                                                 [c] { return c->cycles(); });
          first_thread += unsigned(c->core->num_harts());
          c->timing.model->set_pipeline_log(&lane);
          d.lane_of[i] = &lane;
        }
        continue;
      }
      if (matched.empty())
        throw std::invalid_argument("--trace " + text + ": no core of the machine matches its node=/core= options");
      std::shared_ptr<trace::TraceSink> one;
      size_t added = 0;
      for (size_t i : matched) {
        trace::TraceFilter cf = f;
        cf.node = -1;  // (matched already; the record's core number is the core's index in its node)
        cf.core = -1;
        std::unique_ptr<trace::TraceSink> sink;
        if (per_core) {
          sink = trace::make_sink(spec, output_path(o, replace_core(spec.file, cores[i]->name)), image(i));
          use_lanes(*sink);  // (a PIM core's threads merge in time order too)
        } else {
          if (!one) {
            if (spec.kind == "qemu")
              for (size_t j : matched)
                if (image(j) != image(matched[0]))
                  throw std::invalid_argument("--trace " + text + ": the qemu format names symbols of one image; "
                                              "cores running different images need %c in the file name");
            one = trace::make_sink(spec, output_path(o, spec.file), image(i));
            use_lanes(*one);
            d.shared.push_back(one);
          }
          sink = std::make_unique<SharedSink>(one);
        }
        try {
          tracer_of(i).tracer.add(std::move(sink), cf);
          ++added;
        } catch (const trace::TraceError&) {
          if (cf.symbols.empty()) throw;  // sym= names a function this core's image lacks: not traced here
        }
      }
      if (!added) throw std::invalid_argument("--trace " + text + ": no traced core's image has the symbol it names");
    }
  } catch (const trace::TraceError& e) {
    throw std::invalid_argument(e.what());
  }
  if (o.disasm_check) throw std::invalid_argument("--disasm-check needs one core (run one image without --machine)");

  for (size_t i = 0; i < cores.size(); ++i) {
    if (!d.traced[i]) continue;
    CoreTrace& t = *d.traced[i];
    if (cores[i]->runner->traced_steps_need_timing())
      t.tracer.add(std::make_unique<trace::ModelFeed>(cores[i]->timing.model.get()), trace::TraceFilter{});
    cores[i]->runner->trace_with(&t);
  }
  // A marker goes with the record of the instruction that made it, and into the Kanata log.
  m.add_mark_listener([&d](NodeCore& c, const Hart& h, const TraceMark& mk) {
    const auto& all = d.m.cores();
    const size_t i = size_t(std::find(all.begin(), all.end(), &c) - all.begin());
    if (i >= all.size()) return;
    if (d.traced[i]) d.traced[i]->tracer.note_mark(h, mk);
    if (d.kanata_of[i]) d.kanata_of[i]->mark(h.cycles(), unsigned(h.index()), mk);
    if (d.lane_of[i]) d.lane_of[i]->mark(h.cycles(), unsigned(h.index()), mk);
  });
}

MachineTraces::~MachineTraces() = default;  // (the machine, which goes first, keeps pointers here)

bool MachineTraces::any() const {
  const Impl& d = *impl_;
  return !d.streams.empty() || !d.kanata.empty() || !d.merged.empty() ||
         std::any_of(d.traced.begin(), d.traced.end(), [](const auto& t) { return bool(t); });
}

void MachineTraces::after_turn() {
  Impl& d = *impl_;
  if (d.streams.empty() && d.merged.empty()) return;
  const Tick upto = d.m.safe_time();
  try {
    for (trace::OutputStream* s : d.streams) s->release(upto);
  } catch (const trace::TraceError& e) {
    throw std::invalid_argument(e.what());
  }
  for (auto& k : d.merged) k->settle(upto);
}

void MachineTraces::finish() {
  Impl& d = *impl_;
  try {
    for (auto& t : d.traced)
      if (t) t->tracer.finish();  // (its own sinks; the shared ones below)
    for (auto& s : d.shared) s->finish();
    for (auto& k : d.kanata) k->finish();
    for (auto& k : d.merged) k->finish();
  } catch (const trace::TraceError& e) {
    throw std::invalid_argument(e.what());
  }
}

#else  // no trace support: the machine runs untraced

struct MachineTraces::Impl {};
MachineTraces::MachineTraces(const RunOutputOptions& o, MultiNodeMachine&, const std::vector<const ElfImage*>&) {
  for (const std::string& t : o.traces)
    if (trace_kind(t) != "perfetto")
      throw std::invalid_argument("this pimnic was built without instruction traces (PIMNIC_TRACE=OFF)");
}
MachineTraces::~MachineTraces() = default;
bool MachineTraces::any() const { return false; }
void MachineTraces::after_turn() {}
void MachineTraces::finish() {}

#endif

}  // namespace pimnic::cli
