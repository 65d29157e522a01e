#!/usr/bin/env python3
"""The conventional NIC's latency and bandwidth vs posted-receive queue length (seed
pim-nic-mpi-matching, Fig. 4 benchmark, Fig. 5 (a) and (b)): runs firmware/bench/preposted under
`pimnic mpirun -n 2 --nic conv --machine table1-conv` (Table I models unless --model) and prints
  - 0-byte latency (half the round trip, one message in flight) per traversed queue length;
  - bandwidth (MB/s, 25 messages in flight) per message size (rows) and queue length (columns).
The benchmark's own rows (one per point) are printed first, for other tools to parse.

usage: scripts/mpi_preposted_table.py [--build DIR] [--machine M] [--model M] [--nic KIND]
           [--queues 0,10,...] [--untraversed N] [--sizes 0,64,...] [--inflight 25] [--iterations N]
           [--native]   (run under MPICH instead, for a sanity check of the program)
"""
import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "mpi"))
import bench_table  # noqa: E402


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", default=os.path.join(root, "build"))
    p.add_argument("--machine", default="table1-conv")
    p.add_argument("--model", help="--model for every core (default: the machine preset's Table I models)")
    p.add_argument("--nic", default="conv")
    p.add_argument("--queues", default="0,1,5,10,25,50,100,250,500,1000")
    p.add_argument("--untraversed", type=int, default=0)
    p.add_argument("--sizes", default="0,4,16,64,256,1024,4096,16384,65536,262144,1048576")
    p.add_argument("--inflight", type=int, default=25)
    p.add_argument("--iterations", type=int, default=5)
    p.add_argument("--native", action="store_true", help="run the MPICH build under mpirun.mpich")
    a = p.parse_args()
    args = ["-q", a.queues, "-u", str(a.untraversed), "-s", a.sizes, "-f", str(a.inflight), "-i", str(a.iterations)]
    if a.native:
        cmd = ["mpirun.mpich", "-launcher", "fork", "-n", "2", os.path.join(a.build, "tests", "mpi", "native", "preposted")]
    else:
        cmd = [os.path.join(a.build, "bin", "pimnic"), "mpirun", "-n", "2", "--nic", a.nic, "--machine", a.machine]
        if a.model:
            cmd += ["--model", a.model]
        cmd += [os.path.join(a.build, "firmware", "bench", "preposted")]
    cmd += args
    t0 = time.monotonic()
    r = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    wall = time.monotonic() - t0
    if r.returncode != 0:
        sys.exit(f"mpi_preposted_table: {' '.join(cmd)} exited {r.returncode}:\n{r.stdout[-2000:]}{r.stderr[-2000:]}")
    rows = bench_table.parse(r.stdout)
    print(f"$ {' '.join(cmd)}   [{wall:.1f} s wall]")
    print(r.stdout.rstrip())
    lat = [x for x in rows if x["kind"] == "latency"]
    bw = [x for x in rows if x["kind"] == "bandwidth"]
    queues = sorted({int(x["traversed"]) for x in rows})
    where = "MPICH (sanity check only)" if a.native else f"{a.machine}, NIC {a.nic}, {a.model or 'Table I models'}"
    print(f"\n0-byte latency (us, half the round trip) vs traversed pre-posted receives "
          f"({a.untraversed} untraversed), {where}:")
    print(f"{'traversed':>10} {'latency_us':>11}")
    for x in lat:
        print(f"{int(x['traversed']):>10} {x['latency_us']:>11.3f}")
    if bw:
        print(f"\nbandwidth (MB/s, {a.inflight} messages in flight) by message size (rows) and traversed queue length:")
        print(f"{'bytes':>9} " + " ".join(f"{q:>9}" for q in queues))
        for size in sorted({int(x["bytes"]) for x in bw}):
            cells = {int(x["traversed"]): x["bandwidth_MBps"] for x in bw if int(x["bytes"]) == size}
            print(f"{size:>9} " + " ".join(f"{cells.get(q, float('nan')):>9.1f}" for q in queues))


if __name__ == "__main__":
    main()
