#!/usr/bin/env python3
"""Per-instruction register parity with qemu: run PROGRAM under qemu-ppc-static -cpu 7400 -seed 0
with `-d cpu -singlestep` and under linux_regtrace (pimnic), both with an empty environment and
stdout on /dev/null, and compare NIP, LR, CTR, CR and r0-r31 before every instruction. The one
value that cannot agree is the process id (each run has its own): a register may differ only where
each run holds its own pid. Exit 0 when the traces are identical."""
import os
import subprocess
import sys
import tempfile


def qemu_trace(qemu, program, log):
    p = subprocess.Popen([qemu, "-cpu", "7400", "-seed", "0", "-d", "cpu,nochain", "-singlestep", "-D", log, program],
                         env={}, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    p.wait(timeout=600)
    rows, cur = [], None
    for line in open(log):
        if line.startswith("NIP "):
            if cur:
                rows.append(cur)
            f = line.split()
            cur = {"head": [f[1], f[3], f[5]], "gpr": [], "cr": ""}
        elif line.startswith("GPR") and cur:
            cur["gpr"] += [x[-8:] for x in line.split()[1:]]
        elif line.startswith("CR ") and cur:
            cur["cr"] = line.split()[1]
    if cur:
        rows.append(cur)
    return p.pid, [" ".join(r["head"] + [r["cr"]] + r["gpr"]) for r in rows]


def main():
    tool, qemu, program = sys.argv[1:4]
    with tempfile.TemporaryDirectory() as tmp:
        qpid, q = qemu_trace(qemu, program, os.path.join(tmp, "qemu.log"))
        out = os.path.join(tmp, "pimnic.txt")
        p = subprocess.Popen([tool, program, str(len(q)), out], env={}, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL)
        p.wait(timeout=600)
        mine = open(out).read().splitlines()
    # A field may differ only where each run holds its own pid (replacing pid values everywhere
    # first would also hide, or invent, differences where a register happens to equal a pid).
    pids = ("%08x" % qpid, "%08x" % p.pid)
    names = ["pc", "lr", "ctr", "cr"] + ["r%d" % i for i in range(32)]
    for i, (a, b) in enumerate(zip(q, mine)):
        diffs = [f"{n}: qemu {x} pimnic {y}" for n, x, y in zip(names, a.split(), b.split())
                 if x != y and (x, y) != pids]
        if diffs:
            print(f"instruction {i} (pc {a.split()[0]}): " + ", ".join(diffs))
            return 1
    if len(q) != len(mine):
        print(f"trace lengths differ: qemu {len(q)}, pimnic {len(mine)}")
        return 1
    print(f"PASS: {len(q)} instructions with identical registers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
