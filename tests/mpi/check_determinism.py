#!/usr/bin/env python3
"""Determinism: the same `pimnic mpirun` run twice gives identical stdout and identical --stats
files (docs/machine.md: everything is ordered by simulated time and core number).

usage: check_determinism.py PIMNIC WORKDIR MPIRUN_ARGS...   (everything after `pimnic mpirun`)
Exit status 0 identical, 1 different or a run failed, 77 skipped (no pimnic mpirun or program yet).
"""
import os
import subprocess
import sys


def main():
    pimnic, work, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    program = next((a for a in args if os.sep in a), None)
    if program and not os.path.exists(program):
        print(f"skipped: {program} was not built (pimnic-mpicc is not there yet)")
        return 77
    helptext = subprocess.run([pimnic, "--help"], capture_output=True, text=True)
    if "mpirun" not in helptext.stdout + helptext.stderr:
        print("skipped: this pimnic has no mpirun subcommand yet")
        return 77
    os.makedirs(work, exist_ok=True)
    runs = []
    for tag in ("first", "second"):
        stats = os.path.join(work, f"{tag}.stats")
        cmd = [pimnic, "mpirun", "--stats", stats] + args
        p = subprocess.run(cmd, capture_output=True, timeout=900, stdin=subprocess.DEVNULL)
        print(f"$ {' '.join(cmd)}   [exit {p.returncode}, {len(p.stdout)} bytes of stdout]")
        if p.returncode != 0:
            print(p.stderr.decode(errors="replace")[-3000:])
            return 1
        with open(stats, "rb") as f:
            runs.append((p.stdout, f.read()))
    (out1, stats1), (out2, stats2) = runs
    failures = []
    if out1 != out2:
        failures.append("stdout differs between the two runs")
    if stats1 != stats2:
        lines1, lines2 = stats1.decode().splitlines(), stats2.decode().splitlines()
        diff = [f"  {a}  |  {b}" for a, b in zip(lines1, lines2) if a != b][:10]
        failures.append("the statistics differ:\n" + "\n".join(diff))
    if not stats1.strip():
        failures.append("the statistics file is empty")
    print("\n".join(failures) if failures else f"identical stdout and statistics ({len(stats1.splitlines())} lines)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
