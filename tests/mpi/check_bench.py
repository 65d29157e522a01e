#!/usr/bin/env python3
"""Run an MPI benchmark (firmware/bench) under MPICH or pimnic and check its table: one row per
point, every figure positive and finite. Under pimnic (simulated time, so the figures mean
something) also what the NIC must show: ping-pong bandwidth grows with the size and stays under
the 3 GB/s wire; on the pre-posted queue benchmark a longer traversed queue costs latency. With
-W the pre-posted benchmark's timed windows must be one per iteration before each row, and their
mean length the row's time.

usage: check_bench.py (--mpich MPIRUN | --pimnic PIMNIC [--pimnic-opt OPT]...) -n N
                      (pingpong|preposted) PROGRAM [ARGS...]
Exit 0 ok, 1 not, 77 skipped (no pimnic build or pimnic mpirun yet).
"""
import argparse
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_table  # noqa: E402
from run_compare import SKIP, mpich_mpirun, pimnic_mpirun  # noqa: E402


def check_pingpong(rows, simulated, failures):
    for r in rows:
        if not (r["latency_us"] > 0 and math.isfinite(r["latency_us"])):
            failures.append(f"{r['bytes']:.0f} bytes: latency {r['latency_us']}")
    if simulated:
        bw = [r["bandwidth_MBps"] for r in rows if r["bytes"] >= 1024]
        if any(b > 3000 for b in bw):
            failures.append(f"bandwidth above the 3 GB/s wire: {max(bw)} MB/s")
        if bw and bw[-1] <= bw[0]:
            failures.append(f"bandwidth does not grow with the size: {bw[0]} MB/s at 1 KiB, {bw[-1]} at the largest")


def windows_before_rows(stdout):
    """[(row line, [(start, end)] printed before it)] of the pre-posted benchmark's -W output."""
    out, pending, header = [], [], False
    for line in stdout.splitlines():
        words = line.split()
        if words[:2] == ["#", "window"]:
            pending.append((float(words[2]), float(words[3])))
        elif words and not line.startswith("#"):
            if header:
                out.append((line, pending))
            header, pending = True, []
    return out


def check_windows(rows, stdout, failures):
    per_row = windows_before_rows(stdout)
    for r, (line, wins) in zip(rows, per_row):
        if len(wins) != r["iterations"]:
            failures.append(f"{len(wins)} windows before the row {line!r} of {r['iterations']:.0f} iterations")
            continue
        if any(not b > a for a, b in wins):
            failures.append(f"a window that does not move forward before {line!r}: {wins}")
        mean_us = sum(b - a for a, b in wins) / len(wins) * 1e6
        if abs(mean_us - r["time_us"]) > 0.002 + 1e-6 * r["time_us"]:
            failures.append(f"windows' mean {mean_us:.3f} us against the row's time {r['time_us']} us: {line!r}")


def check_preposted(rows, simulated, failures, stdout="", args=()):
    if "-W" in args:
        check_windows(rows, stdout, failures)
    lat = [r for r in rows if r["kind"] == "latency"]
    for r in rows:
        if not (r["time_us"] > 0 and math.isfinite(r["time_us"])):
            failures.append(f"row {r}: time {r['time_us']}")
    if simulated and len(lat) >= 2:
        short, long_ = min(lat, key=lambda r: r["traversed"]), max(lat, key=lambda r: r["traversed"])
        if not long_["latency_us"] > short["latency_us"]:
            failures.append(f"latency with {long_['traversed']:.0f} traversed pre-posts ({long_['latency_us']} us) is "
                            f"not above that with {short['traversed']:.0f} ({short['latency_us']} us)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mpich")
    ap.add_argument("--pimnic")
    ap.add_argument("--pimnic-opt", action="append", default=[])
    ap.add_argument("-n", type=int, default=2)
    ap.add_argument("kind", choices=["pingpong", "preposted"])
    ap.add_argument("program")
    ap.add_argument("args", nargs="*")
    a = ap.parse_args()
    env = None
    if a.mpich:
        cmd, env = mpich_mpirun(a.mpich, a.n, a.program, a.args)
    else:
        cmd = pimnic_mpirun(a.pimnic, a.n, a.pimnic_opt, a.program, a.args)
        if cmd is None:
            return SKIP
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env, stdin=subprocess.DEVNULL)
    print(f"$ {' '.join(cmd)}   [exit {p.returncode}]\n{p.stdout}{p.stderr[-2000:]}")
    failures = []
    if p.returncode != 0:
        failures.append(f"exit status {p.returncode}")
    try:
        rows = bench_table.parse(p.stdout)
    except ValueError as e:
        rows, failures = [], failures + [str(e)]
    if not rows:
        failures.append("no rows")
    else:
        if a.kind == "pingpong":
            check_pingpong(rows, a.pimnic is not None, failures)
        else:
            check_preposted(rows, a.pimnic is not None, failures, p.stdout, a.args)
    print("\n".join(failures) if failures else f"{len(rows)} rows ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
