#!/usr/bin/env python3
"""Parcels on PIM NICs (firmware/examples/parcels): a thread migrates node 0 -> 1 -> 0 with its
registers and stack; 10^4 parcels among 4 nodes each run their handler exactly once (the firmware
acknowledges every parcel and counts acknowledgements per parcel), every parcel sent is run by an
engine, and a rerun gives identical output and statistics.

usage: check_parcels.py PIMNIC MIGRATE_ELF FLOOD_ELF WORKDIR
"""
import os
import re
import subprocess
import sys

pimnic, migrate_elf, flood_elf, work = sys.argv[1:5]
os.makedirs(work, exist_ok=True)
failures = []


def run(elf, nodes, tag):
    stats = os.path.join(work, tag + ".stats")
    cmd = [pimnic, "run", "--machine", "table1-pim", "--set", f"machine.nodes={nodes}",
           "--image", "n*.nic=" + elf, "--stats", stats]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    print(p.stdout, end="")
    if p.returncode != 0:
        print(p.stderr)
        failures.append(f"{' '.join(cmd)} exited {p.returncode}")
    with open(stats) as f:
        return p.stdout, f.read()


def total(stats, name):
    return sum(int(m[1]) for m in re.finditer(rf"^n\d+\.parcels\.{name}\s+(\d+)", stats, re.M))


out, stats = run(migrate_elf, 2, "migrate")
if "migrate: node 0 -> node 1 -> node 0, read 1001 on node 1, stack buffer intact, arguments intact" not in out:
    failures.append("the migrating thread did not make the round trip intact")
if total(stats, "migrations_out") != 2 or total(stats, "migrations_in") != 2:
    failures.append("expected 2 migrations out and in")

out, stats = run(flood_elf, 4, "flood")
if "flood: 10000 parcels among 4 nodes, all handled exactly once" not in out:
    failures.append("flood: not every parcel was handled exactly once")
sent, ran = total(stats, "parcels_sent"), total(stats, "parcels_run")
print(f"engines: {sent} parcels sent, {ran} run")
if sent != ran or sent < 20000:  # 10^4 work parcels and 10^4 acknowledgements, plus done/finish
    failures.append(f"engines sent {sent} parcels and ran {ran}")
out2, stats2 = run(flood_elf, 4, "flood-rerun")
if (out2, stats2) != (out, stats):
    failures.append("a rerun gave different output or statistics")
for f in failures:
    print("FAIL", f)
sys.exit(1 if failures else 0)
