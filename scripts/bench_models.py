#!/usr/bin/env python3
"""Emulated MIPS per timing model, side by side with qemu-ppc-static (DESIGN.md section 6).

Runs the static powerpc-linux programs of tests/bench (built as scripts/bench_isa.py builds them)
under `pimnic linux --model M` for each model (functional, inorder, and ooo when this pimnic has
it) and under `qemu-ppc-static -cpu 7400`, and prints guest instructions, CPU seconds and MIPS
(instructions from pimnic's sim_insts, CPU = user+sys, best of N), plus the simulated IPC of each
timed model. The in-order target is 50 MIPS (issue 6).
"""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_isa  # noqa: E402  (build(), timed(), WORKLOADS)

ROOT = Path(__file__).resolve().parent.parent


def model_available(pimnic, model):
    p = subprocess.run([pimnic, "linux", "--model", model, "/bin/true"], capture_output=True, text=True)
    return "not available" not in p.stderr


def stats_of(pimnic, model, exe, args):
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([pimnic, "linux", "--no-progress", "--model", model, "--out", d, str(exe), *args],
                       check=True, stdout=subprocess.DEVNULL)
        s = json.loads((Path(d) / "stats.json").read_text())
    get = lambda k: float(s[k]["value"] if isinstance(s[k], dict) else s[k])  # noqa: E731
    return int(get("sim_insts")), get("core0.ipc")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pimnic", default=str(ROOT / "build" / "bin" / "pimnic"))
    ap.add_argument("--qemu", default="qemu-ppc-static")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--scale", type=float, default=0.1, help="multiply every workload's repeat count")
    ap.add_argument("--work", default=str(ROOT / "build" / "bench"))
    ap.add_argument("workloads", nargs="*", default=list(bench_isa.WORKLOADS))
    a = ap.parse_args()
    work = Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    models = [m for m in ("functional", "inorder", "ooo") if model_available(a.pimnic, m)]
    cols = ["qemu"] + models
    print(f"{'workload':<14}{'guest insts':>14}" + "".join(f"{c + ' MIPS':>17}" for c in cols) +
          "".join(f"{m + ' IPC':>14}" for m in models if m != "functional"))
    for name in a.workloads:
        exe = bench_isa.build(name, work, "clang")
        args = [str(max(1, int(bench_isa.WORKLOADS[name][2] * a.scale)))]
        insts, _ = stats_of(a.pimnic, "functional", exe, args)
        mips, ipc = {}, {}
        for _ in range(a.runs):
            runs = {"qemu": [a.qemu, "-cpu", "7400", str(exe), *args]}
            for m in models:
                runs[m] = [a.pimnic, "linux", "--no-progress", "--model", m, str(exe), *args]
            for c, cmd in runs.items():
                _, _, cpu = bench_isa.timed(cmd)
                mips[c] = max(mips.get(c, 0.0), insts / cpu / 1e6)
        for m in models:
            if m != "functional":
                ipc[m] = stats_of(a.pimnic, m, exe, args)[1]
        print(f"{name:<14}{insts:>14,}" + "".join(f"{mips[c]:>17.1f}" for c in cols) +
              "".join(f"{ipc[m]:>14.3f}" for m in models if m != "functional"), flush=True)


if __name__ == "__main__":
    main()
