#!/usr/bin/env python3
"""gdb on an MPI job (docs/gdb.md, "MPI jobs"): `pimnic mpirun -n 2 --gdb 0 --wait` and gdb-multiarch
in batch mode with rank 0 (process 1) and rank 1 (process 3) as two inferiors. A breakpoint hits in
the inferior that is not selected, then in the other; gdb must get each stop (no hang), and the job
must then run to its end with the output it has without gdb.

usage: check_gdb_mpirun.py PIMNIC GDB PROGRAM
"""
import re
import subprocess
import sys
import time


def main():
    pimnic, gdb, program = sys.argv[1:4]
    server = subprocess.Popen([pimnic, "mpirun", "-n", "2", "--model", "functional", "--gdb", "0", "--wait", program],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
    line = server.stderr.readline()
    m = re.search(r":(\d+) ", line)
    if not m:
        server.kill()
        print(f"no port in {line!r}")
        return 1
    commands = ["set pagination off", "set confirm off", f"target extended-remote :{m.group(1)}",
                "set schedule-multiple on", "add-inferior", "inferior 2", f"file {program}", "attach 3",
                "inferior 1", "break MPI_Recv", "continue", "info threads", "continue", "info threads",
                "delete", "continue"]
    cmd = [gdb, "-batch", "-nx", program]
    for c in commands:
        cmd += ["-ex", c]
    failures = []
    start = time.monotonic()
    try:
        g = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        out = g.stdout + g.stderr
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        failures.append("gdb hung (no stop reply it could act on within 120 s)")
    print(f"$ {' '.join(cmd)}\n[{time.monotonic() - start:.1f} s]\n{out}")
    try:
        stdout, stderr = server.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        server.kill()
        stdout, stderr = server.communicate()
        failures.append("pimnic did not end after gdb's last continue")
    print(f"pimnic exit {server.returncode}\nstdout: {stdout!r}\nstderr: {stderr!r}")
    hits = re.findall(r'Thread (\d)\.1 "n(\d)\.host\.c0t0" hit Breakpoint', out)
    # Rank 1 (inferior 2, not selected) reaches MPI_Recv first: rank 0 sends before it receives.
    if ("2", "1") not in hits:
        failures.append("no breakpoint hit in inferior 2 (rank 1), the one not selected")
    if ("1", "0") not in hits:
        failures.append("no breakpoint hit in inferior 1 (rank 0)")
    if server.returncode != 0 or "the token went 3 times around the ring" not in stdout:
        failures.append("the job did not end as it does without gdb")
    print("\n".join(failures) if failures else "ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
