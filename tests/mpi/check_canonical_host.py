#!/usr/bin/env python3
"""Results do not depend on where and how a run starts (issue 33): the same MPI program, copied to
two directories whose paths differ in length, run by `pimnic mpirun` from each with its stdout
going to a file, a pipe, /dev/null and a pipe under --tag-output, gives byte-identical statistics;
with --real-host (the guest sees the host as it is) it is allowed to differ, and does.

usage: check_canonical_host.py PIMNIC PROGRAM WORKDIR [MPIRUN_OPTIONS...]
"""
import os
import shutil
import subprocess
import sys


def run(pimnic, cwd, program, opts, stats, stdout_kind):
    cmd = [pimnic, "mpirun"] + opts + ["--stats", stats, program]
    if stdout_kind == "tagged":
        cmd.insert(2, "--tag-output")
    out = {"file": open(os.path.join(cwd, "stdout.txt"), "w"), "devnull": subprocess.DEVNULL}.get(
        stdout_kind, subprocess.PIPE)
    p = subprocess.run(cmd, cwd=cwd, stdout=out, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, timeout=600)
    print(f"$ (cd {cwd}; {' '.join(cmd)})  # stdout: {stdout_kind}, exit {p.returncode}")
    if p.returncode != 0:
        print(p.stderr.decode(errors="replace"))
    return p.returncode


def main():
    pimnic, program, work, opts = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
    shutil.rmtree(work, ignore_errors=True)
    dirs = [os.path.join(work, "a"), os.path.join(work, "a-much-longer-directory", "with", "more", "levels")]
    for d in dirs:
        os.makedirs(d)
        shutil.copy(program, d)
    name = os.path.basename(program)
    runs = [  # (directory, how the program is named, stdout)
        (dirs[0], "./" + name, "file"),
        (dirs[1], os.path.join(dirs[1], name), "pipe"),
        (dirs[1], "./" + name, "devnull"),
        (dirs[0], os.path.join(dirs[0], name), "tagged"),
    ]
    failures = []
    stats = []
    for i, (cwd, prog, kind) in enumerate(runs):
        path = os.path.join(work, f"stats{i}.txt")
        if run(pimnic, cwd, prog, opts, path, kind) != 0:
            failures.append(f"run {i} failed")
        stats.append(open(path, "rb").read() if os.path.exists(path) else b"")
    for i in range(1, len(runs)):
        if stats[i] != stats[0]:
            failures.append(f"statistics of run {i} ({runs[i]}) differ from run 0's ({runs[0]})")
    real = os.path.join(work, "stats-real-host.txt")
    run(pimnic, dirs[1], os.path.join(dirs[1], name), opts + ["--real-host"], real, "devnull")
    if os.path.exists(real) and open(real, "rb").read() == stats[0]:
        failures.append("--real-host gives the canonical statistics too: the test no longer sees the host")
    print("\n".join(failures) if failures else "ok: identical statistics")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
