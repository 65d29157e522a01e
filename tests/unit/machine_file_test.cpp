// Machine descriptions (emu/machine/machine_file.h, docs/machine-files.md): presets from the seeds
// apply to the machine's parameters and validate; machine files with nested and dotted keys and
// images load; every bad file gives one line naming the key; random mutations of a valid file
// either load or give such a line.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <unistd.h>

#include "machine/machine_builder.h"
#include "machine/machine_config.h"
#include "machine/machine_file.h"
#include "machine/node_kinds.h"
#include "sim/params.h"
#include "timing/timing_config.h"

using namespace pimnic;
namespace fs = std::filesystem;

namespace {

// A scratch directory with an application and a firmware image.
struct TempDir {
  fs::path dir;
  TempDir() {
    static int n = 0;
    dir = fs::temp_directory_path() / ("pimnic_machine_file_test_" + std::to_string(::getpid()) + "_" + std::to_string(n++));
    fs::create_directories(dir / "fw");
    write("app.elf", "\x7f" "ELF");
    write("fw/nic.elf", "\x7f" "ELF");
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
    return (dir / name).string();
  }
};

// The machine's registry, as `pimnic run --machine` builds it.
struct Machine {
  MachineConfig cfg;
  ParamRegistry params;
  Machine() { cfg.declare(params); }
};

// The one-line message a bad machine file gives (empty if it loads).
std::string file_error(const TempDir& t, const std::string& text) {
  Machine m;
  try {
    read_machine_file(t.write("m.json", text), m.params);
  } catch (const std::invalid_argument& e) {
    std::string msg = e.what();
    CHECK(msg.find('\n') == std::string::npos);
    return msg;
  }
  return "";
}

// Load, apply and validate; the message of whatever fails (empty if all pass).
std::string validate_error(const TempDir& t, const std::string& text) {
  Machine m;
  try {
    MachineDescription d = read_machine_file(t.write("m.json", text), m.params);
    apply_machine(m.params, d);
    m.cfg.validate();
  } catch (const std::invalid_argument& e) {
    std::string msg = e.what();
    CHECK(msg.find('\n') == std::string::npos);
    return msg;
  }
  return "";
}

std::string images_error(const TempDir& t, const std::string& text, uint32_t nodes, const std::string& nic,
                         bool host_core = true) {
  Machine m;
  try {
    MachineDescription d = read_machine_file(t.write("m.json", text), m.params);
    check_images(d, nodes, *nic_hardware_named(nic), 2, host_core);
  } catch (const std::invalid_argument& e) {
    std::string msg = e.what();
    CHECK(msg.find('\n') == std::string::npos);
    return msg;
  }
  return "";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

CoreSlot slot(const char* name) { return *CoreSlot::named(name); }

}  // namespace

TEST_CASE("machine presets apply to the machine's parameters and validate") {
  for (const std::string& name : machine_preset_names()) {
    CAPTURE(name);
    Machine m;
    MachineDescription d = machine_preset(name);
    CHECK(d.source == "preset " + name);
    REQUIRE_NOTHROW(apply_machine(m.params, d));
    REQUIRE_NOTHROW(m.cfg.validate());
    // The per-role timing presets the machine preset names apply under it without conflict, as a
    // run layers them (machine/machine_builder.h).
    MachineBuilder b(name);
    REQUIRE_NOTHROW(b.configure({}));
    REQUIRE_NOTHROW(b.validate());
  }

  Machine conv;
  apply_machine(conv.params, machine_preset("table1-conv"));
  CHECK(conv.cfg.nodes == 2);
  CHECK(conv.cfg.nic == "conv");
  CHECK(conv.cfg.host.timing.model == "ooo");
  CHECK(conv.cfg.host.timing.preset == "host");
  CHECK(conv.cfg.host.clock_hz == 2e9);
  CHECK(conv.cfg.nic_core.timing.model == "ooo");
  CHECK(conv.cfg.nic_core.timing.preset == "nic-conv");
  CHECK(conv.cfg.nic_core.clock_hz == 500e6);
  CHECK(conv.cfg.nic_bus_ns == 20);
  CHECK(conv.cfg.sram_size == 384 * 1024);
  CHECK(conv.cfg.link_latency_ns == 200);
  CHECK(conv.cfg.link_bandwidth == 3e9);

  Machine pim;
  apply_machine(pim.params, machine_preset("table1-pim"));
  CHECK(pim.cfg.nic == "pim");
  CHECK(pim.cfg.pim_cores == 2);
  CHECK(pim.cfg.pim.clock_hz == 500e6);
  CHECK(pim.cfg.pim.timing.preset == "pim");
  CHECK(pim.cfg.link_latency_ns == 200);

  Machine myri;
  apply_machine(myri.params, machine_preset("myrinet16"));
  CHECK(myri.cfg.nodes == 16);
  CHECK(myri.cfg.nic_core.clock_hz == 133e6);
  CHECK(myri.cfg.sram_size == 2u << 20);
  CHECK(myri.cfg.link_bandwidth == 250e6);
  CHECK(myri.cfg.dma.bandwidth == 528e6);
  CHECK(myri.cfg.host.clock_hz == 700e6);

  Machine portals;
  apply_machine(portals.params, machine_preset("portals-myrinet"));
  CHECK(portals.cfg.nodes == 2);
  CHECK(portals.cfg.host.clock_hz == 617e6);
  CHECK(portals.cfg.host_ram == 256u << 20);

  // copy.channels is set where the copy engine has declared it and skipped where it has not.
  Machine copy;
  apply_machine(copy.params, machine_preset("copy-host"));
  CHECK(copy.cfg.nodes == 1);
  CHECK(copy.cfg.nic == "none");
  CHECK(copy.cfg.host.clock_hz == 3.46e9);
  CHECK(copy.cfg.host.timing.mem.l2.size == 2u << 20);
  if (copy.params.has("copy.channels"))
    for (const ParamRegistry::Info& i : copy.params.list())
      if (i.name == "copy.channels") CHECK(i.value == "4");
  {
    ParamRegistry bare;
    uint32_t nodes = 0;
    bare.declare("machine.nodes", nodes, 2, "nodes");
    MachineDescription d{{{"machine.nodes", "1"}, {"copy.channels", "4"}}, {}, "test", {"copy.channels"}};
    CHECK_NOTHROW(apply_machine(bare, d));
    CHECK(nodes == 1);
    d.optional.clear();
    CHECK_THROWS_WITH_AS(apply_machine(bare, d), "test: unknown parameter 'copy.channels' (see --list-params)", ParamError);
    uint32_t channels = 0;
    bare.declare("copy.channels", channels, 1, "copy engine channels");
    d.optional = {"copy.channels"};
    apply_machine(bare, d);
    CHECK(channels == 4);
  }

  CHECK(machine_preset("default").settings == machine_preset("table1-conv").settings);
  CHECK(machine_preset("nic-pim").settings == machine_preset("table1-pim").settings);
  std::string desc = describe_presets();
  for (const std::string& name : machine_preset_names()) CHECK(contains(desc, name));
  CHECK(std::count(desc.begin(), desc.end(), '\n') == long(machine_preset_names().size()));

  try {
    machine_preset("table2");
    FAIL("no error");
  } catch (const std::invalid_argument& e) {
    CHECK(contains(e.what(), "table2"));
    CHECK(contains(e.what(), "table1-conv, table1-pim, myrinet16, portals-myrinet, copy-host, all-pim-lite, nic-pim, default"));
  }
}

TEST_CASE("a machine file with a preset, nested and dotted keys and images") {
  TempDir t;
  Machine m;
  const std::string path = t.write("m.json", R"({
    "comment": "four PIM nodes with faster links",
    "preset": "table1-pim",
    "params": {
      "machine": {"nodes": 4},
      "net.link_latency_ns": 150.5,
      "net": {"link_bandwidth": 6e9, "port": {"rx_fifo_packets": "2k"}},
      "host": {"mem.l1d.size": "32KiB", "core": {"model": "inorder", "clock_hz": 3000000000}},
      "pim.cores": 2.0,
      "dma.bandwidth": 5000000000
    },
    "images": {"n*.host": "app.elf", "n*.nic": "fw/nic.elf", "n1.pim1": ")" + (t.dir / "app.elf").string() + R"("}
  })");
  MachineDescription d = read_machine_file(path, m.params);
  CHECK(d.source == path);
  const size_t base = machine_preset("table1-pim").settings.size();
  REQUIRE(d.settings.size() == base + 9);
  // The preset first, then the file's assignments in the file's order.
  CHECK(d.settings[base + 0] == std::pair<std::string, std::string>{"machine.nodes", "4"});
  CHECK(d.settings[base + 1] == std::pair<std::string, std::string>{"net.link_latency_ns", "150.5"});
  CHECK(d.settings[base + 3] == std::pair<std::string, std::string>{"net.port.rx_fifo_packets", "2000"});
  CHECK(d.settings[base + 4] == std::pair<std::string, std::string>{"host.mem.l1d.size", "32768"});
  CHECK(d.settings[base + 7] == std::pair<std::string, std::string>{"pim.cores", "2"});
  REQUIRE(d.images.size() == 3);
  CHECK(d.images[0].pattern == "n*.host");
  CHECK(fs::path(d.images[0].path) == t.dir / "app.elf");  // relative to the file's directory
  CHECK(fs::path(d.images[1].path) == t.dir / "fw/nic.elf");
  CHECK(fs::path(d.images[2].path) == t.dir / "app.elf");

  apply_machine(m.params, d);
  CHECK_NOTHROW(m.cfg.validate());
  CHECK(m.cfg.nodes == 4);
  CHECK(m.cfg.nic == "pim");
  CHECK(m.cfg.link_latency_ns == 150.5);
  CHECK(m.cfg.link_bandwidth == 6e9);
  CHECK(m.cfg.port.rx_fifo_packets == 2000);
  CHECK(m.cfg.host.timing.mem.l1d.size == 32768);
  CHECK(m.cfg.host.timing.model == "inorder");
  CHECK(m.cfg.host.clock_hz == 3e9);
  CHECK(m.cfg.dma.bandwidth == 5e9);
  CHECK_NOTHROW(check_images(d, m.cfg.nodes, m.cfg.nic_hardware(), m.cfg.pim_cores));

  CHECK(image_for(d.images, 3, slot("host")) == d.images[0].path);
  CHECK(image_for(d.images, 0, slot("nic")) == d.images[1].path);
  CHECK(image_for(d.images, 0, slot("pim1")) == d.images[1].path);  // n*.nic names the PIM cores' shared image
  CHECK(image_for(d.images, 1, slot("pim0")) == d.images[1].path);
  CHECK(image_for(d.images, 1, slot("pim1")) == d.images[2].path);  // the later, more specific entry

  // load_machine takes the same file by path, and presets by name.
  CHECK(load_machine(path, m.params).settings == d.settings);
  CHECK(load_machine("myrinet16", m.params).source == "preset myrinet16");
  CHECK_THROWS_WITH_AS(load_machine("no-such-machine", m.params), doctest::Contains("unknown machine preset 'no-such-machine'"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(load_machine("missing.json", m.params), doctest::Contains("missing.json: cannot read"),
                       std::invalid_argument);

  // An empty file body is a machine with nothing changed.
  CHECK(read_machine_file(t.write("empty.json", "{}"), m.params).settings.empty());
}

TEST_CASE("bad machine files give one line naming the key") {
  TempDir t;
  const std::string f = (t.dir / "m.json").string() + ": ";

  // Keys.
  std::string e = file_error(t, R"({"params": {"net": {"link_latency": 5}}})");
  CHECK(contains(e, f + "params.net.link_latency: unknown parameter (closest: net.link_latency_ns"));
  e = file_error(t, R"({"params": {"host.mem.l1d.sise": 5}})");
  CHECK(contains(e, f + "params.host.mem.l1d.sise: unknown parameter (closest: host.mem.l1d.size"));
  CHECK(file_error(t, R"({"params": {"bogus": {"x": 1}}})").rfind(f + "params.bogus: unknown parameter", 0) == 0);
  CHECK(file_error(t, R"({"params": {"net": 200}})") ==
        f + "params.net: must be an object: it names a group of parameters (net.*)");
  CHECK(file_error(t, R"({"paramz": {}})") == f + "paramz: unknown key (a machine file has preset, params, images and comment)");
  CHECK(file_error(t, R"({"params": [1, 2]})") == f + "params: must be an object of parameter names and values");
  CHECK(file_error(t, R"({"params": 3})") == f + "params: must be an object of parameter names and values");
  CHECK(contains(file_error(t, R"([1])"), f + "the top level must be a JSON object"));
  CHECK(contains(file_error(t, R"({"preset": "table9"})"), f + "preset: unknown machine preset 'table9'"));
  CHECK(file_error(t, R"({"preset": 1})") == f + "preset: must be a string naming a preset");
  CHECK(file_error(t, R"({"params": {"net": {"link_latency_ns": 1}, "net.link_latency_ns": 2}})") ==
        f + "params.net.link_latency_ns: given twice");
  CHECK(file_error(t, R"({"params": {"net": {"link_latency_ns": 1, "link_latency_ns": 2}}})") ==
        f + "params.net.link_latency_ns: given twice");

  // Types and ranges.
  CHECK(file_error(t, R"({"params": {"net.link_latency_ns": "fast"}})") == f + "params.net.link_latency_ns: must be a number");
  CHECK(file_error(t, R"({"params": {"net": {"link_latency_ns": true}}})") == f + "params.net.link_latency_ns: must be a number");
  CHECK(file_error(t, R"({"params": {"net": {"link_latency_ns": {"a": 1}}}})") == f + "params.net.link_latency_ns: must be a number");
  CHECK(file_error(t, R"({"params": {"machine.nodes": 2.5}})") == f + "params.machine.nodes: must be an integer");
  CHECK(file_error(t, R"({"params": {"machine.nodes": -1}})") == f + "params.machine.nodes: must not be negative");
  CHECK(file_error(t, R"({"params": {"machine.nodes": 5000000000}})") ==
        f + "params.machine.nodes: is out of range (5000000000)");
  CHECK(contains(file_error(t, R"({"params": {"machine.nodes": "many"}})"), f + "params.machine.nodes: must be a non-negative integer"));
  CHECK(file_error(t, R"({"params": {"machine.nodes": null}})") == f + "params.machine.nodes: must be a non-negative integer");
  CHECK(file_error(t, R"({"params": {"machine.nic": "fancy"}})") ==
        f + "params.machine.nic: must be one of conv, pim, none (got 'fancy')");
  CHECK(file_error(t, R"({"params": {"machine.nic": 1}})") == f + "params.machine.nic: must be one of conv, pim, none");
  CHECK(file_error(t, R"({"params": {"host.mem.l1d.write_back": "yes"}})") ==
        f + "params.host.mem.l1d.write_back: must be true or false");

  // Values the loader accepts but the machine cannot be built with: MachineConfig::validate names the key.
  CHECK(file_error(t, R"({"params": {"net.link_latency_ns": -5}})") == "");
  CHECK(validate_error(t, R"({"params": {"net.link_latency_ns": -5}})") == "net.link_latency_ns must be greater than 0");
  CHECK(validate_error(t, R"({"params": {"net": {"link_latency_ns": 0}}})") == "net.link_latency_ns must be greater than 0");
  CHECK(validate_error(t, R"({"params": {"net": {"link_bandwidth": 0}}})") == "net.link_bandwidth must be greater than 0");
  CHECK(validate_error(t, R"({"params": {"dma.bandwidth": -3e9}})") == "dma.bandwidth must be greater than 0");
  CHECK(validate_error(t, R"({"params": {"machine.nodes": 0}})") == "machine.nodes must be between 1 and 65536");

  // Images.
  CHECK(file_error(t, R"({"images": {"n*.host": "nope.elf"}})") ==
        f + "images.n*.host: no such file '" + (t.dir / "nope.elf").string() + "'");
  CHECK(contains(file_error(t, R"({"images": {"n*.host": "fw"}})"), f + "images.n*.host: '" + (t.dir / "fw").string() + "' is a directory"));
  CHECK(file_error(t, R"({"images": {"n*.host": 3}})") == f + "images.n*.host: must be a file name");
  CHECK(contains(file_error(t, R"({"images": {"x*.host": "app.elf"}})"), f + "images.x*.host: expected n<node>.<core>"));
  CHECK(contains(file_error(t, R"({"images": {"n*.gpu": "app.elf"}})"), f + "images.n*.gpu: core 'gpu' is not host, nic, pimK or pim*"));
  CHECK(contains(file_error(t, R"({"images": {"n5-2.host": "app.elf"}})"), f + "images.n5-2.host: node range 5-2 runs backwards"));
  CHECK(file_error(t, R"({"images": ["app.elf"]})").rfind(f + "images: must be an object", 0) == 0);
  CHECK(images_error(t, R"({"images": {"n5.host": "app.elf"}})", 2, "conv") ==
        f + "images.n5.host: node 5 is not in the machine (machine.nodes=2: n0-1)");
  CHECK(images_error(t, R"({"images": {"n0-2.nic": "app.elf"}})", 2, "conv") ==
        f + "images.n0-2.nic: node 2 is not in the machine (machine.nodes=2: n0-1)");
  CHECK(images_error(t, R"({"images": {"n0.pim1": "app.elf"}})", 2, "conv") ==
        f + "images.n0.pim1: PIM cores need machine.nic=pim; this machine's NIC is conv (use nN.nic for its core)");
  CHECK(contains(images_error(t, R"({"images": {"n*.pim*": "app.elf"}})", 2, "conv"), f + "images.n*.pim*: PIM cores need machine.nic=pim"));
  CHECK(images_error(t, R"({"images": {"n0.pim2": "app.elf"}})", 2, "pim") == f + "images.n0.pim2: pim2 is not on the NIC (pim.cores=2)");
  CHECK(contains(images_error(t, R"({"images": {"n0.nic": "app.elf"}})", 1, "none"), f + "images.n0.nic: the nodes have no NIC"));
  CHECK(images_error(t, R"({"images": {"n1.pim1": "app.elf", "n*.host": "app.elf"}})", 2, "pim") == "");
  // All-PIM nodes (machine.host_core=false): the NIC's images only.
  CHECK(images_error(t, R"({"images": {"n*.nic": "app.elf"}})", 2, "pim", false) == "");
  CHECK(images_error(t, R"({"images": {"n0.host": "app.elf"}})", 2, "pim", false) ==
        f + "images.n0.host: the nodes have no host core (machine.host_core=false)");

  // Malformed JSON: the parser's line and column.
  e = file_error(t, "{\n  \"params\": {\n    \"machine.nodes\": 2,\n  }\n}\n");
  CHECK(e.rfind(f + "malformed JSON: parse error at line 4, column 3", 0) == 0);
  CHECK(contains(file_error(t, ""), f + "malformed JSON: parse error at line 1, column 1"));
  CHECK(contains(file_error(t, "{\"params\": {\"a\n\": 1}}"), f + "malformed JSON: parse error at line"));
  CHECK(contains(file_error(t, R"({"params": {"net.link_latency_ns": 1e999}})"), f + "malformed JSON:"));

  // The file itself.
  Machine m;
  CHECK_THROWS_WITH_AS(read_machine_file((t.dir / "none.json").string(), m.params),
                       doctest::Contains("none.json: cannot read the machine file: No such file or directory"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(read_machine_file(t.dir.string(), m.params), doctest::Contains("is a directory"), std::invalid_argument);
}

TEST_CASE("image options and patterns") {
  ImageSpec s = parse_image_option("n*.host=app.elf");
  CHECK(s.pattern == "n*.host");
  CHECK(s.path == "app.elf");
  CHECK(parse_image_option("n2-5.pim*=a=b.elf").path == "a=b.elf");
  for (const char* bad : {"app.elf", "=app.elf", "n*.host=", "n*=a", "n.host=a", "nx.host=a", "n1-.host=a", "n*.pim=a",
                          "n*.pimx=a", "n*.*=a", "N1.host=a", "n 1.host=a", "n1.host.x=a"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(parse_image_option(bad), std::invalid_argument);
  }

  CHECK(image_pattern_matches("n*.host", 7, slot("host")));
  CHECK_FALSE(image_pattern_matches("n*.host", 7, slot("nic")));
  CHECK(image_pattern_matches("n0.nic", 0, slot("nic")));
  CHECK_FALSE(image_pattern_matches("n0.nic", 1, slot("nic")));
  CHECK_FALSE(image_pattern_matches("n0.nic", 0, slot("pim0")));  // the alias is image_for's
  CHECK(image_pattern_matches("n1.pim1", 1, slot("pim1")));
  CHECK_FALSE(image_pattern_matches("n1.pim1", 1, slot("pim0")));
  CHECK(image_pattern_matches("n2-5.host", 2, slot("host")));
  CHECK(image_pattern_matches("n2-5.host", 5, slot("host")));
  CHECK_FALSE(image_pattern_matches("n2-5.host", 6, slot("host")));
  CHECK_FALSE(image_pattern_matches("n2-5.host", 1, slot("host")));
  CHECK(image_pattern_matches("n*.pim*", 3, slot("pim0")));
  CHECK(image_pattern_matches("n*.pim*", 3, slot("pim1")));
  CHECK_FALSE(image_pattern_matches("n*.pim*", 3, slot("nic")));
  CHECK_FALSE(image_pattern_matches("garbage", 0, slot("host")));

  std::vector<ImageSpec> specs = {{"n*.host", "app"}, {"n*.nic", "fw"}, {"n0.pim1", "special"}, {"n3.host", "other"}};
  CHECK(image_for(specs, 0, slot("host")) == "app");
  CHECK(image_for(specs, 3, slot("host")) == "other");
  CHECK(image_for(specs, 1, slot("nic")) == "fw");
  CHECK(image_for(specs, 1, slot("pim1")) == "fw");
  CHECK(image_for(specs, 0, slot("pim1")) == "special");
  CHECK(image_for(specs, 0, slot("pim0")) == "fw");
  specs.push_back({"n*.nic", "fw2"});  // later entries win
  CHECK(image_for(specs, 0, slot("pim1")) == "fw2");
  CHECK_FALSE(image_for({{"n1.host", "a"}}, 0, slot("host")).has_value());
  CHECK_FALSE(image_for({}, 0, slot("host")).has_value());

  // --image specs go through check_images as well.
  TempDir t;
  MachineDescription d = machine_preset("table1-conv");
  d.images.push_back(parse_image_option("n*.host=" + (t.dir / "app.elf").string()));
  CHECK_NOTHROW(check_images(d, 2, NicHardware::Conv));
  d.images.push_back(parse_image_option("n1.nic=" + (t.dir / "gone.elf").string()));
  CHECK_THROWS_WITH_AS(check_images(d, 2, NicHardware::Conv),
                       ("preset table1-conv: images.n1.nic: no such file '" + (t.dir / "gone.elf").string() + "'").c_str(),
                       std::invalid_argument);
}

TEST_CASE("random mutations of a machine file load or give one line") {
  TempDir t;
  const std::string valid = R"({
  "preset": "table1-pim",
  "comment": "fuzz base",
  "params": {
    "machine": {"nodes": 4, "nic": "pim"},
    "net.link_latency_ns": 150,
    "net": {"link_bandwidth": 3e9, "port": {"rx_fifo_packets": 64}},
    "host": {"mem": {"l1d": {"size": "32KiB", "write_back": true}}, "core.model": "inorder"},
    "pim.cores": 2,
    "dma.setup_ns": 100.5
  },
  "images": {"n*.host": "app.elf", "n*.nic": "fw/nic.elf", "n1.pim1": "app.elf"}
})";
  {
    Machine m;
    MachineDescription d = parse_machine_text(valid, "fuzz.json", t.dir.string(), m.params);
    apply_machine(m.params, d);
    m.cfg.validate();
    check_images(d, m.cfg.nodes, m.cfg.nic_hardware(), m.cfg.pim_cores);
  }

  std::mt19937_64 rng(20240611);
  auto pick = [&](size_t n) { return size_t(rng() % n); };
  const std::vector<std::string> strings = {"", "x", "conv", "pim", "none", "64KiB", "0x10", "-1", "1e3", "ooo",
                                            "app.elf", "n*.host", "\n", "\xff\xfe", "table1-conv", "host"};
  auto random_value = [&]() -> nlohmann::ordered_json {
    switch (pick(10)) {
      case 0: return nullptr;
      case 1: return bool(rng() & 1);
      case 2: return int64_t(rng()) >> pick(64);
      case 3: return uint64_t(rng()) >> pick(64);
      case 4: return std::ldexp(double(int64_t(rng())) / 9.2e18, int(pick(80)) - 40);
      case 5: return strings[pick(strings.size())];
      case 6: return nlohmann::ordered_json::array({1, "a"});
      case 7: return nlohmann::ordered_json::object();
      case 8: return nlohmann::ordered_json{{"size", 1}};
      default: return -0.0;
    }
  };
  // Every value slot in a document, as JSON pointers.
  auto leaves = [](const nlohmann::ordered_json& j) {
    std::vector<nlohmann::ordered_json::json_pointer> out;
    auto walk = [&](auto& self, const nlohmann::ordered_json& v, const nlohmann::ordered_json::json_pointer& at) -> void {
      out.push_back(at);
      if (v.is_object())
        for (const auto& [k, c] : v.items()) self(self, c, at / k);
    };
    walk(walk, j, nlohmann::ordered_json::json_pointer());
    return out;
  };

  int loaded = 0, rejected = 0;
  const auto base = nlohmann::ordered_json::parse(valid);
  for (int iter = 0; iter < 4000; ++iter) {
    std::string text;
    if (iter % 2 == 0) {
      // Structural: delete, replace, retype or rename a few slots.
      nlohmann::ordered_json doc = base;
      for (size_t n = 1 + pick(3); n > 0; --n) {
        auto slots = leaves(doc);
        auto at = slots[pick(slots.size())];
        if (at.empty()) continue;
        auto parent = at.parent_pointer();
        std::string key = at.back();
        switch (pick(4)) {
          case 0: doc[parent].erase(key); break;
          case 1: doc[at] = random_value(); break;
          case 2: {  // rename the key
            nlohmann::ordered_json v = doc[at];
            doc[parent].erase(key);
            std::string k2 = key;
            if (k2.empty() || pick(2)) k2 += char(32 + pick(95));
            else k2[pick(k2.size())] = char(32 + pick(95));
            doc[parent][k2] = v;
            break;
          }
          default: doc[parent][strings[pick(strings.size())]] = random_value(); break;
        }
      }
      text = doc.dump(pick(2) ? -1 : 2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    } else {
      // Bytes: replace, insert or delete a few.
      text = valid;
      for (size_t n = 1 + pick(4); n > 0; --n) {
        size_t pos = pick(text.size() + 1);
        char c = char(rng() & 0xff);
        switch (pick(3)) {
          case 0: if (pos < text.size()) text[pos] = c; break;
          case 1: text.insert(pos, 1, c); break;
          default: if (pos < text.size()) text.erase(pos, 1 + pick(4)); break;
        }
      }
    }
    CAPTURE(text);
    Machine m;
    try {
      MachineDescription d = parse_machine_text(text, "fuzz.json", t.dir.string(), m.params);
      apply_machine(m.params, d);
      m.cfg.validate();
      check_images(d, m.cfg.nodes, m.cfg.nic_hardware(), m.cfg.pim_cores);
      ++loaded;
    } catch (const std::invalid_argument& e) {
      std::string msg = e.what();
      CHECK_FALSE(msg.empty());
      CHECK(msg.find('\n') == std::string::npos);
      CHECK(msg.find('\r') == std::string::npos);
      ++rejected;
    } catch (const std::exception& e) {
      FAIL("unexpected exception: " << e.what());
    } catch (...) {
      FAIL("unexpected non-standard exception");
    }
  }
  MESSAGE("machine file fuzz: " << loaded << " loaded, " << rejected << " rejected");
  CHECK(loaded > 100);
  CHECK(rejected > 1000);
}

TEST_CASE("node kinds: NIC hardware and core slots by name") {
  for (NicHardware n : {NicHardware::Conv, NicHardware::Pim, NicHardware::None})
    CHECK(nic_hardware_named(nic_hardware_name(n)) == n);
  CHECK_FALSE(nic_hardware_named("conv-binned").has_value());
  for (const char* name : {"host", "nic", "pim0", "pim3", "pim12"}) CHECK(CoreSlot::named(name)->name() == name);
  CHECK(CoreSlot::named("pim3") == CoreSlot::pim(3));
  CHECK(CoreSlot::named("pim3")->is_pim());
  CHECK(CoreSlot::named("host")->is_host());
  for (const char* bad : {"", "pim", "pimx", "pim1x", "nic0", "Host"}) CHECK_FALSE(CoreSlot::named(bad).has_value());
}

TEST_CASE("machine.host_core=false: a node is its NIC alone, and needs one") {
  MachineBuilder b("table1-pim");
  b.configure({"machine.host_core=false"});
  CHECK_NOTHROW(b.validate());
  MachineBuilder none("table1-conv");
  none.configure({"machine.host_core=false", "machine.nic=none"});
  CHECK_THROWS_WITH_AS(none.validate(), "machine.host_core=false needs a NIC with cores (machine.nic conv or pim)",
                       std::invalid_argument);
}
