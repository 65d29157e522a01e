#!/usr/bin/env python3
"""One experiment's quick variant with its shape checks (--check): CI's guard that every registered
seed figure still runs and keeps its shape. usage: check_quick.py PIMNIC NAME OUT_DIR"""
import subprocess
import sys

pimnic, name, out = sys.argv[1:4]
r = subprocess.run([pimnic, "experiment", "run", name, "--quick", "--check", "-j", "2", "--out", out],
                   capture_output=True, text=True)
print(r.stdout)
print("\n".join(l for l in r.stderr.splitlines() if "points," not in l or "/" not in l or "FAILED" in l))
sys.exit(r.returncode)
