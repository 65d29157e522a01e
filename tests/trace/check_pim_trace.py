#!/usr/bin/env python3
"""The commit trace of a PIM thread program (firmware/examples/pim-threads, 8 threads) names every
thread, shows each full/empty-bit change (readfe leaves the word empty, writeef full, feempty
empty), and traces no attempt that waited (no two lines of one thread with the same instruction
count).

usage: check_pim_trace.py PIMNIC PIM_THREADS_ELF WORKDIR
"""
import collections
import os
import re
import subprocess
import sys

pimnic, elf, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
trace = os.path.join(work, "pim-threads.trace")
p = subprocess.run([pimnic, "run", elf, "--set", "core.harts=8", "--trace", "commit:" + trace],
                   capture_output=True, text=True, timeout=600)
failures = []
if p.returncode != 0:
    failures.append(f"exit {p.returncode}: {p.stderr.strip()}")
threads = collections.Counter()
seen = set()
expect = {"readfe": "empty", "writeef": "full", "feempty": "empty", "fefill": "full", "writef": "full"}
checked = collections.Counter()
for line in open(trace):
    if line.startswith("#"):
        continue
    f = line.split()
    thread, icount = f[0], f[2]
    threads[thread] += 1
    if (thread, icount) in seen:
        failures.append(f"{thread} has two lines with instruction count {icount}")
    seen.add((thread, icount))
    m = re.search(r" [0-9a-f]{8} (readfe|writeef|feempty|fefill|writef) ", line)
    if m:
        feb = re.search(r"feb@[0-9a-f]{8}=(full|empty)", line)
        if not feb or feb[1] != expect[m[1]]:
            failures.append(f"{m[1]} without feb@...={expect[m[1]]}: {line.strip()}")
        checked[m[1]] += 1
print(f"lines per thread: {dict(threads)}; full/empty-bit ops checked: {dict(checked)}")
if sorted(threads) != [f"0:0:{t}" for t in range(8)]:
    failures.append(f"expected threads 0:0:0..7, got {sorted(threads)}")
if checked["readfe"] == 0 or checked["writeef"] == 0:
    failures.append("no readfe/writeef lines")
for f in failures[:10]:
    print("FAIL", f)
sys.exit(1 if failures else 0)
