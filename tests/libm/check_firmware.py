#!/usr/bin/env python3
"""Run firmware/math-test on one profile and hand its results to `libm_check verify`, which
recomputes each with the x86 build of the same library (and glibc for the exact functions).

usage: check_firmware.py PIMNIC MATH_TEST_ELF LIBM_CHECK"""
import subprocess
import sys

pimnic, elf, checker = sys.argv[1:4]
run = subprocess.run([pimnic, "run", elf], capture_output=True, text=True, timeout=600)
if run.returncode != 0 or "math-test: done" not in run.stdout:
    sys.exit(f"FAIL: {elf} exited {run.returncode}\n{run.stdout[-2000:]}{run.stderr[-2000:]}")
verify = subprocess.run([checker, "verify"], input=run.stdout, capture_output=True, text=True, timeout=600)
print(verify.stdout[-4000:], end="")
sys.exit(verify.returncode)
