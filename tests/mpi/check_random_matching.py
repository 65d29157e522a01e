#!/usr/bin/env python3
"""Run programs/random_matching under an MPI launcher and check its log with the reference model
of MPI matching (matching_model.py): every message taken once, envelopes respected, non-overtaking
kept, content intact, and as many messages as asked for.

usage: check_random_matching.py [--mpich MPIRUN | --pimnic PIMNIC [--pimnic-opt OPT]...] -n N
                                PROGRAM SEED MESSAGES [PER_ROUND]
Exit status: 0 the log obeys MPI's rules; 1 it does not (or the run failed); 77 skipped (no pimnic
build of the program, or no `pimnic mpirun`, yet).
"""
import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import matching_model  # noqa: E402
from run_compare import SKIP, mpich_mpirun, pimnic_mpirun  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mpich", help="mpirun.mpich")
    ap.add_argument("--pimnic", help="the pimnic executable")
    ap.add_argument("--pimnic-opt", action="append", default=[])
    ap.add_argument("-n", type=int, required=True)
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--keep-log", help="also write the log to this file")
    ap.add_argument("program")
    ap.add_argument("seed")
    ap.add_argument("messages", type=int)
    ap.add_argument("per_round", nargs="?")
    a = ap.parse_args()
    args = [a.program, a.seed, str(a.messages)] + ([a.per_round] if a.per_round else [])
    env = None
    if a.mpich:
        cmd, env = mpich_mpirun(a.mpich, a.n, args[0], args[1:])
    else:
        cmd = pimnic_mpirun(a.pimnic, a.n, a.pimnic_opt, args[0], args[1:])
        if cmd is None:
            return SKIP
    start = time.monotonic()
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=a.timeout, env=env)
    took = time.monotonic() - start
    print(f"$ {' '.join(cmd)}   [{took:.1f} s, exit {p.returncode}, {len(p.stdout)} bytes of log]")
    if a.keep_log:
        with open(a.keep_log, "w") as f:
            f.write(p.stdout)
    model = matching_model.Model()
    model.read(p.stdout.splitlines())
    ok = model.check()
    print(model.summary())
    if len(model.sends) != a.messages:
        print(f"the log has {len(model.sends)} sends, {a.messages} were asked for")
        ok = False
    if p.returncode != 0:
        print(f"the run failed (exit {p.returncode}):\n{p.stderr[-3000:]}")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
