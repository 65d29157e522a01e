#!/usr/bin/env python3
"""Run the copy-engine overlap benchmark (firmware/copy-engine-overlap, the I/OAT paper's Fig. 6)
and check its table: overlap rises with size (as in the paper), small copies are not fully hidden,
large ones almost are, and large copies run at the configured channel bandwidth.
usage: check_overlap.py PIMNIC IMAGE [pimnic run options...]"""
import re
import subprocess
import sys

pimnic, image, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
run = subprocess.run([pimnic, "run", image] + extra, capture_output=True, text=True, timeout=300)
print(run.stdout + run.stderr)
rows = []
for line in run.stdout.splitlines():
    m = re.match(r"\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(-?[\d.]+)\s*$", line)
    if m:
        rows.append((int(m.group(1)), float(m.group(5)), float(m.group(6))))
errors = []
if run.returncode != 0:
    errors.append(f"exit {run.returncode}")
if len(rows) < 8:
    errors.append(f"only {len(rows)} table rows")
else:
    for (s0, _, o0), (s1, _, o1) in zip(rows, rows[1:]):
        if o1 < o0 - 0.5:
            errors.append(f"overlap falls from {o0}% at {s0} B to {o1}% at {s1} B")
    first, last = rows[0][2], rows[-1][2]
    if not last >= 95.0:
        errors.append(f"largest copy overlaps only {last}%")
    if not first <= last - 5.0:
        errors.append(f"overlap does not rise with size ({first}% -> {last}%)")
    # copy.channel_bandwidth is 2048e6 B/s; page-split chunks cost copy.chunk_ns each (about 1%).
    mbps = rows[-1][1]
    if not 0.95 * 2048 <= mbps <= 2048:
        errors.append(f"largest copy at {mbps} MB/s, expected just under copy.channel_bandwidth (2048 MB/s)")
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
