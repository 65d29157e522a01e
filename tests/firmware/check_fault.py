#!/usr/bin/env python3
"""An image that faults without installing a handler: the SDK's default handler must report the
interrupt on the console (name, SRR0, SRR1, DAR) and exit with 128 + the signal number.
usage: check_fault.py PIMNIC IMAGE EXPECTED_EXIT REGEX"""
import re
import subprocess
import sys

pimnic, image, code, pattern = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
run = subprocess.run([pimnic, "run", image], capture_output=True, text=True, timeout=60)
ok = run.returncode == code and re.search(pattern, run.stdout) is not None
print(f"exit {run.returncode} (expected {code})\n{run.stdout}{run.stderr}")
sys.exit(0 if ok else 1)
