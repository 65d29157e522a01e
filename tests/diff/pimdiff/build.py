"""Build a batch into one static powerpc-linux executable with Debian's cross gcc."""
import hashlib
import os
import subprocess

from . import harness_asm, layout as L
from .emit import emit_batch

HERE = os.path.dirname(os.path.abspath(__file__))
MAIN_C = os.path.join(os.path.dirname(HERE), "harness", "main.c")
CC = os.environ.get("PPC_GCC", "powerpc-linux-gnu-gcc")
ASFLAGS = ["-Wa,-m7400", "-Wa,-many"]


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{p.stdout[-4000:]}")


def prepare(workdir):
    """The parts every batch shares: layout.h, main.o, entry.o (built once per directory)."""
    os.makedirs(workdir, exist_ok=True)
    stamp = os.path.join(workdir, "harness.stamp")
    header = L.c_header()
    entry = harness_asm.entry_s()
    key = hashlib.sha1((header + entry + open(MAIN_C).read()).encode()).hexdigest()
    if os.path.exists(stamp) and open(stamp).read() == key:
        return
    with open(os.path.join(workdir, "layout.h"), "w") as f:
        f.write(header)
    with open(os.path.join(workdir, "entry.s"), "w") as f:
        f.write(entry)
    run([CC, "-O2", "-c", "-I", workdir, MAIN_C, "-o", "main.o"], workdir)
    run([CC, "-c"] + ASFLAGS + ["entry.s", "-o", "entry.o"], workdir)
    with open(stamp, "w") as f:
        f.write(key)


def build(workdir, programs, name="batch"):
    """Assemble and link `programs`; returns the executable's path."""
    prepare(workdir)
    asm, init = emit_batch(programs)
    bdir = os.path.join(workdir, name)
    os.makedirs(bdir, exist_ok=True)
    with open(os.path.join(bdir, "init.bin"), "wb") as f:
        f.write(init)
    with open(os.path.join(bdir, "batch.s"), "w") as f:
        f.write(asm)
    exe = os.path.join(bdir, "prog")
    run([CC, "-c"] + ASFLAGS + ["batch.s", "-o", "batch.o"], bdir)
    run([CC, "-static", "-o", exe, os.path.join(workdir, "main.o"), os.path.join(workdir, "entry.o"),
         "batch.o", f"-Wl,--section-start=.lowmem=0x{L.LOW_BASE:x}",
         f"-Wl,--section-start=.seqrun=0x{L.RUN:x}"], bdir)
    return exe
