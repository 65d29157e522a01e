#!/usr/bin/env python3
"""The toolchain as a user sees it: configure and build toolchain/example/ as a project of its own
with only -DCMAKE_TOOLCHAIN_FILE, then run the image it produces.
usage: build_example.py CMAKE PIMNIC SOURCE_ROOT BUILD_DIR"""
import re
import shutil
import subprocess
import sys

cmake, pimnic, root, build = sys.argv[1:5]
shutil.rmtree(build, ignore_errors=True)
for cmd in ([cmake, "-S", f"{root}/toolchain/example", "-B", build,
             f"-DCMAKE_TOOLCHAIN_FILE={root}/toolchain/pimnic-toolchain.cmake"],
            [cmake, "--build", build]):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"{' '.join(cmd)} failed:\n{r.stdout}\n{r.stderr}")
run = subprocess.run([pimnic, "run", f"{build}/counter.elf"], capture_output=True, text=True, timeout=60)
print(run.stdout + run.stderr)
ok = run.returncode == 0 and re.search(r"example: 10 squares add up to 385\n", run.stdout)
sys.exit(0 if ok else 1)
