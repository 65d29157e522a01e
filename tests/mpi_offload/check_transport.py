#!/usr/bin/env python3
"""Runs programs/transport_pingpong under `pimnic mpirun -n 2` and checks every size came back
intact. With --compare-wait, runs it twice with the Table I timing models, sleeping in the UIO
device (the default) and spinning (PIMNIC_MPI_WAIT=spin), and requires the same simulated latency
within one poll of the host's loop, while sleeping retires far fewer host instructions."""
import argparse, re, subprocess, sys

def run(pimnic, prog, extra, env, stats, latency_only=False):
    cmd = [pimnic, "mpirun", "-n", "2", "--stats", stats] + extra
    for e in env:
        cmd += ["-x", e]
    cmd += [prog, "30"] + (["latency"] if latency_only else [])
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {p.returncode}\n{p.stdout}\n{p.stderr}")
    lines = p.stdout.splitlines()
    sizes = [l for l in lines if l.startswith("size ")]
    bad = [l for l in sizes if not l.endswith(": ok")]
    if len(sizes) != (0 if latency_only else 11) or bad:
        sys.exit(f"FAIL: sizes {sizes}")
    lat = float(re.search(r"latency_us (\S+)", p.stdout).group(1))
    host_insts = sum(float(m.group(1)) for m in re.finditer(r"^n\d\.host\.committed_insts\s+(\S+)", open(stats).read(), re.M))
    return lat, host_insts

def main():
    a = argparse.ArgumentParser()
    a.add_argument("pimnic"); a.add_argument("prog"); a.add_argument("work")
    a.add_argument("--compare-wait", action="store_true")
    a.add_argument("extra", nargs="*")
    o = a.parse_args()
    if not o.compare_wait:
        lat, _ = run(o.pimnic, o.prog, o.extra, [], o.work + ".stats")
        print(f"ok: every size intact, 0-byte latency {lat:.3f} us")
        return
    block, block_insts = run(o.pimnic, o.prog, o.extra, [], o.work + ".block.stats", True)
    spin, spin_insts = run(o.pimnic, o.prog, o.extra, ["PIMNIC_MPI_WAIT=spin"], o.work + ".spin.stats", True)
    # One pass of the host's polling loop (reap the ring, look again) is tens of instructions:
    # well under 0.1 us at 2 GHz.
    if not abs(spin - block) < 0.1:
        sys.exit(f"FAIL: 0-byte latency sleeping {block:.4f} us, spinning {spin:.4f} us (want equal within one poll)")
    if not spin_insts > 2 * block_insts:
        sys.exit(f"FAIL: host instructions sleeping {block_insts:.0f}, spinning {spin_insts:.0f}")
    print(f"ok: latency sleeping {block:.4f} us, spinning {spin:.4f} us; host instructions {block_insts:.0f} vs {spin_insts:.0f}")

main()
