#!/usr/bin/env python3
"""Run `pimnic run ARGS...` and check its exit code and a regular expression over stdout + stderr.
usage: check_run.py EXPECTED_EXIT REGEX PIMNIC ARGS..."""
import re
import subprocess
import sys

code, pattern, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
run = subprocess.run([cmd[0], "run"] + cmd[1:], capture_output=True, text=True, timeout=120)
ok = run.returncode == code and re.search(pattern, run.stdout + run.stderr) is not None
print(f"exit {run.returncode} (expected {code})\n{run.stdout}{run.stderr}")
sys.exit(0 if ok else 1)
