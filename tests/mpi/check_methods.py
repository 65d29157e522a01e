#!/usr/bin/env python3
"""The public-benchmark methods of firmware/bench/mpi_methods.c, run at small sizes, their output
checked for shape: windowed bandwidth rises with the message size and stays under the wire's
limit; message rate is positive; overhead = post + wait, and the work covers the message; a
collective's latency rises with its size. Under MPICH (--mpich) only the tables' form is checked
(its times are the machine's, not a model's).

usage: check_methods.py (--pimnic PIMNIC [--pimnic-opt OPT]... | --mpich MPIRUN) PROGRAM [--wire-MBps X]
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_table  # noqa: E402
from run_compare import mpich_mpirun  # noqa: E402

COLUMNS = {
    "bw": ["bytes", "window", "iterations", "bandwidth_MBps"],
    "rate": ["bytes", "window", "iterations", "msgs_per_s"],
    "overhead": ["bytes", "iterations", "post_us", "work_us", "wait_us", "overhead_us"],
    "coll": ["bytes", "iterations", "op", "latency_us"],
}


def shape(test, rows, wire):
    bad = []
    if test == "bw":
        bw = [r["bandwidth_MBps"] for r in rows]
        bad += [f"bandwidth falls from {a} to {b} MB/s" for a, b in zip(bw, bw[1:]) if b <= a]
        if wire and max(bw) > wire:
            bad.append(f"bandwidth {max(bw)} MB/s beyond the wire's {wire}")
    elif test == "rate":
        bad += [f"rate {r['msgs_per_s']} at {r['bytes']} B" for r in rows if r["msgs_per_s"] <= 0]
    elif test == "overhead":
        for r in rows:
            if r["post_us"] <= 0 or r["wait_us"] < 0 or abs(r["post_us"] + r["wait_us"] - r["overhead_us"]) > 0.002:
                bad.append(f"overhead row does not add up: {r}")
            if r["work_us"] < 20:
                bad.append(f"the work ({r['work_us']} us) is shorter than asked")
    else:
        if not any(r["op"] == "barrier" and r["latency_us"] > 0 for r in rows):
            bad.append("no barrier latency")
        for op in ("bcast", "allreduce"):
            lat = [r["latency_us"] for r in rows if r["op"] == op]
            if len(lat) < 2 or lat[-1] <= lat[0]:
                bad.append(f"{op} latency does not rise with size: {lat}")
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pimnic")
    ap.add_argument("--pimnic-opt", action="append", default=[])
    ap.add_argument("--mpich")
    ap.add_argument("--wire-MBps", type=float, default=0)
    ap.add_argument("-n", type=int, default=2)
    ap.add_argument("program")
    a = ap.parse_args()
    failures = []
    for test in COLUMNS:
        args = ["-t", test, "-m", "16384", "-i", "3", "-W", "8"]
        env = None
        if a.mpich:
            cmd, env = mpich_mpirun(a.mpich, a.n, a.program, args)
        else:
            cmd = [a.pimnic, "mpirun", "-n", str(a.n)] + a.pimnic_opt + [a.program] + args
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL, env=env)
        print(f"$ {' '.join(cmd)}\nexit {p.returncode}\n{p.stdout}{p.stderr}")
        if p.returncode != 0:
            failures.append(f"{test}: exit status {p.returncode}")
            continue
        try:
            rows = bench_table.parse(p.stdout)
        except ValueError as e:
            failures.append(f"{test}: {e}")
            continue
        if not rows or list(rows[0].keys()) != COLUMNS[test]:
            failures.append(f"{test}: columns {list(rows[0].keys()) if rows else []}, expected {COLUMNS[test]}")
            continue
        if not a.mpich:
            failures += [f"{test}: {b}" for b in shape(test, rows, a.wire_MBps)]
    print("\n".join(failures) if failures else "ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
