#!/usr/bin/env python3
"""MPI benchmark (issue 20, "Benchmark"): side by side in one run,
  1. 0-byte MPI ping-pong, 10,000 round trips (firmware/bench/pingpong), with the Table I models of
     the table1-conv machine, the MPI library waiting by spinning and by sleeping
     (PIMNIC_MPI_WAIT=spin|block): simulated us per wall second, guest instructions (host cores and
     NIC cores apart) and guest MIPS, and the ping-pong latency each reports (the same within one
     poll: waiting must not change the timing);
  2. 1,024 ranks in an MPI_Allreduce loop (firmware/bench/allreduce_loop): wall time and host
     memory per node (peak RSS of pimnic; per node "gross" = RSS / N, "marginal" =
     (RSS - RSS of the same run on 2 ranks) / (N - 2)).
Each run is a child process; the best of --repeat by CPU time (user + sys) is kept. Statistics
come from `pimnic mpirun --stats` (sim_seconds, nN.host.committed_insts, nN.nic.committed_insts).

usage: scripts/bench_mpi.py [--build DIR] [--repeat N] [--round-trips N] [--ranks N] [--iterations N]
                            [--allreduce-model MODEL] [--only pingpong|allreduce]
"""
import argparse
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_machine import run_child  # noqa: E402  (one child runner for both benchmarks)


def read_stats(path):
    stats = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2:
                try:
                    stats[parts[0]] = float(parts[1])
                except ValueError:
                    pass
    return stats


def uptime():
    with open("/proc/loadavg") as f:
        return "load average " + " ".join(f.read().split()[:3])


class Bench:
    def __init__(self, a):
        self.a = a
        self.pimnic = os.path.join(a.build, "bin", "pimnic")
        self.bench = os.path.join(a.build, "firmware", "bench")
        self.work = tempfile.mkdtemp(prefix="bench_mpi.")
        for f in (self.pimnic, os.path.join(self.bench, "pingpong"), os.path.join(self.bench, "allreduce_loop")):
            if not os.access(f, os.X_OK):
                sys.exit(f"bench_mpi: no {f} (build pimnic and `make firmware`)")

    def best(self, cmd, repeat=None):
        stats = os.path.join(self.work, "stats.txt")
        cmd = cmd[:2] + ["--stats", stats] + cmd[2:]
        best = None
        for _ in range(repeat or self.a.repeat):
            if os.path.exists(stats):
                os.unlink(stats)
            rc, out, wall, cpu, rss = run_child(cmd, timeout=self.a.timeout)
            if rc != 0:
                sys.exit(f"bench_mpi: {' '.join(cmd)} exited {rc}:\n{out[-3000:]}")
            r = dict(wall=wall, cpu=cpu, rss=rss, out=out, stats=read_stats(stats), cmd=cmd)
            if best is None or r["cpu"] < best["cpu"]:
                best = r
        s = best["stats"]
        best["sim_us"] = s.get("sim_seconds", 0) * 1e6
        best["host_insts"] = sum(v for k, v in s.items() if re.fullmatch(r"n\d+\.host\.committed_insts", k))
        best["nic_insts"] = sum(v for k, v in s.items() if re.fullmatch(r"n\d+\.(nic|pim\d)\.committed_insts", k))
        best["insts"] = s.get("sim_insts", best["host_insts"] + best["nic_insts"])
        return best

    def pingpong(self):
        rows = []
        for mode in ("spin", "block"):
            cmd = [self.pimnic, "mpirun", "-n", "2", "--nic", "conv", "--machine", "table1-conv",
                   "-x", f"PIMNIC_MPI_WAIT={mode}",
                   os.path.join(self.bench, "pingpong"), "-s", "0", "-i", str(self.a.round_trips), "-w", "0"]
            r = self.best(cmd)
            m = re.search(r"^\s*0\s+\d+\s+([\d.]+)", r["out"], re.M)
            r.update(mode=mode, latency=float(m[1]) if m else float("nan"))
            rows.append(r)
            print(f"  done: ping-pong {mode}: {r['sim_us']:.0f} sim us in {r['wall']:.2f} s", file=sys.stderr, flush=True)
        return rows

    def allreduce(self):
        rows = []
        for n in (2, self.a.ranks):
            cmd = [self.pimnic, "mpirun", "-n", str(n), "--nic", "conv", "--machine", "table1-conv"]
            if self.a.allreduce_model:
                cmd += ["--model", self.a.allreduce_model]
            cmd += [os.path.join(self.bench, "allreduce_loop"), str(self.a.iterations)]
            r = self.best(cmd, repeat=1 if n > 2 else self.a.repeat)
            m = re.search(r"([\d.]+) us per MPI_Allreduce, (\d+) wrong", r["out"])
            if not m or m[2] != "0":
                sys.exit(f"bench_mpi: allreduce_loop on {n} ranks did not report correct sums:\n{r['out'][-2000:]}")
            r.update(ranks=n, per_allreduce=float(m[1]))
            rows.append(r)
            print(f"  done: allreduce {n} ranks in {r['wall']:.2f} s, {r['rss'] / 1024:.0f} MiB", file=sys.stderr, flush=True)
        return rows

    def run(self):
        before = uptime()
        pp = self.pingpong() if self.a.only in (None, "pingpong") else []
        ar = self.allreduce() if self.a.only in (None, "allreduce") else []
        after = uptime()
        print(f"\npimnic MPI benchmark: {self.pimnic}, best of {self.a.repeat} by CPU time (user+sys of the child)")
        print(f"{before} before, {after} after")
        if pp:
            print(f"\n0-byte ping-pong, {self.a.round_trips} round trips, table1-conv (Table I models), PIMNIC_MPI_WAIT:")
            hdr = (f"{'wait':<6} {'latency us':>10} {'sim us':>10} {'wall s':>8} {'CPU s':>8} {'sim us/wall s':>13} "
                   f"{'host insts':>12} {'NIC insts':>12} {'guest MIPS':>10}")
            print(hdr + "\n" + "-" * len(hdr))
            for r in pp:
                print(f"{r['mode']:<6} {r['latency']:>10.3f} {r['sim_us']:>10.1f} {r['wall']:>8.2f} {r['cpu']:>8.2f} "
                      f"{r['sim_us'] / r['wall']:>13.0f} {r['host_insts']:>12.0f} {r['nic_insts']:>12.0f} "
                      f"{r['insts'] / r['cpu'] / 1e6:>10.1f}")
            spin, block = pp
            if block["host_insts"]:
                print(f"host instructions spin / block: {spin['host_insts'] / block['host_insts']:.1f}x (target >= 20x); "
                      f"latency difference {abs(spin['latency'] - block['latency']) * 1000:.1f} ns")
        if ar:
            two, big = ar
            n = big["ranks"]
            print(f"\nMPI_Allreduce loop, {self.a.iterations} iterations, model "
                  f"{self.a.allreduce_model or 'Table I (preset)'}:")
            hdr = (f"{'ranks':>6} {'us/allreduce':>12} {'sim us':>10} {'wall s':>8} {'CPU s':>8} {'max RSS MiB':>11} "
                   f"{'KiB/node gross':>14} {'KiB/node marg.':>14}")
            print(hdr + "\n" + "-" * len(hdr))
            for r in ar:
                marg = (r["rss"] - two["rss"]) / (r["ranks"] - 2) if r["ranks"] > 2 else float("nan")
                print(f"{r['ranks']:>6} {r['per_allreduce']:>12.2f} {r['sim_us']:>10.1f} {r['wall']:>8.2f} {r['cpu']:>8.2f} "
                      f"{r['rss'] / 1024:>11.1f} {r['rss'] / r['ranks']:>14.1f} {marg:>14.1f}")
            print(f"target: < 4 MiB (4096 KiB) per node at {n} ranks")
        print()
        for r in pp + ar:
            print("command:", " ".join(r["cmd"]).replace(self.work + "/", ""))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", default=os.path.join(os.path.dirname(here), "build"))
    p.add_argument("--repeat", type=int, default=3, help="runs per measurement; the least CPU time is kept")
    p.add_argument("--round-trips", type=int, default=10000)
    p.add_argument("--ranks", type=int, default=1024, help="ranks of the Allreduce loop")
    p.add_argument("--iterations", type=int, default=10, help="Allreduce iterations")
    p.add_argument("--allreduce-model", default="functional", help="--model for the Allreduce loop ('' = preset)")
    p.add_argument("--only", choices=["pingpong", "allreduce"])
    p.add_argument("--timeout", type=float, default=7200)
    Bench(p.parse_args()).run()


if __name__ == "__main__":
    main()
