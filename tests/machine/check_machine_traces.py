#!/usr/bin/env python3
"""Instruction traces of a machine: a two-node ping-pong on the Table I machine (timed cores),
cut at a simulated time, traced with every kind at once:

  commit   every core into one file, merged in simulated-time order
  binary   one file per core (%c)
  qemu     the NIC cores only (core=nic, %c)
  kanata   every timed core into one log
  perfetto the timeline

and checked against an untraced run of the same machine: the same statistics (tracing does not
change what the machine does), each core's commit lines are as many as the instructions it
retired, the NIC core's lines are its instructions in order (1, 2, 3, ...), records are in
simulated-time order across cores, trace-dump of each binary file prints exactly that core's
commit lines, the Kanata log passes check_kanata's rules with as many retired instructions as
the cores ran, and a rerun writes identical files. Then the NIC firmware's trace markers ("header
arrived", "match found", "message received", the "send" spans) in the commit and binary traces
and the timeline alike, and the filters: node=1,core=nic, insts=, sym= per core image, thread= on
PIM hardware threads.

usage: check_machine_traces.py PIMNIC FIRMWARE_DIR SOURCE_DIR WORK_DIR
"""
import codecs
import collections
import gzip
import json
import os
import re
import subprocess
import sys

pimnic, fw, source, work = sys.argv[1:5]
sys.path.insert(0, os.path.join(source, "tests/timing"))
import check_kanata  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, digest, finish, stats  # noqa: E402

os.makedirs(work, exist_ok=True)
LIMIT = "25us"
MACHINE = ["--machine", "table1-conv", "--image", "n*.host=" + os.path.join(fw, "pingpong-host.elf"),
           "--image", "n*.nic=" + os.path.join(fw, "pingpong-nic.elf"), "--max-sim-time", LIMIT]


def run(out, *traces, machine=MACHINE, expect=4):
    os.makedirs(out, exist_ok=True)
    cmd = [pimnic, "run", *machine, "--out", out]
    for t in traces:
        cmd += ["--trace", t]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    if p.returncode != expect:
        sys.exit(f"FAIL: {' '.join(cmd)}: exit {p.returncode} (expected {expect})\n{p.stderr[-2000:]}")
    return p


plain, traced, again = (os.path.join(work, d) for d in ("plain", "traced", "again"))
run(plain)
kinds = ["commit:all.trace", "binary:core-%c.bin", "qemu,core=nic:qemu-%c.log", "kanata:pipe.kanata.gz",
         "perfetto:timeline.json"]
run(traced, *kinds)
run(again, *kinds)

# ---- tracing changes nothing the machine does ------------------------------------------------------
s0, s1 = stats(plain), stats(traced)
differ = [k for k in s0 if s0[k] != s1.get(k)]
check(not differ, f"traced and untraced runs: identical statistics ({len(s0)} of them; differing: {differ[:5]})")

# ---- commit: every core, one file, time order ---------------------------------------------------------
cfg = json.load(open(os.path.join(traced, "config.json")))["params"]
cores = {"0:0": ("n0.host", cfg["host.core.clock_hz"]), "0:1": ("n0.nic", cfg["nic.core.clock_hz"]),
         "1:0": ("n1.host", cfg["host.core.clock_hz"]), "1:1": ("n1.nic", cfg["nic.core.clock_hz"])}
lines = [l for l in open(os.path.join(traced, "all.trace")) if not l.startswith("#")]
per_core = collections.defaultdict(list)
times = []
for l in lines:
    f = l.split(" ", 3)
    node, core, thread = f[0].split(":")
    per_core[f"{node}:{core}"].append(l)
    times.append((int(f[1]) * round(1e12 / float(cores[f"{node}:{core}"][1])), l))
for key, (name, _) in cores.items():
    want = int(float(s0[f"{name}.committed_insts"]))
    got = len(per_core[key])
    check(got == want, f"{name}: {got} commit lines, {want} instructions retired untraced")
nic = per_core["1:1"]
icounts = [int(l.split()[2]) for l in nic]
check(icounts == list(range(1, len(nic) + 1)), "n1.nic: its instructions in order, 1 to the last")
out_of_order = sum(1 for a, b in zip(times, times[1:]) if b[0] < a[0])
check(out_of_order == 0, f"commit lines in simulated-time order across cores ({out_of_order} out of order)")
check(digest(os.path.join(traced, "all.trace")) == digest(os.path.join(again, "all.trace")),
      "commit trace identical on a rerun")

# ---- binary: one file per core, trace-dump = that core's commit lines ------------------------------
for key, (name, _) in cores.items():
    path = os.path.join(traced, f"core-{name}.bin")
    d = subprocess.run([pimnic, "trace-dump", path], capture_output=True, text=True, timeout=300)
    dumped = [l for l in d.stdout.splitlines(keepends=True) if not l.startswith("#")]
    check(d.returncode == 0 and dumped == per_core[key],
          f"{name}: trace-dump of {os.path.basename(path)} = its {len(per_core[key])} commit lines "
          f"({len(dumped)} dumped{', ' + d.stderr.strip() if d.stderr.strip() else ''})")
    check(digest(path) == digest(os.path.join(again, f"core-{name}.bin")), f"{name}: binary trace identical on a rerun")

# ---- qemu: the NIC cores ---------------------------------------------------------------------------
for key, name in (("0:1", "n0.nic"), ("1:1", "n1.nic")):
    path = os.path.join(traced, f"qemu-{name}.log")
    n = sum(1 for l in open(path) if l.startswith("Trace "))
    check(n == len(per_core[key]) and not os.path.exists(os.path.join(traced, "qemu-n0.host.log")),
          f"{name}: qemu log with {n} instructions (core=nic leaves the hosts out)")

# ---- kanata: every timed core in one log ------------------------------------------------------------
text = gzip.decompress(open(os.path.join(traced, "pipe.kanata.gz"), "rb").read()).decode()
try:
    ops, last = check_kanata.parse(text.split("\n")[:-1])
    retired = [o for o in ops.values() if not o["flushed"]]
    check(len(retired) == int(float(s0["sim_insts"])),
          f"kanata: the format's rules kept, {len(retired)} retired instructions = sim_insts {s0['sim_insts']}")
    threads = {o["thread"] for o in retired}
    check(len(threads) == 4, f"kanata: instructions of {len(threads)} threads (the four cores)")
except check_kanata.KanataError as e:
    check(False, f"kanata: {e}")

# ---- markers: the NIC firmware's, in the commit and binary traces and the timeline --------------------
# The window is found in an untraced run's timeline: the NIC cores are traced from just before the
# first marker (the hosts first spend a while setting up their buffers) to a moment after about 30
# send spans when neither NIC is in one, so that every span traced is whole.
scout = os.path.join(work, "scout")
run(scout, "perfetto:timeline.json", machine=MACHINE[:-1] + ["2ms"])
events = json.load(open(os.path.join(scout, "timeline.json")))["traceEvents"]
tracks = {(e["pid"], e.get("tid")): e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
on_marks = [e for e in events if e["ph"] in ("i", "X") and tracks.get((e["pid"], e.get("tid")), "").endswith(" marks")]
spans = sorted((e["ts"], e["ts"] + e["dur"]) for e in on_marks if e["ph"] == "X")
if not on_marks or len(spans) < 31:
    sys.exit(f"FAIL: the untraced run's timeline has {len(on_marks)} markers and {len(spans)} send spans in 2 ms")
first_us = min(e["ts"] for e in on_marks)
open_until = max(end for _, end in spans[:30])  # the 30 first spans and any that overlap them
later = [begin for begin, _ in spans[30:] if begin > open_until]
if not later:
    sys.exit("FAIL: the untraced run's timeline has no moment between send spans after the 30th")
start_cycle = int(max(0.0, first_us - 1.0) * float(cfg["nic.core.clock_hz"]) / 1e6)
end_ns = int((open_until + min(later)) / 2 * 1000)
print(f"markers: the NIC cores traced from cycle {start_cycle} to {end_ns} ns (from the untraced timeline)")
marked = os.path.join(work, "marked")
run(marked, f"commit,core=nic,cycles={start_cycle}-:nic-%c.trace", f"binary,core=nic,cycles={start_cycle}-:nic-%c.bin",
    "perfetto:timeline.json", machine=MACHINE[:-1] + [f"{end_ns}ns"])
commit_marks, dumped_marks = [], []
for node in (0, 1):
    lines = open(os.path.join(marked, f"nic-n{node}.nic.trace")).read().splitlines()[1:]
    commit_marks += [(node, m) for l in lines for m in re.findall(r' ((?:mark|begin)="[^"]*"(?:=[0-9a-f]{8})?|end)$', l)]
    d = subprocess.run([pimnic, "trace-dump", os.path.join(marked, f"nic-n{node}.nic.bin")], capture_output=True, text=True)
    check(d.stdout.splitlines()[1:] == lines, f"n{node}.nic: trace-dump of the binary trace = the commit trace")
labels = collections.Counter(codecs.decode(m.split("=")[1].strip('"'), "unicode_escape")  # (spaces are \x20)
                             for _, m in commit_marks if m.startswith("mark="))
begins = sum(1 for _, m in commit_marks if m.startswith("begin="))
ends = sum(1 for _, m in commit_marks if m == "end")
check(labels["header arrived"] > 0 and labels["match found"] > 0 and labels["message received"] > 0 and begins == ends > 0,
      f"commit: markers {dict(labels)}, {begins} send spans begun, {ends} ended")
events = json.load(open(os.path.join(marked, "timeline.json")))["traceEvents"]
tracks = {(e["pid"], e.get("tid")): e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
instants = [e for e in events if e["ph"] == "i" and tracks.get((e["pid"], e["tid"]), "").endswith(" marks")]
spans = [e for e in events if e["ph"] == "X" and e["name"] == "send"]
check(len(instants) == sum(labels.values()) and len(spans) == begins,
      f"perfetto: {len(instants)} instant markers and {len(spans)} send spans on the marks tracks, as the traces")
arrived = [e for e in instants if e["name"] == "header arrived"]
check(arrived and all(e["args"]["value"] in (0, 1) for e in arrived),
      f"perfetto: header arrived carries the source node ({len(arrived)} of them)")

# ---- filters -----------------------------------------------------------------------------------------
f1 = os.path.join(work, "filters")
run(f1, "commit,node=1,core=nic:nic1.trace", "commit,node=0,core=0,insts=100-199:host0.trace",
    "commit,sym=_start:start.trace")
nic1 = [l for l in open(os.path.join(f1, "nic1.trace")) if not l.startswith("#")]
check(nic1 == nic, f"node=1,core=nic: exactly n1.nic's {len(nic)} lines")
host0 = [l for l in open(os.path.join(f1, "host0.trace")) if not l.startswith("#")]
check(len(host0) == 100 and all(l.startswith("0:0:0 ") for l in host0), "node=0,core=0,insts=100-199: 100 lines")
ms = [l for l in open(os.path.join(f1, "start.trace")) if not l.startswith("#")]
check(ms and all("<_start" in l for l in ms) and {l.split()[0].rsplit(":", 1)[0] for l in ms} >= {"0:0", "0:1"},
      f"sym=_start: {len(ms)} lines, all in that function of each core's own image (hosts and NICs)")

# PIM hardware threads: parcel-migrate on the PIM NIC, thread=1 only.
pim = ["--machine", "table1-pim", "--model", "functional", "--image", "n*.nic=" + os.path.join(fw, "parcel-migrate.elf")]
f2 = os.path.join(work, "pim")
run(f2, "commit,thread=1:t1.trace", "commit:all.trace", machine=pim, expect=0)
t1 = [l for l in open(os.path.join(f2, "t1.trace")) if not l.startswith("#")]
allpim = [l for l in open(os.path.join(f2, "all.trace")) if not l.startswith("#")]
want = [l for l in allpim if l.split()[0].endswith(":1")]
check(t1 and t1 == want, f"thread=1 on PIM cores: {len(t1)} lines, those of hardware thread 1")
check(sum(1 for l in allpim) == int(float(stats(f2)["sim_insts"])), "PIM machine: every instruction traced")

finish()
