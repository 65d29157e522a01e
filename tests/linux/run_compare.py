#!/usr/bin/env python3
"""Run one static powerpc-linux program under `pimnic linux` and under a reference, and require
byte-identical stdout and the same exit status.

The reference is qemu-ppc-static -cpu 7400 (default); with --host-reference, the same program
built for the host (for libm routines qemu 7.2 cannot run); or with --expect-stdout, a file
holding what Linux prints where qemu-user is known to differ from the kernel (the exit status
then comes from --expect-status). Both runs get the same argv, the same environment (only the
--env variables, in the same order) and the same stdin. With --mpirun the program runs on the host
cores of a machine instead, as both ranks of `pimnic mpirun -n 2 --tag-output` (with --clock sim,
as there), and each rank's output must be the reference's.

Exit status: 0 pass, 1 mismatch, 77 skipped: pimnic stopped on an illegal instruction that the
reference executed, i.e. an instruction the ISA does not implement yet (ctest shows "Skipped";
set PIMNIC_LINUX_STRICT=1 to count that as a failure).
"""
import argparse
import difflib
import os
import signal
import subprocess
import sys

SKIP = 77


def status_of(returncode):
    # A process killed by signal N shows as -N; a shell would report 128 + N.
    return 128 - returncode if returncode < 0 else returncode


def run(cmd, env, stdin_path, timeout):
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        # A session of its own: a guest's kill(0, ...) under qemu-user reaches the host's process
        # group, which must not be ctest's.
        p = subprocess.run(cmd, env=env, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, start_new_session=True)
        return p.stdout, p.stderr, status_of(p.returncode)
    except subprocess.TimeoutExpired as e:
        return e.stdout or b"", (e.stderr or b"") + b"\n[timed out]", None
    finally:
        if stdin_path:
            stdin.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pimnic", required=True)
    ap.add_argument("--qemu", default="qemu-ppc-static")
    ap.add_argument("--program", required=True)
    ap.add_argument("--host-reference", help="host build of the program whose output is the reference")
    ap.add_argument("--expect-stdout", help="file with the expected stdout (Linux's behaviour where qemu differs)")
    ap.add_argument("--pimnic-opt", action="append", default=[], help="extra option for pimnic linux")
    ap.add_argument("--qemu-opt", action="append", default=[], help="extra option for qemu")
    ap.add_argument("--env", action="append", default=[], help="NAME=VALUE for the guest environment")
    ap.add_argument("--stdin", help="file to feed on standard input")
    ap.add_argument("--expect-status", type=int, help="the exit status both runs must have")
    ap.add_argument("--mpirun", action="store_true", help="run on a machine's host cores, as two MPI ranks")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("args", nargs="*", help="guest arguments (after --)")
    a = ap.parse_args()

    env = dict(e.split("=", 1) for e in a.env)
    if a.mpirun:
        pimnic_cmd = [a.pimnic, "mpirun", "-n", "2", "--tag-output"]
        for e in a.env:
            pimnic_cmd += ["-x", e]
    else:
        pimnic_cmd = [a.pimnic, "linux", "--clear-env"]
        for e in a.env:
            pimnic_cmd += ["-E", e]
    pimnic_cmd += a.pimnic_opt + [a.program] + a.args
    if a.host_reference:
        ref_cmd, ref_name = [a.host_reference] + a.args, "host build"
    else:
        ref_cmd, ref_name = [a.qemu, "-cpu", "7400"] + a.qemu_opt + [a.program] + a.args, "qemu"

    if a.expect_stdout:
        with open(a.expect_stdout, "rb") as f:
            ref_out, ref_err, ref_status = f.read(), b"", a.expect_status
        ref_name = "expected (" + os.path.basename(a.expect_stdout) + ")"
    else:
        ref_out, ref_err, ref_status = run(ref_cmd, env, a.stdin, a.timeout)
    out, err, status = run(pimnic_cmd, env, a.stdin, a.timeout)

    problems = []
    outputs = [("pimnic", out)]
    if a.mpirun:  # each rank's lines, without the tag
        lines = out.splitlines(keepends=True)
        outputs = [(f"rank {r}", b"".join(l[4:] for l in lines if l.startswith(b"[%d] " % r))) for r in (0, 1)]
        stray = [l for l in lines if not l.startswith((b"[0] ", b"[1] "))]
        if stray:
            problems.append("stdout lines of no rank:\n" + b"".join(stray[:20]).decode("utf-8", "replace"))
    for name, o in outputs:
        if o != ref_out:
            diff = difflib.unified_diff(ref_out.decode("utf-8", "replace").splitlines(),
                                        o.decode("utf-8", "replace").splitlines(),
                                        ref_name, name, lineterm="", n=2)
            problems.append(f"stdout of {name} differs:\n" + "\n".join(list(diff)[:60]))
    if status != ref_status:
        problems.append(f"exit status: {ref_name} {ref_status}, pimnic {status}")
    if a.expect_status is not None and ref_status != a.expect_status:
        problems.append(f"{ref_name} exit status {ref_status}, expected {a.expect_status}")

    print("$ " + " ".join(pimnic_cmd))
    if not problems:
        print(f"PASS: stdout ({len(out)} bytes) and exit status {status} match {ref_name}")
        return 0
    for p in problems:
        print(p)
    print(f"--- {ref_name} stderr:\n{ref_err.decode('utf-8', 'replace')[-2000:]}")
    print(f"--- pimnic stderr:\n{err.decode('utf-8', 'replace')[-2000:]}")
    isa_gap = b"illegal instruction" in err and status == 128 + signal.SIGILL and ref_status != status
    if isa_gap and os.environ.get("PIMNIC_LINUX_STRICT") != "1":
        line = [l for l in err.decode("utf-8", "replace").splitlines() if "illegal instruction" in l]
        print(f"SKIPPED: blocked by an instruction pimnic does not implement yet: {line[-1] if line else ''}")
        return SKIP
    return 1


if __name__ == "__main__":
    sys.exit(main())
