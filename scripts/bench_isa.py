#!/usr/bin/env python3
"""Side-by-side ISA benchmark: pimnic's functional mode against qemu-ppc-static.

Builds the static powerpc-linux programs of tests/bench (integer, scalar FP, AltiVec integer and
AltiVec float workloads), runs each under `qemu-ppc-static -cpu 7400` and `pimnic linux`, alternating
the two, and prints guest instructions, wall and CPU (user+sys) time, MIPS and pimnic/qemu ratios.

The guest instruction count comes from pimnic (`--out DIR`, stats `sim_insts`); qemu executes the
same static binary with the same auxiliary vector, so the count is the same and its MIPS use it too.
Times are best-of-N; on a shared machine compare CPU time, which contention disturbs least.
Both emulators must print the same output, or the workload is reported as a mismatch.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_SRC = ROOT / "tests" / "bench"

# name: (source, extra compiler flags, default repeat count, target ratio pimnic/qemu)
# Default repeats give roughly 1-2 s under qemu on a ~3 GHz x86-64 host.
WORKLOADS = {
    "int_loop": ("int_loop.c", ["-mno-altivec"], 500_000_000, 0.25),
    "int_mix": ("int_mix.c", ["-mno-altivec"], 800, 0.25),
    "fp_scalar": ("fp_scalar.c", ["-mno-altivec"], 80, 1.0),
    "altivec_int": ("altivec_int.c", ["-maltivec"], 12000, 1.0),
    "altivec_float": ("altivec_float.c", ["-maltivec"], 800, 1.0),
}


def build(name, out_dir, cc):
    src, flags, _, _ = WORKLOADS[name]
    exe = out_dir / name
    deps = [BENCH_SRC / src, BENCH_SRC / "bench_common.h"]
    if exe.exists() and all(exe.stat().st_mtime >= d.stat().st_mtime for d in deps):
        return exe
    if cc == "gcc":
        cmd = ["powerpc-linux-gnu-gcc", "-static"]
    else:
        cmd = ["clang-14", "--target=powerpc-linux-gnu", "--sysroot=/usr/powerpc-linux-gnu", "-static",
               "-fuse-ld=lld"]
    cmd += ["-O2", "-mcpu=7400", *flags, "-o", str(exe), str(BENCH_SRC / src), "-lm"]
    subprocess.run(cmd, check=True)
    return exe


def timed(cmd):
    """Run cmd; return (stdout, wall seconds, user+sys CPU seconds, exit status)."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = p.stdout.read()
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.stderr.write(err.decode(errors="replace"))
        raise RuntimeError(f"{' '.join(cmd)}: exit status {p.returncode}")
    return out, wall, ru.ru_utime + ru.ru_stime


def guest_instructions(pimnic, exe, args):
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([pimnic, "linux", "--no-progress", "--out", d, str(exe), *args], check=True,
                       stdout=subprocess.DEVNULL)
        stats = json.loads((Path(d) / "stats.json").read_text())
    value = stats["sim_insts"]
    return int(value["value"] if isinstance(value, dict) else value)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pimnic", default=None, help="pimnic binary (default: build/bin/pimnic)")
    ap.add_argument("--qemu", default="qemu-ppc-static")
    ap.add_argument("--cpu", default="7400", help="qemu -cpu model")
    ap.add_argument("--cc", choices=["gcc", "clang"], default="gcc", help="cross compiler of the programs")
    ap.add_argument("-n", "--runs", type=int, default=3, help="runs per emulator; the best counts")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every workload's repeat count")
    ap.add_argument("--work-dir", default=None, help="where the programs are built (default: a temp dir)")
    ap.add_argument("--json", default=None, help="also write the results to this file")
    ap.add_argument("workloads", nargs="*", help=f"subset of {', '.join(WORKLOADS)} (default: all)")
    a = ap.parse_args()

    pimnic = a.pimnic or str(ROOT / "build/bin/pimnic")
    if not pimnic or not shutil.which(pimnic):
        sys.exit("bench_isa: no pimnic binary (use --pimnic)")
    names = a.workloads or list(WORKLOADS)
    for n in names:
        if n not in WORKLOADS:
            sys.exit(f"bench_isa: unknown workload {n}")
    work = Path(a.work_dir) if a.work_dir else Path(tempfile.mkdtemp(prefix="pimnic-bench-"))
    work.mkdir(parents=True, exist_ok=True)

    print(f"pimnic: {pimnic}\nqemu:   {a.qemu} -cpu {a.cpu}\nbest of {a.runs} runs, alternating; "
          f"MIPS from CPU (user+sys) time; ratio = pimnic MIPS / qemu MIPS", flush=True)
    rows = []
    for n in names:
        exe = build(n, work, a.cc)
        args = [str(max(1, int(WORKLOADS[n][2] * a.scale)))]
        insts = guest_instructions(pimnic, exe, args)
        q_cmd = [a.qemu, "-cpu", a.cpu, str(exe), *args]
        p_cmd = [pimnic, "linux", "--no-progress", str(exe), *args]
        q_best = p_best = None
        same = True
        for _ in range(a.runs):
            q_out, qw, qc = timed(q_cmd)
            p_out, pw, pc = timed(p_cmd)
            same = same and q_out == p_out
            q_best = (min(q_best[0], qw), min(q_best[1], qc)) if q_best else (qw, qc)
            p_best = (min(p_best[0], pw), min(p_best[1], pc)) if p_best else (pw, pc)
        r = {
            "workload": n, "instructions": insts, "same_output": same, "target": WORKLOADS[n][3],
            "qemu_wall": q_best[0], "qemu_cpu": q_best[1], "pimnic_wall": p_best[0], "pimnic_cpu": p_best[1],
            "qemu_mips": insts / q_best[1] / 1e6, "pimnic_mips": insts / p_best[1] / 1e6,
        }
        r["ratio"] = r["pimnic_mips"] / r["qemu_mips"]
        r["ratio_wall"] = q_best[0] / p_best[0]
        rows.append(r)
        print(f"  {n}: done", file=sys.stderr, flush=True)

    hdr = (f"{'workload':<14}{'guest insts':>14}{'qemu wall':>10}{'cpu':>7}{'MIPS':>7}"
           f"{'pimnic wall':>12}{'cpu':>7}{'MIPS':>7}{'ratio':>7}{'(wall)':>7}{'target':>8}  ")
    print(hdr)
    print("-" * len(hdr))
    for r in rows:
        met = "met" if r["ratio"] >= r["target"] else "MISSED"
        if not r["same_output"]:
            met += " OUTPUT MISMATCH"
        print(f"{r['workload']:<14}{r['instructions']:>14,}{r['qemu_wall']:>9.2f}s{r['qemu_cpu']:>6.2f}s"
              f"{r['qemu_mips']:>7.0f}{r['pimnic_wall']:>11.2f}s{r['pimnic_cpu']:>6.2f}s{r['pimnic_mips']:>7.0f}"
              f"{r['ratio']:>7.2f}{r['ratio_wall']:>7.2f}{'>=' + format(r['target'], 'g'):>8}  {met}")
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=2) + "\n")
    if not a.work_dir:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if all(r["same_output"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
