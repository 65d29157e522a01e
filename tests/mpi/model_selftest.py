#!/usr/bin/env python3
"""The reference model of MPI matching must catch what it is there to catch. Runs random_matching
under MPICH (a real MPI: its log must pass), then breaks the log in each way a NIC could go wrong
and requires the model to report exactly that kind of problem:
  lost (a receive line dropped), duplicated (two receives took one message), misordered (two
  messages of one stream swapped between two receives that both match them), envelope (a receive
  took a message its source or tag does not match), status (the status disagrees with the
  message), content (damaged payload).

usage: model_selftest.py MPIRUN PROGRAM
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import matching_model  # noqa: E402
from run_compare import mpich_mpirun  # noqa: E402


def problems(lines):
    m = matching_model.Model()
    m.read(lines)
    m.check()
    return {k: len(v) for k, v in m.problems.items()}


def fields(line):
    return line.split()


def main():
    mpirun, program = sys.argv[1:3]
    cmd, env = mpich_mpirun(mpirun, 3, program, ["7", "3000", "32"])
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env, stdin=subprocess.DEVNULL)
    lines = p.stdout.splitlines()
    failures = []
    base = problems(lines)
    print(f"MPICH's own log: {base or 'no problems'}")
    if base or p.returncode:
        failures.append("MPICH's log does not pass the model")
    recv_at = [i for i, l in enumerate(lines) if l.startswith("R ")]

    def mutate(name, expect, change):
        ls = list(lines)
        if not change(ls):
            failures.append(f"{name}: no place in the log to apply it")
            return
        got = problems(ls)
        print(f"{name}: {got}")
        if expect not in got:
            failures.append(f"{name}: the model did not report '{expect}'")

    def drop(ls):
        del ls[recv_at[len(recv_at) // 2]]
        return True

    def duplicate(ls):
        for i, j in zip(recv_at, recv_at[1:]):
            a, b = fields(ls[i]), fields(ls[j])
            if int(a[9]) >= 0 and int(b[9]) >= 0:
                a[6:11] = b[6:11]
                ls[i] = " ".join(a)
                return True
        return False

    def swap(ls):
        # Two receives of one rank, both any-source any-tag on the same communicator, that took
        # messages of one stream: exchange what they took.
        for i, j in zip(recv_at, recv_at[1:]):
            a, b = fields(ls[i]), fields(ls[j])
            if (a[1] == b[1] and a[3] == b[3] and a[4] == b[4] == "-1" and a[5] == b[5] == "-1" and a[6] == b[6]
                    and int(a[9]) >= 0 and int(b[9]) >= 0):
                a[6:11], b[6:11] = b[6:11], a[6:11]
                ls[i], ls[j] = " ".join(a), " ".join(b)
                return True
        return False

    def wrong_envelope(ls):
        for i in recv_at:
            a = fields(ls[i])
            if a[5] != "-1":
                a[5] = str(int(a[5]) + 1)
                ls[i] = " ".join(a)
                return True
        return False

    def wrong_status(ls):
        a = fields(ls[recv_at[3]])
        a[8] = str(int(a[8]) + 1)
        ls[recv_at[3]] = " ".join(a)
        return True

    def damaged(ls):
        a = fields(ls[recv_at[5]])
        a[10] = "0"
        ls[recv_at[5]] = " ".join(a)
        return True

    mutate("drop a receive", "lost", drop)
    mutate("one message taken twice", "duplicated", duplicate)
    mutate("two messages of a stream swapped", "misordered", swap)
    mutate("a tag the receive does not match", "envelope", wrong_envelope)
    mutate("a status with the wrong length", "status", wrong_status)
    mutate("a damaged payload", "content", damaged)
    print("\n".join(failures) if failures else "the model caught every broken log")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
