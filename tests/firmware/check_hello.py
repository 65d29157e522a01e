#!/usr/bin/env python3
"""Runs the hello image and checks its output: the greeting, the virtual calls, and the CRC-32 of
its table computed here independently with zlib (the table is bytes (i * 7 + 3) mod 256)."""
import re
import subprocess
import sys
import zlib

pimnic, image = sys.argv[1], sys.argv[2]
crc = zlib.crc32(bytes((i * 7 + 3) & 0xFF for i in range(256)))
run = subprocess.run([pimnic, "run", image], capture_output=True, text=True, timeout=120)
expected = (r"\Ahello from pimnic\n"
            rf"crc32 of table: 0x{crc:08x}\n"
            r"rect area 12\nsquare area 25\n\Z")
ok = run.returncode == 0 and re.search(expected, run.stdout) is not None and run.stderr == ""
if not ok:
    print(f"exit code {run.returncode}\n--- stdout\n{run.stdout}--- stderr\n{run.stderr}--- expected (regex)\n{expected}")
    sys.exit(1)
print(f"hello: output as expected (crc32 0x{crc:08x} from zlib)")
