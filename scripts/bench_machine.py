#!/usr/bin/env python3
"""Machine benchmark (issue 8): simulated microseconds per wall second and host memory per node for
the 16-node all-to-all and the 1,024-node ring over the NIC message layer
(firmware/examples/pingpong), next to the network-alone benchmark (net_bench --quick); with
--mpi-ranks, the same ring as an MPI program whose ranks are Linux processes on the host cores
(pimnic mpirun, tests/bench/mpi_ring.c, built with pimnic-mpicc). docs/machine-bench.md has the
results.

Each workload runs --repeat times as a child process; the run with the least CPU time (user + sys,
from os.wait4's resource usage of that child) is kept. Simulated time is sim_seconds from
`pimnic run --stats FILE`. Memory is the child's peak resident set (ru_maxrss); per node it is
    (RSS(N nodes) - RSS(2 nodes of the same workload)) / (N - 2)      "marginal", and
    (RSS(N nodes) - RSS(pimnic disasm --words 60000000)) / N          "gross"
(pimnic has no --version; the one-word disassembly is the smallest run of the same binary).
so the fixed cost of the emulator (code, libraries, the decoder's tables) is left out of the first.

usage: scripts/bench_machine.py [--build DIR] [--repeat N] [--ring-nodes N ...] [--ring-repeat N] [--ring-ram SIZE]
                                [--no-ooo] [--no-net] [--only alltoall|ring|mpi] [--mpi-ranks N ...]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time


def run_child(cmd, timeout=None):
    """Run cmd; returns (exit status, stdout+stderr text, wall s, cpu s, maxrss KiB) of that child."""
    with tempfile.TemporaryFile() as out:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = None if timeout is None else t0 + timeout
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if deadline and time.monotonic() > deadline:
                p.kill()
                pid, status, ru = os.wait4(p.pid, 0)
                break
            time.sleep(0.02)
        wall = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode(errors="replace")
    return p.returncode, text, wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss


def stat(stats_file, name):
    with open(stats_file) as f:
        m = re.search(rf"^{re.escape(name)}\s+(\S+)", f.read(), re.M)
    return float(m[1]) if m else None


def uptime():
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        with open("/proc/loadavg") as f:
            return "load average " + f.read().strip()


class Bench:
    def __init__(self, args):
        self.a = args
        self.pimnic = os.path.join(args.build, "bin", "pimnic")
        self.fw = os.path.join(args.build, "firmware")
        self.work = tempfile.mkdtemp(prefix="bench_machine.")
        for f in ("pimnic",):
            if not os.access(self.pimnic, os.X_OK):
                sys.exit(f"bench_machine: no {self.pimnic} (build the pimnic and firmware targets)")

    def machine_cmd(self, host_elf, nodes, model, extra_sets=()):
        stats = os.path.join(self.work, "stats.txt")
        cmd = [self.pimnic, "run", "--machine", "table1-conv", "--set", f"machine.nodes={nodes}", "--no-progress"]
        for s in extra_sets:
            cmd += ["--set", s]
        if model == "functional":
            cmd += ["--model", "functional"]
        cmd += ["--image", "n*.host=" + os.path.join(self.fw, host_elf),
                "--image", "n*.nic=" + os.path.join(self.fw, "pingpong-nic.elf"), "--stats", stats]
        return cmd, stats

    def mpi_cmd(self, ranks):
        stats = os.path.join(self.work, "stats.txt")
        return [self.pimnic, "mpirun", "-n", str(ranks), "--model", "functional", "--no-progress", "--stats", stats,
                self.mpi_ring()], stats

    def mpi_ring(self):
        """tests/bench/mpi_ring.c built with this build's pimnic-mpicc (once)."""
        prog = os.path.join(self.work, "mpi_ring")
        if not os.path.exists(prog):
            src = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "bench", "mpi_ring.c")
            r = subprocess.run([os.path.join(self.a.build, "bin", "pimnic-mpicc"), "-O2", "-o", prog, src],
                               capture_output=True, text=True)
            if r.returncode != 0:
                sys.exit(f"bench_machine: pimnic-mpicc failed (make firmware builds the MPI library):\n{r.stderr}")
        return prog

    def best(self, cmd, stats=None, repeat=None, check=None):
        """Best of `repeat` runs by CPU time: dict with wall, cpu, rss (KiB), sim_us, out."""
        best = None
        for _ in range(repeat or self.a.repeat):
            if stats and os.path.exists(stats):
                os.unlink(stats)
            rc, out, wall, cpu, rss = run_child(cmd, timeout=self.a.timeout)
            if rc != 0:
                sys.exit(f"bench_machine: {' '.join(cmd)} exited {rc}:\n{out[-3000:]}")
            if check and not check(out):
                sys.exit(f"bench_machine: {' '.join(cmd)}: unexpected output:\n{out[-3000:]}")
            r = {"wall": wall, "cpu": cpu, "rss": rss, "out": out,
                 "sim_us": stat(stats, "sim_seconds") * 1e6 if stats else 0.0,
                 "insts": stat(stats, "sim_insts") if stats else 0.0,
                 "events": stat(stats, "sim_events") if stats else 0.0}
            if best is None or r["cpu"] < best["cpu"]:
                best = r
        return best

    def workload(self, name, host_elf, nodes, model, check, extra_sets=(), repeat=None):
        make = (lambda n: self.mpi_cmd(n)) if host_elf is None else (lambda n: self.machine_cmd(host_elf, n, model, extra_sets))
        cmd, stats = make(nodes)
        r = self.best(cmd, stats, repeat=repeat, check=check(nodes))
        r["repeat"] = repeat or self.a.repeat
        base_cmd, base_stats = make(2)
        base = self.best(base_cmd, base_stats, repeat=1, check=check(2)) if nodes > 2 else r
        r.update(name=name, nodes=nodes, model=model, base2_rss=base["rss"], cmd=cmd)
        self.rows.append(r)
        print(f"  done: {name} {model} {nodes} nodes: {r['sim_us']:.1f} sim us, cpu {r['cpu']:.2f} s, "
              f"rss {r['rss'] / 1024:.1f} MiB", file=sys.stderr, flush=True)
        return r

    def run(self):
        a = self.a
        self.rows = []
        load_before = uptime()
        version = self.best([self.pimnic, "disasm", "--words", "60000000"], repeat=3)
        self.version_rss = version["rss"]

        def alltoall_ok(n):
            return lambda out: len(re.findall(r"received \d+ messages, \d+ bytes, intact", out)) == n

        def ring_ok(n):
            return lambda out: re.search(rf"ring: {n} nodes, \d+ laps of \d+ bytes, node 0 intact", out) is not None

        if a.only in (None, "alltoall"):
            self.workload("all-to-all", "alltoall-host.elf", 16, "functional", alltoall_ok)
            if a.ooo:
                self.workload("all-to-all", "alltoall-host.elf", 16, "ooo", alltoall_ok)
        if a.only in (None, "ring"):
            sets = [f"host.mem.ram_size={a.ring_ram}"] if a.ring_ram else []
            for n in a.ring_nodes:
                self.workload("ring", "ring-host.elf", n, "functional", ring_ok, sets, repeat=a.ring_repeat)
        if a.only in (None, "mpi"):
            for n in a.mpi_ranks:
                self.workload("mpi ring", None, n, "functional",
                              lambda n: lambda out: f"mpi ring: {n} ranks, 4 laps of 6144 bytes, rank 0 intact" in out,
                              repeat=a.ring_repeat)
        net = self.net_bench() if a.net else []
        load_after = uptime()
        self.report(net, load_before, load_after)

    def net_bench(self):
        exe = os.path.join(self.a.build, "bin", "net_bench")
        if not os.access(exe, os.X_OK):
            return []
        r = self.best([exe, "--quick"], repeat=self.a.repeat)
        rows = []
        pat = (r"^(\S+)\s+(\d+) nodes\s+(\d+) B payload:\s+(\d+) sim us in\s+([\d.]+) wall s =\s+(\d+) sim us/wall s.*?"
               r"host bytes/node\s+(\d+) built,\s+(\d+) after run")
        for m in re.finditer(pat, r["out"], re.M):
            rows.append(dict(name=f"net {m[1]} {m[3]} B", nodes=int(m[2]), sim_us=float(m[4]), wall=float(m[5]),
                             rate=float(m[6]), built=float(m[7]), after=float(m[8])))
        return rows

    def report(self, net, load_before, load_after):
        a = self.a
        print()
        print(f"pimnic machine benchmark: {self.pimnic}, best of {a.repeat} by CPU time (user+sys of the child)")
        print(f"uptime before: {load_before}")
        print(f"uptime after:  {load_after}")
        print(f"RSS baseline: pimnic disasm --words 60000000 {self.version_rss / 1024:.1f} MiB; per node 'marginal' = "
              f"(RSS - RSS of the same workload on 2 nodes) / (N - 2), 'gross' = (RSS - that baseline) / N")
        if a.ring_ram:
            print(f"ring runs with --set host.mem.ram_size={a.ring_ram}")
        hdr = (f"{'workload':<12} {'model':<10} {'nodes':>5} {'runs':>4} {'sim us':>9} {'wall s':>8} {'CPU s':>8} "
               f"{'sim us/wall s':>13} {'sim us/CPU s':>12} {'MIPS':>7} {'max RSS MiB':>11} "
               f"{'KiB/node marg.':>14} {'KiB/node gross':>14}")
        print(hdr)
        print("-" * len(hdr))
        for r in self.rows:
            marg = (r["rss"] - r["base2_rss"]) / (r["nodes"] - 2) if r["nodes"] > 2 else float("nan")
            gross = (r["rss"] - self.version_rss) / r["nodes"]
            print(f"{r['name']:<12} {r['model']:<10} {r['nodes']:>5} {r['repeat']:>4} {r['sim_us']:>9.1f} {r['wall']:>8.2f} "
                  f"{r['cpu']:>8.2f} {r['sim_us'] / r['wall']:>13.1f} {r['sim_us'] / r['cpu']:>12.1f} "
                  f"{r['insts'] / r['cpu'] / 1e6:>7.1f} {r['rss'] / 1024:>11.1f} {marg:>14.1f} {gross:>14.1f}")
        if net:
            print()
            print("network alone (build/bin/net_bench --quick, its own timer; memory: heap bytes per node)")
            hdr = f"{'workload':<24} {'nodes':>5} {'sim us':>9} {'wall s':>8} {'sim us/wall s':>13} {'B/node built':>12} {'B/node after':>12}"
            print(hdr)
            print("-" * len(hdr))
            for r in net:
                print(f"{r['name']:<24} {r['nodes']:>5} {r['sim_us']:>9.0f} {r['wall']:>8.3f} {r['rate']:>13.0f} "
                      f"{r['built']:>12.0f} {r['after']:>12.0f}")
        print()
        for r in self.rows:
            print("command:", " ".join(r["cmd"]).replace(self.work + "/", ""))
        for r in self.rows:
            for line in r["out"].splitlines():
                if line.startswith(("n0.host: ring:", "mpi ring:")) or ("alltoall: node 0 received" in line):
                    print(f"{r['name']} {r['model']} {r['nodes']}: {line}")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", default=os.path.join(os.path.dirname(here), "build"), help="build directory (bin/, firmware/)")
    p.add_argument("--repeat", type=int, default=3, help="runs per workload; the least CPU time is kept")
    p.add_argument("--ring-nodes", type=int, nargs="+", default=[1024], help="ring sizes (default 1024)")
    p.add_argument("--ring-repeat", type=int, default=1, help="runs of each ring (default 1: the 1,024-node ring takes minutes)")
    p.add_argument("--ring-ram", default="1MiB", help="host.mem.ram_size for the ring ('' for the preset's 64 MiB)")
    p.add_argument("--no-ooo", dest="ooo", action="store_false", help="skip the all-to-all with the Table I ooo models")
    p.add_argument("--no-net", dest="net", action="store_false", help="skip net_bench --quick")
    p.add_argument("--only", choices=["alltoall", "ring", "mpi"])
    p.add_argument("--mpi-ranks", type=int, nargs="*", default=[],
                   help="MPI ring sizes: ranks are Linux processes on the host cores (pimnic mpirun; default none)")
    p.add_argument("--timeout", type=float, default=3600, help="seconds per run before it is killed")
    Bench(p.parse_args()).run()


if __name__ == "__main__":
    main()
