#!/usr/bin/env python3
"""`pimnic mpirun`'s run output on long runs (issue 24), with the transport ping-pong:

  - --progress: progress lines on stderr (simulated time, instructions, MIPS, wall time);
  - --max-sim-time: the run stops there with exit 4 and its message, statistics written;
  - SIGINT during a traced run: exit 130, the statistics, a timeline that loads as JSON and a
    commit trace of the NIC cores whose lines are exactly the instructions the statistics count
    (each line whole, each core's in order).

usage: check_run_output.py PIMNIC PROGRAM WORK_DIR
"""
import collections
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, finish  # noqa: E402

pimnic, prog, work = sys.argv[1:4]
PROGRESS = r"pimnic: [\d.]+ [mun]?s simulated, [\d.]+ M instructions, [\d.]+ MIPS, [\d.]+ s wall"
LINE = re.compile(r"(\d+):(\d+):(\d+) \d+ (\d+) [0-9a-f]{8} (<[^>]*> )?[0-9a-f]{8} \S.*")


def fresh(name):
    d = os.path.join(work, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def stats(d):
    text = open(os.path.join(d, "stats.txt")).read()
    return {m[1]: m[2] for m in re.finditer(r"^(\S+)\s+(\S+)", text, re.M)}


d = fresh("progress")
p = subprocess.run([pimnic, "mpirun", "-n", "2", "--progress", "--out", d, prog, "300", "latency"],
                   capture_output=True, text=True, timeout=600)
lines = [l for l in p.stderr.splitlines() if "simulated," in l]
check(p.returncode == 0 and lines and all(re.fullmatch(PROGRESS, l) for l in lines),
      f"--progress: exit {p.returncode}, {len(lines)} progress lines, e.g. {lines[-1:]}")

d = fresh("simtime")
p = subprocess.run([pimnic, "mpirun", "-n", "2", "--max-sim-time", "50us", "--out", d, prog, "1000000", "latency"],
                   capture_output=True, text=True, timeout=600)
s = stats(d) if os.path.exists(os.path.join(d, "stats.txt")) else {}
sim = float(s.get("sim_seconds", 0))
check(p.returncode == 4 and "stopped at 50 us of simulated time" in p.stderr and 50e-6 <= sim < 50.5e-6,
      f"--max-sim-time 50us: exit {p.returncode}, sim_seconds {sim}, {p.stderr.strip()[-200:]!r}")

d = fresh("interrupt")
proc = subprocess.Popen([pimnic, "mpirun", "-n", "2", "--out", d, "--trace", "commit,core=nic:nic.trace",
                         "--trace", "perfetto:timeline.json", prog, "100000000", "latency"],
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
deadline = time.time() + 60
while not os.path.exists(os.path.join(d, "config.json")) and time.time() < deadline and proc.poll() is None:
    time.sleep(0.05)
time.sleep(1.5)
proc.send_signal(signal.SIGINT)
out, err = proc.communicate(timeout=300)
check(proc.returncode == 130 and re.search(r"interrupted by SIGINT at \S+ \S+ of simulated time", err) is not None,
      f"SIGINT: exit {proc.returncode}, {err.strip()[-200:]!r}")
s = stats(d)
try:
    events = json.load(open(os.path.join(d, "timeline.json")))["traceEvents"]
    check(len(events) > 0, f"SIGINT: the timeline loads ({len(events)} events)")
except (ValueError, KeyError, OSError) as e:
    check(False, f"SIGINT: the timeline: {e}")
per_core = collections.defaultdict(list)
bad = []
for l in open(os.path.join(d, "nic.trace")):
    if l.startswith("#"):
        continue
    m = LINE.fullmatch(l.rstrip("\n"))
    if not m or not l.endswith("\n"):
        bad.append(l)
        continue
    per_core[(m[1], m[2])].append(int(m[4]))
check(not bad, f"SIGINT: every line of the commit trace whole ({bad[:2]})")
for node in ("0", "1"):
    icounts = per_core[(node, "1")]
    want = int(float(s.get(f"n{node}.nic.committed_insts", -1)))
    check(want > 0 and icounts == list(range(1, want + 1)),
          f"SIGINT: n{node}.nic: {len(icounts)} lines in order, {want} instructions in the statistics")

finish()
