#!/usr/bin/env python3
"""Timing-model checks (docs/timing.md), run by ctest with label `timing`.

  bench        run firmware/timing-bench under the in-order model and check each kernel's cycles
               against the configured latencies, with tolerances that a wrong model fails
  invariant    the same image or Linux program under functional and in-order models: same stdout,
               exit status and commit trace (hashed without its cycle column)
  determinism  two identical in-order runs: identical stats.json, Kanata log and commit trace
  memo         an in-order run that replays block memos and one that places every instruction by
               itself (core.inorder.memo=false): identical statistics, and the first did replay
"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def run(pimnic, args, linux=False, timeout=600, stdout_file=None):
    cmd = [pimnic, "linux" if linux else "run"] + args
    if stdout_file:  # Linux programs fstat stdout: /dev/null looks the same to every run
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=timeout)
        return p.returncode, "", p.stderr
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def bench_figures(pimnic, elf, sets, model="inorder"):
    """Run firmware/timing-bench under `model` with the extra --set values; {kernel: figure}."""
    args = [elf, "--model", model, "--set", "core.tb_divider=1"]
    for s in sets:
        args += ["--set", s]
    rc, out, err = run(pimnic, args)
    if rc != 0:
        sys.exit(f"timing-bench failed ({rc}): {err}")
    figs = {}
    for line in out.splitlines():
        name, x100, _units, _check = line.split()
        figs[name] = int(x100) / 100.0
    return figs


failures = []


def expect(what, value, lo, hi):
    ok = lo <= value <= hi
    print(f"{'ok  ' if ok else 'FAIL'} {what}: {value:.2f} (expected {lo:.2f} .. {hi:.2f})")
    if not ok:
        failures.append(what)


def cmd_bench(a):
    base = bench_figures(a.pimnic, a.elf, [])
    # Preset host: IntAlu 1, IntMul 4 (interval 1), L1D 2, L2 12, DRAM row miss 160 cycles.
    expect("add chain: CPI = ALU latency 1", base["add_chain"], 1.0, 1.25)
    expect("independent adds: in-order IPC ~ 1", base["add_indep"], 1.0, 1.2)
    expect("mullw chain: CPI = multiply latency 4", base["mul_chain"], 3.9, 4.3)
    expect("independent mullw: pipelined, CPI ~ 1", base["mul_indep"], 1.0, 1.3)
    expect("pointer chase in L1: load-use = 1 + L1 latency 2", base["chase_l1"], 2.5, 4.0)
    expect("chase L2 - L1 = L2 latency 12", base["chase_l2"] - base["chase_l1"], 10.5, 13.5)
    expect("chase DRAM - L2 = DRAM row hit..miss 140..160", base["chase_dram"] - base["chase_l2"], 135, 175)
    expect("random - predictable branch (cycles per branch)", base["branch_random"] - base["branch_predictable"], 0.4, 3.0)
    expect("streaming copy: cycles per 64-byte line (DRAM bound)", base["copy_stream"], 140, 400)
    expect("streaming copy / copy within L1", base["copy_stream"] / base["copy_l1"], 3.0, 20.0)
    expect("store then load of the same word (3 instructions)", base["store_load"], 3.0, 6.0)
    # The same kernels with other configured latencies must move by the configured amounts.
    slow = bench_figures(a.pimnic, a.elf, ["core.op.IntAlu.latency=3", "mem.l2.latency=20",
                                           "core.inorder.mispredict_penalty=11", "mem.dram.row_miss=300",
                                           "mem.dram.row_hit=280"])
    expect("add chain with ALU latency 3", slow["add_chain"], 2.9, 3.3)
    expect("independent adds with ALU latency 3 stay ~1", slow["add_indep"], 1.0, 1.2)
    expect("chase L2 - L1 with L2 latency 20", slow["chase_l2"] - slow["chase_l1"], 18.5, 21.5)
    expect("chase DRAM - L2 with DRAM 280..300", slow["chase_dram"] - slow["chase_l2"], 275, 315)
    d0 = base["branch_random"] - base["branch_predictable"]
    d1 = slow["branch_random"] - slow["branch_predictable"]
    # 10 more cycles per misprediction, about half of the random branches mispredicted.
    expect("misprediction penalty +10 cycles, random branch ~50% mispredicted", d1 - d0, 3.5, 6.5)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")


def commit_lines(trace_text):
    """The commit trace without its cycle column ("n:c:t cycle icount pc ..."), the only
    timing-dependent one, and the pid Linux mode hands the guest (the host's, from glibc's
    set_tid_address at start-up), or None."""
    m = re.search(r"<__tls_init_tp\+0x[0-9a-f]+> 44000002 sc ; r3=([0-9a-f]{8})", trace_text)
    lines = []
    for line in trace_text.splitlines():
        if not line.startswith("#"):
            f = line.split(" ", 2)
            lines.append(f[0] + " " + f[2])
    return lines, (m.group(1) if m else None)


def same_run(a, b):
    """Line by line; a difference is allowed only where each side has its own pid."""
    (la, pa), (lb, pb) = a, b
    if len(la) != len(lb):
        return f"{len(la)} vs {len(lb)} instructions"
    for n, (x, y) in enumerate(zip(la, lb)):
        if x != y and not (pa and pb and x.replace(pa, "PID") == y.replace(pb, "PID")):
            return f"instruction {n + 1}:\n  {x}\n  {y}"
    return None


def program_args(a, options):
    """pimnic's arguments for a.elf with `options`: a Linux program (deterministic clock and an
    empty environment) after them, a firmware image before."""
    return ["--clock", "sim", "--clear-env"] + options + [a.elf] if a.linux else [a.elf] + options


def invariant(a, timed):
    """The image or Linux program under the functional model and under `timed`: same exit status,
    stdout and commit trace (without its cycle column)."""
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for model in ("functional", timed):
            trace = Path(tmp) / f"{model}.trace"
            args = program_args(a, ["--model", model, "--trace", f"commit:{trace}"])
            rc, _, err = run(a.pimnic, args, linux=a.linux, stdout_file="/dev/null")
            plain = [x for x in args if not x.startswith("--trace") and not x.startswith("commit:")]
            rc2, out, _ = run(a.pimnic, plain, linux=a.linux)  # stdout, from a run without the trace
            results[model] = (rc if rc == rc2 else f"{rc}/{rc2}", out, commit_lines(trace.read_text()))
            print(f"{model}: exit {rc}, {len(out)} bytes of stdout, {len(results[model][2][0])} instructions traced")
    f, i = results["functional"], results[timed]
    if f[0] != i[0]:
        sys.exit(f"exit status differs: functional {f[0]}, {timed} {i[0]}")
    if f[1] != i[1]:
        sys.exit(f"stdout differs between functional and {timed}")
    diff = same_run(f[2], i[2])
    if diff:
        sys.exit(f"commit traces (without cycles) differ between functional and {timed} at {diff}")


def cmd_invariant(a):
    invariant(a, "inorder")


def determinism(a, model, name):
    """Two identical traced runs under `model` give identical stats, Kanata log and commit trace, and
    an untraced run the same statistics (`name` says the model in messages)."""
    outs = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(2):
            d = Path(tmp) / f"run{k}"
            rc, out, err = run(a.pimnic, [a.elf, "--model", model, "--out", str(d), "--trace", "kanata:pipe.kanata",
                                          "--trace", "commit:run.trace"])
            if rc != 0 and not getattr(a, "allow_fail", False):
                sys.exit(f"run {k} failed ({rc}): {err}")
            outs.append({n: (d / n).read_bytes() for n in ("stats.json", "stats.txt", "pipe.kanata", "run.trace")})
            # The traced run and an untraced run time the program the same way.
            d2 = Path(tmp) / f"plain{k}"
            run(a.pimnic, [a.elf, "--model", model, "--out", str(d2)])
            outs[-1]["plain stats.json"] = (d2 / "stats.json").read_bytes()
    for n in outs[0]:
        if outs[0][n] != outs[1][n]:
            sys.exit(f"{n} differs between two identical runs")
    # (A traced run places every instruction by itself: only the count of replayed ones differs.)
    if timing_stats(json.loads(outs[0]["stats.json"])) != timing_stats(json.loads(outs[0]["plain stats.json"])):
        sys.exit(f"a traced {name} run and an untraced one give different statistics")
    print("identical:", ", ".join(outs[0]))


def timing_stats(stats):
    """Statistics without host figures and the in-order model's count of replayed instructions."""
    return {k: v for k, v in stats.items() if "host" not in k and not k.endswith("inorder.replayed")}


def cmd_determinism(a):
    determinism(a, "inorder", "in-order")


def cmd_memo(a):
    """Block memos change nothing but the host time: the same statistics with and without."""
    stats = {}
    with tempfile.TemporaryDirectory() as tmp:
        for memo in ("true", "false"):
            d = Path(tmp) / memo
            args = program_args(a, ["--set", f"core.inorder.memo={memo}", "--model", "inorder", "--out", str(d)])
            rc, _, err = run(a.pimnic, args, linux=a.linux, stdout_file="/dev/null")
            if rc != 0 and not a.allow_fail:
                sys.exit(f"memo={memo} run failed ({rc}): {err}")
            stats[memo] = json.loads((d / "stats.json").read_text())
    replayed = {m: int(s["core0.inorder.replayed"]) for m, s in stats.items()}
    insts = int(stats["true"]["sim_insts"])
    print(f"{insts} instructions, {replayed['true']} replayed from block memos")
    if replayed["false"] != 0 or replayed["true"] == 0:
        sys.exit(f"replayed instructions: {replayed['true']} with memos, {replayed['false']} without")
    on, off = (timing_stats(stats[m]) for m in ("true", "false"))
    diff = sorted(k for k in on.keys() | off.keys() if on.get(k) != off.get(k))
    if diff:
        sys.exit("statistics differ with and without block memos: " +
                 ", ".join(f"{k} {on.get(k)} vs {off.get(k)}" for k in diff[:8]))
    print(f"identical: {len(on)} statistics")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["bench", "invariant", "determinism", "memo"])
    ap.add_argument("--pimnic", required=True)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--linux", action="store_true")
    ap.add_argument("--allow-fail", action="store_true")
    a = ap.parse_args()
    {"bench": cmd_bench, "invariant": cmd_invariant, "determinism": cmd_determinism, "memo": cmd_memo}[a.mode](a)


if __name__ == "__main__":
    main()
