#!/usr/bin/env python3
"""Every firmware image is a 32-bit big-endian PowerPC ELF executable (as llvm-readelf -h reports
it) and names the core profile it was built for in its .pimnic.profile section.
usage: check_images.py LLVM_READELF IMAGE..."""
import re
import subprocess
import sys

readelf, images = sys.argv[1], sys.argv[2:]
bad = 0
for image in images:
    header = subprocess.run([readelf, "-h", image], capture_output=True, text=True).stdout
    section = subprocess.run([readelf, "-p", ".pimnic.profile", image], capture_output=True, text=True).stdout
    checks = {
        "ELF32": re.search(r"Class:\s+ELF32", header),
        "big endian": re.search(r"Data:\s+2's complement, big endian", header),
        "PowerPC": re.search(r"Machine:\s+PowerPC\s*$", header, re.M),
        "executable": re.search(r"Type:\s+EXEC", header),
        "profile": re.search(r"\]\s+(host|nic|pim)\s*$", section, re.M),
    }
    missing = [k for k, v in checks.items() if not v]
    bad += bool(missing)
    print(f"{image}: {'ok' if not missing else 'missing ' + ', '.join(missing)}")
sys.exit(1 if bad or not images else 0)
