#!/usr/bin/env python3
"""`pimnic mpirun` whose every stderr line must match a regular expression (and there is one), with
the exit status given: e.g. each `--strace` line carries its rank's `--tag-output` prefix.

usage: check_mpirun_lines.py PIMNIC STATUS REGEX MPIRUN_ARGS...
"""
import re
import subprocess
import sys


def main():
    pimnic, status, pattern, args = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    cmd = [pimnic, "mpirun"] + args
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    lines = p.stderr.splitlines()
    print(f"$ {' '.join(cmd)}\nexit {p.returncode}\nstderr (first lines): {lines[:5]!r}")
    failures = []
    if p.returncode != status:
        failures.append(f"exit status {p.returncode}, expected {status}")
    if not lines:
        failures.append("nothing on stderr")
    failures += [f"stderr line does not match /{pattern}/: {line!r}" for line in lines if not re.search(pattern, line)][:5]
    print("\n".join(failures) if failures else "ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
