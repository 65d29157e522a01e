#!/usr/bin/env python3
"""Bad input for `pimnic run`: each case derives a broken file from a good image and expects one
line on stderr starting with "pimnic:", nothing on stdout, and exit code 2 (never a crash).
usage: bad_elf.py CASE PIMNIC GOOD_IMAGE WORKDIR"""
import os
import struct
import subprocess
import sys

case, pimnic, good, workdir = sys.argv[1:5]
os.makedirs(workdir, exist_ok=True)
data = bytearray(open(good, "rb").read())
path = os.path.join(workdir, f"{case}.elf")

def phdrs(b):
    """(offset of the header, type, p_offset, p_vaddr, p_filesz, p_flags) for each program header."""
    phoff, = struct.unpack_from(">I", b, 28)
    phentsize, phnum = struct.unpack_from(">HH", b, 42)
    for i in range(phnum):
        at = phoff + i * phentsize
        ptype, off, vaddr, _, filesz, _, flags = struct.unpack_from(">7I", b, at)
        yield at, ptype, off, vaddr, filesz, flags

PT_LOAD, PF_X = 1, 1
if case == "missing":
    path = os.path.join(workdir, "does-not-exist.elf")
    if os.path.exists(path):
        os.remove(path)
    data = None
elif case == "not_elf":
    data = b"this is a text file, not an ELF image\n"
elif case == "empty":
    data = b""
elif case == "elf64":
    data[4] = 2          # EI_CLASS = ELFCLASS64
elif case == "little_endian":
    data[5] = 1          # EI_DATA = ELFDATA2LSB
elif case == "wrong_machine":
    struct.pack_into(">H", data, 18, 62)  # e_machine = EM_X86_64
elif case == "segment_outside":
    # Move the writable (non-executable) segment far above RAM.
    at = next(h[0] for h in phdrs(data) if h[1] == PT_LOAD and not h[5] & PF_X)
    struct.pack_into(">II", data, at + 8, 0xE0000000, 0xE0000000)  # p_vaddr, p_paddr
elif case == "truncated":
    text = next(h for h in phdrs(data) if h[1] == PT_LOAD and h[3] >= 0x4000)
    data = data[:text[2] + 16]  # cut inside the code
elif case == "no_entry":
    struct.pack_into(">I", data, 24, 0x10)  # e_entry outside every executable segment
else:
    sys.exit(f"unknown case {case}")
if data is not None:
    with open(path, "wb") as f:
        f.write(data)

run = subprocess.run([pimnic, "run", path], capture_output=True, text=True, timeout=60)
lines = run.stderr.splitlines()
ok = run.returncode == 2 and len(lines) == 1 and lines[0].startswith("pimnic:") and run.stdout == ""
print(f"{case}: exit {run.returncode}, stderr: {run.stderr.strip()!r}")
sys.exit(0 if ok else 1)
