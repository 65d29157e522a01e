#!/usr/bin/env python3
"""Run `pimnic run ARGS...` and check its exit code and a regular expression over stdout + stderr.
usage: check_run.py [--subcommand NAME] EXPECTED_EXIT REGEX PIMNIC ARGS...  (NAME: run by default)"""
import re
import subprocess
import sys

args = sys.argv[1:]
subcommand = "run"
if args[0] == "--subcommand":
    subcommand, args = args[1], args[2:]
code, pattern, cmd = int(args[0]), args[1], args[2:]
run = subprocess.run([cmd[0], subcommand] + cmd[1:], capture_output=True, text=True, timeout=120)
ok = run.returncode == code and re.search(pattern, run.stdout + run.stderr) is not None
print(f"exit {run.returncode} (expected {code})\n{run.stdout}{run.stderr}")
sys.exit(0 if ok else 1)
