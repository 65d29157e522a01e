#!/usr/bin/env python3
"""16-node all-to-all (firmware/examples/pingpong/alltoall_host.c over the pingpong NIC firmware):
every message of every round arrives exactly once with the bytes the sender generated (sizes and
byte sums recomputed here from the generator, independently of the firmware's own check), the
network delivered every packet it took, and a rerun gives identical output and statistics.

usage: check_alltoall.py PIMNIC HOST_ELF NIC_ELF WORKDIR
"""
import os
import re
import subprocess
import sys

pimnic, host_elf, nic_elf, work = sys.argv[1:5]
NODES, ROUNDS, MAX_MSG = 16, 3, 20000
M32 = 0xFFFFFFFF


def mix(x):
    x &= M32
    x ^= x >> 16
    x = (x * 0x7FEB352D) & M32
    x ^= x >> 15
    x = (x * 0x846CA68B) & M32
    return x ^ (x >> 16)


def msg_size(src, dst, rnd):
    r = mix(src * 1000003 + dst * 7919 + rnd * 104729)
    return 0 if r % 8 == 0 else r % (MAX_MSG + 1)


def msg_sum(src, dst, rnd):
    s = 0
    for i in range(msg_size(src, dst, rnd)):
        s = (s * 31 + (mix((src << 24) ^ (dst << 16) ^ (rnd << 12) ^ i) & 0xFF)) & M32
    return s


def run(tag):
    stats = os.path.join(work, f"alltoall-{tag}.stats")
    cmd = [pimnic, "run", "--machine", "table1-conv", "--set", f"machine.nodes={NODES}", "--model", "functional",
           "--image", "n*.host=" + host_elf, "--image", "n*.nic=" + nic_elf, "--stats", stats]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        print(p.stdout[-3000:], p.stderr[-2000:])
        sys.exit(f"FAIL: {' '.join(cmd)} exited {p.returncode}")
    with open(stats) as f:
        return p.stdout, f.read()


os.makedirs(work, exist_ok=True)
out, stats = run("a")
failures = []
seen = {}
for m in re.finditer(r"node (\d+) round (\d+) got (\d+) bytes from node (\d+) sum ([0-9a-f]{8})", out):
    dst, rnd, size, src, s = int(m[1]), int(m[2]), int(m[3]), int(m[4]), int(m[5], 16)
    key = (src, dst, rnd)
    if key in seen:
        failures.append(f"message {key} delivered twice")
    seen[key] = (size, s)
expected = {(s, d, r) for s in range(NODES) for d in range(NODES) for r in range(ROUNDS) if s != d}
missing = expected - set(seen)
if missing:
    failures.append(f"{len(missing)} messages never arrived, e.g. {sorted(missing)[:3]}")
bad = [k for k in expected & set(seen) if seen[k] != (msg_size(*k), msg_sum(*k))]
if bad:
    failures.append(f"{len(bad)} messages with the wrong size or bytes, e.g. {bad[:3]}")
total = sum(msg_size(*k) for k in expected)
got = sum(v[0] for v in seen.values())
print(f"{len(seen)} messages, {got} bytes delivered (expected {len(expected)} messages, {total} bytes)")
intact = len(re.findall(r"received 45 messages, \d+ bytes, intact", out))
if intact != NODES:
    failures.append(f"{intact} nodes report all 45 messages intact, not {NODES}")
sent = re.search(r"^net\.packets_sent\s+(\d+)", stats, re.M)
delivered = re.search(r"^net\.packets_delivered\s+(\d+)", stats, re.M)
if not sent or not delivered or sent[1] != delivered[1]:
    failures.append(f"network sent {sent and sent[1]} packets but delivered {delivered and delivered[1]}")
out2, stats2 = run("b")
if out2 != out or stats2 != stats:
    failures.append("a rerun gave different output or statistics")
for f in failures:
    print("FAIL", f)
print("ok" if not failures else f"{len(failures)} failures")
sys.exit(1 if failures else 0)
