#!/usr/bin/env python3
"""What machine tracing costs (docs/traces.md, "Cost"): the same machine workloads run by two
pimnic binaries with tracing off, side by side, best of N runs by CPU time (user + sys of the
child, which other load on a shared machine disturbs least), and the cost in per cent; then, for
reference, the workloads traced with each kind by the new binary.

  scripts/machine_trace_bench.py --baseline OLD_PIMNIC [--pimnic NEW_PIMNIC] [--firmware DIR] [-n N]

OLD_PIMNIC is a build without the machine-trace hooks (e.g. the main branch before them);
NEW_PIMNIC defaults to build/bin/pimnic. Workloads: the two-node ping-pong on the Table I machine
with its timed cores and with functional cores, and parcel migration on the PIM machine. The
target: tracing off costs at most 3 %.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu_time(cmd):
    """CPU seconds (user + sys) of one run of cmd, and its exit status."""
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        _, status, ru = os.wait4(p.pid, 0)
    return ru.ru_utime + ru.ru_stime, os.waitstatus_to_exitcode(status)


def best(cmd, n):
    times = []
    for _ in range(n):
        t, code = cpu_time(cmd)
        if code not in (0, 4):
            sys.exit(f"{' '.join(cmd)}: exit {code}")
        times.append(t)
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", required=True, help="pimnic without the machine-trace hooks")
    ap.add_argument("--pimnic", default=os.path.join(root, "build/bin/pimnic"))
    ap.add_argument("--firmware", default=os.path.join(root, "build/firmware"))
    ap.add_argument("-n", type=int, default=5, help="runs of each (the best counts)")
    a = ap.parse_args()
    fw = a.firmware
    pingpong = ["--image", "n*.host=" + os.path.join(fw, "pingpong-host.elf"),
                "--image", "n*.nic=" + os.path.join(fw, "pingpong-nic.elf")]
    workloads = {
        "pingpong timed": ["run", "--machine", "table1-conv", *pingpong, "--max-sim-time", "300us"],
        "pingpong functional": ["run", "--machine", "table1-conv", "--model", "functional", *pingpong,
                                "--max-sim-time", "2ms"],
        "parcels functional": ["run", "--machine", "table1-pim", "--model", "functional",
                               "--image", "n*.nic=" + os.path.join(fw, "parcel-flood.elf")],
    }
    print(f"tracing off: best of {a.n} runs, CPU seconds ({time.strftime('%Y-%m-%d')}, load {os.getloadavg()[0]:.1f})")
    print(f"{'workload':22} {'baseline':>10} {'new':>10} {'cost':>8}")
    worst = -100.0
    for name, args in workloads.items():
        # Alternate the two binaries so that load changes hit both alike.
        old, new = [], []
        for _ in range(a.n):
            old.append(cpu_time([a.baseline, *args])[0])
            new.append(cpu_time([a.pimnic, *args])[0])
        o, w = min(old), min(new)
        cost = (w / o - 1) * 100
        worst = max(worst, cost)
        print(f"{name:22} {o:10.3f} {w:10.3f} {cost:7.1f}%")
    print(f"tracing off costs at most {worst:.1f}% (target: 3%)")
    with tempfile.TemporaryDirectory() as tmp:
        print(f"\ntraced by the new binary (pingpong timed, {workloads['pingpong timed'][-1]} simulated), CPU seconds:")
        base = best([a.pimnic, *workloads["pingpong timed"]], 1)
        for kind in ("commit:t.txt", "binary:t.bin", "binary:t-%c.bin", "qemu,core=nic:q-%c.log", "kanata:k.kanata",
                     "perfetto:p.json"):
            t = best([a.pimnic, *workloads["pingpong timed"], "--out", tmp, "--trace", kind], 1)
            print(f"  {kind:26} {t:8.3f}  ({t / base:5.1f} x untraced)")
    return 0 if worst <= 3.0 else 1


if __name__ == "__main__":
    sys.exit(main())
