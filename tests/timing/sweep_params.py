#!/usr/bin/env python3
"""Every parameter `pimnic run --list-params` prints, set to extreme values, must end a run of a
firmware image cleanly: exit 0 (it ran), 2 with one line on stderr (refused) or 3 (--max-insts),
within the time limit; never a crash, an abort or a hang.

usage: sweep_params.py PIMNIC IMAGE MODEL
"""
import re
import subprocess
import sys

# Per type: zero, huge (2^32-1 and beyond the type), negative, not a number, infinite.
EXTREMES = {"uint": ["0", "4294967295", "99999999999999"], "int": ["-1", "2147483647"],
            "float": ["-1", "1e300", "nan", "inf"]}


def main():
    pimnic, image, model = sys.argv[1:4]
    listing = subprocess.run([pimnic, "run", "--list-params"], capture_output=True, text=True, check=True).stdout
    # The one-core section (a machine's parameters follow under their own heading).
    one_core = listing.split("\n# pimnic run --machine")[0]
    params = [(m.group(1), m.group(2)) for m in
              (re.match(r"(\S+) = \S*(?: \(default [^)]*\))?\s+\[([^\]]+)\]", line)
               for line in one_core.splitlines()) if m]
    if len(params) < 100:
        sys.exit(f"FAIL: only {len(params)} parameters listed")
    bad, runs = [], 0
    for name, kind in params:
        for value in EXTREMES.get(kind, []):
            cmd = [pimnic, "run", image, "--model", model, "--set", f"{name}={value}", "--max-insts", "100000"]
            runs += 1
            try:
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
            except subprocess.TimeoutExpired:
                bad.append(f"{name}={value}: no end within 30 s")
                continue
            lines = r.stderr.strip().count("\n") + 1 if r.stderr.strip() else 0
            if r.returncode not in (0, 2, 3) or (r.returncode == 2 and lines != 1):
                bad.append(f"{name}={value}: exit {r.returncode}, stderr {r.stderr.strip()[:200]!r}")
    for b in bad:
        print("FAIL", b)
    if bad:
        sys.exit(1)
    print(f"ok: {runs} runs over {len(params)} parameters under --model {model}, each ended cleanly")


if __name__ == "__main__":
    main()
