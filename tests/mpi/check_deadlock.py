#!/usr/bin/env python3
"""A deadlocked MPI run (programs/deadlock.c on 6 ranks): pimnic mpirun must end with exit status 5
(docs/mpi.md, "Deadlocks"), write out every rank's buffered stdout, and name each rank's MPI call,
communicator, peer and tag on stderr.

usage: check_deadlock.py PIMNIC PROGRAM [MPIRUN_OPTIONS...]
"""
import re
import subprocess
import sys

EXPECTED = [
    r"rank 0: MPI_Recv on MPI_COMM_WORLD: a receive from rank 1, tag 7$",
    r"rank 1: MPI_Recv on pairs: a receive from rank 0, tag 8$",
    r"rank 2: MPI_Probe on pairs: a probe for a message from any source, any tag$",
    r"rank 3: MPI_Ssend on MPI_COMM_WORLD: a send to rank 0, tag 9 \(waiting for its receive\)$",
    r"rank 4: MPI_Waitany on MPI_COMM_WORLD: a receive from rank 5, tag 1 \(and 1 more requests\)$",
    r"rank 5: MPI_Barrier on MPI_COMM_WORLD: a (receive from|send to) rank \d, a message of the collective$",
]


def main():
    pimnic, program, opts = sys.argv[1], sys.argv[2], sys.argv[3:]
    cmd = [pimnic, "mpirun", "-n", "6"] + opts + [program]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    print(f"$ {' '.join(cmd)}\nexit {p.returncode}\nstdout:\n{p.stdout}stderr:\n{p.stderr}")
    failures = []
    if p.returncode != 5:
        failures.append(f"exit status {p.returncode}, expected 5 (deadlock)")
    printed = sorted(p.stdout.splitlines())
    if printed != [f"rank {r} of 6 is about to wait" for r in range(6)]:
        failures.append("stdout does not hold every rank's buffered line")
    if not p.stderr.startswith("pimnic: deadlock: every rank waits"):
        failures.append("stderr does not start with the deadlock line")
    lines = [line.strip() for line in p.stderr.splitlines()]
    for pattern in EXPECTED:
        if not any(re.search(pattern, line) for line in lines):
            failures.append(f"no line on stderr matches /{pattern}/")
    print("\n".join(failures) if failures else "ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
