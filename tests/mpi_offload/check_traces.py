#!/usr/bin/env python3
"""Instruction traces of `pimnic mpirun`: the transport ping-pong (2 ranks, 10 iterations of the
0-byte ping-pong, Table I timing models) traced with commit (every core, one file), binary (the
hosts, one file per core), qemu (rank 1's host), kanata (the hosts, one log) and the timeline,
against an untraced run:

  - the same statistics (tracing changes nothing the machine does);
  - each core's commit lines are as many as the instructions it retired, in order;
  - the ranks' lines name the program's own symbols, and a system call (sc) is traced as Linux
    user mode completes it (the next line is the instruction after it, not an interrupt vector);
  - trace-dump of each host's binary file prints exactly its commit lines;
  - the Kanata log keeps the format's rules (tests/timing/check_kanata.py) with every retired
    instruction of the two hosts, and the timeline is JSON;
  - a rerun writes identical files;
  - on the PIM NIC (--nic pim), the merged commit trace and Kanata log of every core: statistics
    as untraced, each PIM hardware thread's lines as many as it retired, identical on a rerun.

usage: check_traces.py PIMNIC PROGRAM SOURCE_DIR WORK_DIR
"""
import collections
import json
import os
import re
import subprocess
import sys

pimnic, prog, source, work = sys.argv[1:5]
sys.path.insert(0, os.path.join(source, "tests/timing"))
import check_kanata  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, digest, finish, stats  # noqa: E402


def run(out, *traces, nic="conv"):
    os.makedirs(out, exist_ok=True)
    cmd = [pimnic, "mpirun", "-n", "2", "--nic", nic, "--out", out]
    for t in traces:
        cmd += ["--trace", t]
    cmd += [prog, "10", "latency"]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    if p.returncode != 0 or "latency_us" not in p.stdout:
        sys.exit(f"FAIL: {' '.join(cmd)}: exit {p.returncode}\n{p.stdout[-1000:]}\n{p.stderr[-2000:]}")
    return p


plain, traced, again = (os.path.join(work, d) for d in ("plain", "traced", "again"))
run(plain)
kinds = ["commit:all.trace", "binary,core=host:%c.bin", "qemu,node=1,core=host:rank1.qemu", "kanata,core=host:pipe.kanata",
         "perfetto:timeline.json"]
run(traced, *kinds)
run(again, *kinds)

s0, s1 = stats(plain), stats(traced)
differ = [k for k in s0 if s0[k] != s1.get(k)]
check(not differ, f"traced and untraced runs: identical statistics ({len(s0)}; differing: {differ[:5]})")

per_core = collections.defaultdict(list)
for l in open(os.path.join(traced, "all.trace")):
    if not l.startswith("#"):
        node, core, _ = l.split(" ", 1)[0].split(":")
        per_core[(int(node), int(core))].append(l)
for (node, core), name in (((0, 0), "n0.host"), ((0, 1), "n0.nic"), ((1, 0), "n1.host"), ((1, 1), "n1.nic")):
    lines = per_core[(node, core)]
    want = int(float(s0[f"{name}.committed_insts"]))
    icounts = [int(l.split()[2]) for l in lines]
    check(len(lines) == want and icounts == list(range(1, want + 1)),
          f"{name}: {len(lines)} commit lines in order, {want} instructions retired untraced")

for node in (0, 1):
    lines = per_core[(node, 0)]
    check(any("<main" in l for l in lines), f"rank {node}: lines in the program's main (its symbols)")
    scs = [i for i, l in enumerate(lines) if re.search(r" sc\b", l)]
    # After a system call the rank goes on at the next instruction (no interrupt vector 0xc00).
    after = [lines[i + 1].split()[3] for i in scs if i + 1 < len(lines)]
    wrong = [a for a, i in zip(after, scs) if int(a, 16) != int(lines[i].split()[3], 16) + 4]
    check(scs and not wrong, f"rank {node}: {len(scs)} system calls, each followed by the next instruction ({wrong[:3]})")
    d = subprocess.run([pimnic, "trace-dump", os.path.join(traced, f"n{node}.host.bin")], capture_output=True, text=True)
    dumped = [l for l in d.stdout.splitlines(keepends=True) if not l.startswith("#")]
    check(d.returncode == 0 and dumped == lines, f"n{node}.host: trace-dump of its binary trace = its commit lines")

q = sum(1 for l in open(os.path.join(traced, "rank1.qemu")) if l.startswith("Trace "))
check(q == len(per_core[(1, 0)]), f"rank 1: qemu log with {q} instructions")

try:
    ops, _ = check_kanata.parse(open(os.path.join(traced, "pipe.kanata")).read().split("\n")[:-1])
    retired = [o for o in ops.values() if not o["flushed"]]
    threads = {o["thread"] for o in retired}
    hosts = sum(int(float(s0[f"n{n}.host.committed_insts"])) for n in (0, 1))
    check(len(retired) == hosts and len(threads) == 2,
          f"kanata: the format's rules kept, {len(retired)} retired instructions of {len(threads)} cores = the hosts' {hosts}")
except check_kanata.KanataError as e:
    check(False, f"kanata: {e}")
try:
    events = json.load(open(os.path.join(traced, "timeline.json")))["traceEvents"]
    check(len(events) > 0, f"timeline.json: JSON with {len(events)} events")
except (ValueError, KeyError) as e:
    check(False, f"timeline.json: {e}")

for f in ("all.trace", "n0.host.bin", "n1.host.bin", "rank1.qemu", "pipe.kanata", "timeline.json"):
    check(digest(os.path.join(traced, f)) == digest(os.path.join(again, f)), f"{f} identical on a rerun")

# ---- the PIM NIC: two multithreaded PIM cores per node --------------------------------------------
pim = [os.path.join(work, d) for d in ("pim-plain", "pim-traced", "pim-again")]
run(pim[0], nic="pim")
for d in pim[1:]:
    run(d, "commit:all.trace", "kanata:pipe.kanata", nic="pim")
s0, s1 = stats(pim[0]), stats(pim[1])
differ = [k for k in s0 if s0[k] != s1.get(k)]
check(not differ, f"pim: traced and untraced runs: identical statistics ({len(s0)}; differing: {differ[:5]})")
per_thread = collections.Counter()
for l in open(os.path.join(pim[1], "all.trace")):
    if not l.startswith("#"):
        per_thread[tuple(int(x) for x in l.split(" ", 1)[0].split(":"))] += 1
wrong = []
for key, value in s0.items():
    m = re.fullmatch(r"n(\d+)\.pim(\d+)\.pim\.t(\d+)\.insts", key)
    if m and per_thread[(int(m[1]), 1 + int(m[2]), int(m[3]))] != int(float(value)):
        wrong.append(key)
pim_lines = sum(n for (node, core, t), n in per_thread.items() if core >= 1)
check(pim_lines > 0 and not wrong, f"pim: {pim_lines} lines of the PIM cores, each thread's as many as it retired ({wrong[:3]})")
try:
    ops, _ = check_kanata.parse(open(os.path.join(pim[1], "pipe.kanata")).read().split("\n")[:-1])
    retired = sum(1 for o in ops.values() if not o["flushed"])
    check(retired == int(float(s0["sim_insts"])), f"pim: Kanata log of every core, {retired} retired = sim_insts")
except check_kanata.KanataError as e:
    check(False, f"pim: kanata: {e}")
for f in ("all.trace", "pipe.kanata"):
    check(digest(os.path.join(pim[1], f)) == digest(os.path.join(pim[2], f)), f"pim: {f} identical on a rerun")

finish()
