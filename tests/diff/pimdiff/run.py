"""Run a batch executable under qemu-ppc-static -cpu 7400 and under `pimnic linux`, collecting one
result per program: its output record, or how the process died (trap, illegal instruction...).
A process that dies is restarted at the next program, so one bad program costs one restart."""
import os
import resource
import subprocess

from . import layout as L
from .state import parse_out_record

QEMU = os.environ.get("QEMU_PPC", "qemu-ppc-static")


class Died:
    def __init__(self, status, stderr):
        self.status = status
        self.stderr = stderr

    def __eq__(self, other):
        return isinstance(other, Died) and other.status == self.status

    def __repr__(self):
        return f"died(status {self.status}: {self.stderr.strip()[-200:]})"


def qemu_cmd(exe):
    return [QEMU, "-cpu", "7400", exe]


def pimnic_cmd(pimnic, exe):
    if "/" in pimnic:
        pimnic = os.path.abspath(pimnic)       # the runs change directory
    return [pimnic, "linux", "--clear-env", exe]


def no_core_dumps():
    # A trap ends the guest; qemu would write a core file into the working directory.
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run_all(cmd, n, timeout=120):
    """Results for programs 0..n-1: (regs, buf) bytes, or Died."""
    results = [None] * n
    start = 0
    while start < n:
        try:
            p = subprocess.run(cmd + [str(start)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=timeout, env={"PATH": os.environ.get("PATH", "")},
                               preexec_fn=no_core_dumps, cwd=os.path.dirname(cmd[-1]) or None)
            out, err, rc = p.stdout, p.stderr, p.returncode
        except subprocess.TimeoutExpired as e:
            out, err, rc = e.stdout or b"", b"timeout", "timeout"
        got = len(out) // L.OUT_SIZE
        for k in range(got):
            rec = out[k * L.OUT_SIZE:(k + 1) * L.OUT_SIZE]
            index, regs, buf = parse_out_record(rec)
            results[index] = (regs, buf)
        nxt = start + got
        if nxt >= n:
            break
        status = rc if rc == "timeout" else (128 - rc if rc < 0 else rc)
        results[nxt] = Died(status, err.decode("utf-8", "replace"))
        start = nxt + 1
    return results
