#!/usr/bin/env python3
"""`--trace perfetto:FILE` timelines are valid Trace Event Format JSON and agree with the run's
statistics: on the two-node ping-pong every packet appears once on its node's up-link and once on
the destination's down-link, every DMA descriptor is one span on its engine's track, interrupt
spans exist on the interrupt tracks; on the one-core PIM thread test every spawned thread has a
track and some spend time blocked on a full/empty bit.

usage: check_timeline.py PIMNIC PINGPONG_HOST PINGPONG_NIC PIM_THREADS_ELF WORKDIR
"""
import collections
import json
import os
import re
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, failures, finish  # noqa: E402

pimnic, host_elf, nic_elf, pim_elf, work = sys.argv[1:6]
os.makedirs(work, exist_ok=True)


def load(path):
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    names = {(e["pid"], e.get("tid")): e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    for e in events:
        if e["ph"] == "X" and (e["dur"] < 0 or e["ts"] < 0):
            failures.append(f"negative time in {e}")
    return events, names


tl, stats_file = os.path.join(work, "pingpong.json"), os.path.join(work, "pingpong.stats")
p = subprocess.run([pimnic, "run", "--machine", "table1-conv", "--model", "functional", "--image", "n*.host=" + host_elf,
                    "--image", "n*.nic=" + nic_elf, "--trace", "perfetto:" + tl, "--stats", stats_file],
                   capture_output=True, text=True, timeout=600)
check(p.returncode == 0, f"ping-pong with a timeline exits 0 (got {p.returncode}) {p.stderr.strip()}")
stats = open(stats_file).read()
stat = lambda name: int(re.search(rf"^{re.escape(name)}\s+(\d+)", stats, re.M)[1])
events, names = load(tl)
per_track = collections.Counter(names.get((e["pid"], e.get("tid")), "?") for e in events if e["ph"] == "X")
packets = stat("net.packets_delivered")
ups = sum(n for t, n in per_track.items() if t.endswith(" up"))
downs = sum(n for t, n in per_track.items() if t.endswith(" down"))
check(ups == packets and downs == packets, f"{packets} packets: {ups} spans on up-links, {downs} on down-links")
for node in (0, 1):
    for engine in ("dma_h2n", "dma_n2h"):
        want = stat(f"n{node}.{engine}.descriptors")
        got = per_track.get(f"n{node}.{engine}", 0)
        check(got == want, f"n{node}.{engine}: {got} spans for {want} descriptors")
check(per_track.get("n0.host", 0) > 0 and per_track.get("n0.nic", 0) > 0, "core tracks n0.host and n0.nic have spans")


def first_spans(events, names, pattern):
    """The earliest span of every track whose name matches."""
    first = {}
    for e in events:
        track = names.get((e["pid"], e.get("tid")), "")
        if e["ph"] == "X" and re.fullmatch(pattern, track):
            if track not in first or float(e["ts"]) < float(first[track]["ts"]):
                first[track] = e
    return first


# Every core's track starts at 0, running (not with the end of its first slice).
for track, e in sorted(first_spans(events, names, r"n\d+\.(host|nic)").items()):
    check(float(e["ts"]) == 0 and e["name"] == "running" and float(e["dur"]) > 0,
          f"{track}: first span at ts 0, running (ts {e['ts']}, dur {e['dur']}, {e['name']})")

# A one-core run: the whole run is one running span from 0 to the end (it was ts = the run's
# length, dur 0).
tl = os.path.join(work, "hello.json")
hello = os.path.join(os.path.dirname(host_elf), "hello.elf")
p = subprocess.run([pimnic, "run", hello, "--trace", "perfetto:" + tl, "--stats", stats_file],
                   capture_output=True, text=True, timeout=600)
sim_us = float(re.search(r"^sim_ticks\s+(\S+)", open(stats_file).read(), re.M)[1]) / 1e6
events, names = load(tl)
spans = [e for e in events if e["ph"] == "X" and names.get((e["pid"], e["tid"])) == "core0"]  # (not its marks)
check(len(spans) == 1 and float(spans[0]["ts"]) == 0 and abs(float(spans[0]["dur"]) - sim_us) < 1e-3,
      f"hello: one running span from 0 lasting the run's {sim_us:.3f} us: {spans}")

tl = os.path.join(work, "pim-threads.json")
p = subprocess.run([pimnic, "run", pim_elf, "--set", "core.harts=8", "--trace", "perfetto:" + tl],
                   capture_output=True, text=True, timeout=600)
check(p.returncode == 0, f"pim-threads with a timeline exits 0 (got {p.returncode})")
events, names = load(tl)
threads = {n for n in names.values() if re.fullmatch(r"core0 t\d", n)}
check(len(threads) == 8, f"{len(threads)} thread tracks (8 hardware threads)")
blocked = [e for e in events if e["ph"] == "X" and e["name"].startswith("blocked")]
check(len(blocked) > 0, f"{len(blocked)} spans of threads blocked on a full/empty bit")
check(any(e["ph"] == "C" and "threads alive" in e["name"] for e in events), "a threads-alive counter")
finish()
