#!/usr/bin/env python3
"""Out-of-order model checks (docs/timing.md), run by ctest with label `timing`.

  bench        run firmware/timing-bench under the out-of-order model (presets host and nic-conv)
               and check each kernel's cycles against the configured widths and latencies, with
               tolerances that a wrong model fails
  invariant    the same image or Linux program under the functional and out-of-order models: same
               stdout, exit status and commit trace (hashed without its cycle column)
  determinism  two identical out-of-order runs: identical stats.json, Kanata log and commit trace
"""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_timing import bench_figures, determinism, expect, failures, invariant  # noqa: E402


def figures(pimnic, elf, sets):
    return bench_figures(pimnic, elf, sets, "ooo")


def cmd_bench(a):
    # Preset host (Table I): fetch/decode/commit 4, issue 8, 4 integer ALUs, 1 multiplier
    # (IntMul latency 4, pipelined), 3 memory ports; L1D 2, L2 12, DRAM 140..160 cycles.
    h = figures(a.pimnic, a.elf, [])
    expect("host: add chain: CPI = ALU latency 1", h["add_chain"], 0.95, 1.15)
    # 32 independent adds and a bdnz per iteration; fetch groups end at the taken bdnz: 33 in 9 cycles.
    expect("host: independent adds: IPC approaches the width 4 (cycles per add)", h["add_indep"], 0.25, 0.33)
    expect("host: mullw chain: CPI = multiply latency 4", h["mul_chain"], 3.8, 4.3)
    expect("host: independent mullw: one pipelined multiplier, CPI ~ 1", h["mul_indep"], 0.95, 1.15)
    expect("host: pointer chase in L1: address 1 + L1 latency 2", h["chase_l1"], 2.8, 3.6)
    expect("host: chase L2 - L1 = L2 latency 12", h["chase_l2"] - h["chase_l1"], 10.5, 13.5)
    expect("host: chase DRAM - L2 = DRAM 140..160", h["chase_dram"] - h["chase_l2"], 135, 175)
    pen = h["branch_random"] - h["branch_predictable"]
    expect("host: random - predictable branch (cycles per branch)", pen, 2.0, 12.0)
    expect("host: predictable branch loop overlaps (cycles per element)", h["branch_predictable"], 0.9, 3.0)
    # Three DRAM lines per copied line (source, destination fill, write-back), bound by the banks.
    expect("host: streaming copy: DRAM bound (cycles per 64-byte line)", h["copy_stream"], 100, 300)
    # 16 loads and 16 stores per line; stores drain one a cycle.
    expect("host: copy within L1 (cycles per 64-byte line)", h["copy_l1"], 11, 30)
    expect("host: store, forwarded load, add (cycles per triple)", h["store_load"], 2.5, 5.0)
    # Other configured figures must move the results by the configured amounts.
    s = figures(a.pimnic, a.elf, ["core.op.IntAlu.latency=3", "mem.l2.latency=20", "core.ooo.mispredict_penalty=13",
                                  "core.ooo.decode_width=2", "core.ooo.forward_latency=4"])
    expect("host: add chain with ALU latency 3", s["add_chain"], 2.85, 3.3)
    expect("host: independent adds with decode width 2 (cycles per add)", s["add_indep"], 0.5, 0.6)
    expect("host: chase L2 - L1 with L2 latency 20", s["chase_l2"] - s["chase_l1"], 18.5, 21.5)
    d = (s["branch_random"] - s["branch_predictable"]) - pen
    # 10 more cycles per misprediction, about half of the random branches mispredicted.
    expect("host: misprediction penalty +10 cycles, ~50% mispredicted", d, 3.5, 6.5)
    expect("host: forwarding latency +3 and ALU latency +2 per triple", s["store_load"] - h["store_load"], 4.5, 5.5)
    # Preset nic-conv (Table I): fetch/decode 2, 2 integer ALUs, 1 memory port, RUU 16, L1 latency 1
    # (on the host image, which needs the host's memory and FPU).
    n = figures(a.pimnic, a.elf, ["timing.preset=nic-conv"])
    expect("nic-conv: independent adds: IPC ~ 2 (cycles per add)", n["add_indep"], 0.5, 0.6)
    expect("nic-conv: add chain: CPI 1", n["add_chain"], 0.95, 1.15)
    expect("nic-conv: pointer chase in L1: address 1 + L1 latency 1", n["chase_l1"], 1.9, 2.6)
    expect("nic-conv: one memory port: copy within L1 (cycles per line)", n["copy_l1"], 32, 60)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")


def cmd_invariant(a):
    invariant(a, "ooo")


def cmd_determinism(a):
    determinism(a, "ooo", "out-of-order")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["bench", "invariant", "determinism"])
    ap.add_argument("--pimnic", required=True)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--linux", action="store_true")
    a = ap.parse_args()
    {"bench": cmd_bench, "invariant": cmd_invariant, "determinism": cmd_determinism}[a.mode](a)


if __name__ == "__main__":
    main()
