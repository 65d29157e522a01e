#!/usr/bin/env python3
"""What machine tracing costs (docs/traces.md, "Cost"): the same machine workloads run by two
pimnic binaries with tracing off, side by side, best of N runs by CPU time (user + sys of the
child, which other load on a shared machine disturbs least), and the cost in per cent; then, for
reference, a shorter workload traced with each kind by the new binary, with the size of its
trace files.

  scripts/machine_trace_bench.py --baseline OLD_PIMNIC [--pimnic NEW_PIMNIC] [-n N]

OLD_PIMNIC is a build without the machine-trace hooks (e.g. the main branch before them). Both
binaries run the firmware and MPI test program of the baseline's build (BUILD/firmware,
BUILD/tests/mpi_offload), so that they execute the same instructions (the new build's ping-pong
firmware also makes trace markers); the traced runs use the new build's. Workloads, each run to
its end: the two-node ping-pong on the Table I machine with its timed cores and with functional
cores, parcel flooding on the PIM machine, and `pimnic mpirun` of the transport ping-pong (Linux
ranks, the conventional NIC's MPI firmware).
The target: tracing off costs at most 3 %.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu_time(cmd):
    """CPU seconds (user + sys) of one run of cmd; a run that fails ends the benchmark."""
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        _, status, ru = os.wait4(p.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 4):
            out.seek(0)
            sys.exit(f"{' '.join(cmd)}: exit {code}\n{out.read().decode(errors='replace')[-2000:]}")
    return ru.ru_utime + ru.ru_stime


def workloads(pimnic):
    """The workloads, with the firmware and programs of pimnic's build."""
    build = os.path.dirname(os.path.dirname(os.path.abspath(pimnic)))
    fw = os.path.join(build, "firmware")
    pingpong = ["--image", "n*.host=" + os.path.join(fw, "pingpong-host.elf"),
                "--image", "n*.nic=" + os.path.join(fw, "pingpong-nic.elf")]
    return {
        "pingpong timed": ["run", "--machine", "table1-conv", *pingpong],
        "pingpong functional": ["run", "--machine", "table1-conv", "--model", "functional", *pingpong],
        "parcels functional": ["run", "--machine", "table1-pim", "--model", "functional",
                               "--image", "n*.nic=" + os.path.join(fw, "parcel-flood.elf")],
        "mpirun transport": ["mpirun", "-n", "2", os.path.join(build, "tests/mpi_offload/transport_pingpong"),
                             "3000", "latency"],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", required=True, help="pimnic without the machine-trace hooks")
    ap.add_argument("--pimnic", default=os.path.join(root, "build/bin/pimnic"))
    ap.add_argument("-n", type=int, default=5, help="runs of each (the best counts)")
    a = ap.parse_args()
    same = workloads(a.baseline)
    print(f"tracing off: best of {a.n} runs, CPU seconds ({time.strftime('%Y-%m-%d')}, load {os.getloadavg()[0]:.1f})")
    print(f"{'workload':22} {'baseline':>10} {'new':>10} {'cost':>8}")
    worst = -100.0
    for name, args in same.items():
        # Alternate the two binaries so that load changes hit both alike.
        old, new = [], []
        for _ in range(a.n):
            old.append(cpu_time([a.baseline, *args]))
            new.append(cpu_time([a.pimnic, *args]))
        o, w = min(old), min(new)
        cost = (w / o - 1) * 100
        worst = max(worst, cost)
        print(f"{name:22} {o:10.3f} {w:10.3f} {cost:7.1f}%")
    print(f"tracing off costs at most {worst:.1f}% (target: 3%)")
    traced = workloads(a.pimnic)["pingpong timed"] + ["--max-sim-time", "300us"]
    print(f"\ntraced by the new binary (pingpong timed, 300 us simulated), CPU seconds:")
    base = cpu_time([a.pimnic, *traced])
    print(f"  {'untraced':26} {base:8.3f}")
    for kind in ("commit:t.txt", "binary:t.bin", "binary:t-%c.bin", "qemu,core=nic:q-%c.log",
                 "kanata,core=nic:k.kanata", "kanata:k.kanata", "perfetto:p.json"):
        with tempfile.TemporaryDirectory() as tmp:
            t = cpu_time([a.pimnic, *traced, "--out", tmp, "--trace", kind])
            size = sum(os.path.getsize(os.path.join(tmp, f)) for f in os.listdir(tmp) if f != "config.json")
            print(f"  {kind:26} {t:8.3f}  ({t / base:5.1f} x untraced)  {size / 1e6:8.1f} MB")
    return 0 if worst <= 3.0 else 1


if __name__ == "__main__":
    sys.exit(main())
