#!/usr/bin/env python3
"""Bad input for `pimnic mpirun`: exit status 2 and exactly one line on stderr matching a regular
expression (case-insensitive).

usage: check_mpirun_error.py PIMNIC REGEX MPIRUN_ARGS...
Exit status 0 as expected, 1 not, 77 skipped (no pimnic mpirun yet).
"""
import re
import subprocess
import sys


def main():
    pimnic, pattern, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    helptext = subprocess.run([pimnic, "--help"], capture_output=True, text=True)
    if "mpirun" not in helptext.stdout + helptext.stderr:
        print("skipped: this pimnic has no mpirun subcommand yet")
        return 77
    cmd = [pimnic, "mpirun"] + args
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    lines = p.stderr.strip().splitlines()
    print(f"$ {' '.join(cmd)}\nexit {p.returncode}\nstdout: {p.stdout!r}\nstderr: {p.stderr!r}")
    failures = []
    if p.returncode != 2:
        failures.append(f"exit status {p.returncode}, expected 2")
    if len(lines) != 1:
        failures.append(f"{len(lines)} lines on stderr, expected one")
    if not re.search(pattern, p.stderr, re.I):
        failures.append(f"stderr does not match /{pattern}/")
    print("\n".join(failures) if failures else "ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
