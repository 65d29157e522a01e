#!/usr/bin/env python3
"""Run one MPI test program twice -- built with Debian's MPICH under `mpirun.mpich -n N`, and built
with pimnic-mpicc under `pimnic mpirun -n N --nic KIND` -- and require the same stdout and exit
statuses that agree in being zero or not. MPICH's run is the reference: it is made at test time,
never stored.

The programs print only from rank 0, after gathering (tests/mpi/programs/mpitest.h), so their
output does not depend on how the ranks interleave.

Exit status: 0 pass; 1 mismatch, or the reference run itself failed (then the test program is
wrong); 77 skipped (pimnic mpirun or the pimnic build of the program is not there yet).
"""
import argparse
import difflib
import os
import re
import subprocess
import sys
import time

SKIP = 77


def status_of(returncode):
    # A process killed by signal N shows as -N; a shell would report 128 + N.
    return 128 - returncode if returncode < 0 else returncode


def run(cmd, timeout, env=None):
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=env)
        out, err, status = p.stdout, p.stderr, status_of(p.returncode)
    except subprocess.TimeoutExpired as e:
        out, err, status = e.stdout or b"", (e.stderr or b"") + b"\n[timed out]", None
    return out, err, status, time.monotonic() - start


def mpich_env(program):
    """MPICH's Hydra in a sandbox: fork the ranks locally (no ssh), no host file, no hwloc
    binding; UCX quiet about missing network devices; libmpich_yield.so (mpich_yield.c, built
    next to the MPICH builds of the programs) preloaded so that idle ranks give up the CPU."""
    env = dict(os.environ)
    env.update({"HYDRA_LAUNCHER": "fork", "HYDRA_BINDING": "none", "UCX_LOG_LEVEL": "error"})
    env.pop("HYDRA_HOST_FILE", None)
    preload = os.path.join(os.path.dirname(os.path.abspath(program)), "libmpich_yield.so")
    if os.path.exists(preload):
        env["LD_PRELOAD"] = preload
    return env


def mpich_mpirun(mpirun, n, program, args):
    """MPICH's launcher running program on n ranks: the command and its environment."""
    return [mpirun, "-launcher", "fork", "-n", str(n), program] + args, mpich_env(program)


def pimnic_mpirun(pimnic, n, opts, program, args):
    """`pimnic mpirun` of program on n ranks, or None after saying why the test is skipped (the
    pimnic build of the program, or this pimnic's mpirun, is not there)."""
    if not os.path.exists(program):
        print(f"skipped: {program} was not built (pimnic-mpicc is not there yet)")
        return None
    help_out = subprocess.run([pimnic, "--help"], capture_output=True, text=True)
    if "mpirun" not in help_out.stdout + help_out.stderr:
        print("skipped: this pimnic has no mpirun subcommand yet")
        return None
    return [pimnic, "mpirun", "-n", str(n)] + opts + [program] + args


# Hydra prints this block on stdout when a rank dies of a signal; pimnic says it on stderr.
BANNER = re.compile(rb"\n?=+\n=   BAD TERMINATION.*?=+\n(YOUR APPLICATION TERMINATED.*?\n)?(This typically.*?\n)?"
                    rb"(Please see the FAQ.*?\n)?", re.S)


def text(b, limit=4000):
    s = b.decode("utf-8", "replace")
    return s if len(s) <= limit else s[:limit] + f"\n[... {len(s) - limit} more characters]"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, required=True, help="ranks")
    ap.add_argument("--mpirun", default="mpirun.mpich")
    ap.add_argument("--native", required=True, help="the program built with MPICH")
    ap.add_argument("--pimnic", required=True, help="the pimnic executable")
    ap.add_argument("--program", required=True, help="the program built with pimnic-mpicc")
    ap.add_argument("--pimnic-opt", action="append", default=[], help="option for pimnic mpirun (repeatable)")
    ap.add_argument("--expect-fail", action="store_true",
                    help="both runs must fail (non-zero exit) and say something on stderr")
    ap.add_argument("--stderr-regex", help="pimnic's stderr must match this (re.search, multi-line)")
    ap.add_argument("--one-line-stderr", action="store_true", help="pimnic's stderr must be exactly one line")
    ap.add_argument("--strip-banner", action="store_true", help="drop Hydra's BAD TERMINATION block from MPICH's stdout")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("args", nargs="*", help="program arguments (after --)")
    a = ap.parse_args()

    ref_cmd, ref_env = mpich_mpirun(a.mpirun, a.n, a.native, a.args)
    # A run that must fail is tried up to three times: when a rank aborts, Hydra kills the job
    # without draining its pipes, and now and then loses the error message (and lines already
    # printed) on the way.
    for attempt in range(3 if a.expect_fail else 1):
        ref_out, ref_err, ref_status, ref_time = run(ref_cmd, a.timeout, ref_env)
        if a.strip_banner:
            ref_out = BANNER.sub(b"", ref_out)
        print(f"$ {' '.join(ref_cmd)}   [{ref_time:.1f} s, exit {ref_status}]")
        ref_ok = ref_status is not None and (ref_status != 0) == a.expect_fail and (not a.expect_fail or ref_err.strip())
        if ref_ok:
            break
    if not ref_ok or b"FAIL" in ref_out:
        print("the reference run (MPICH) did not go as the test expects: the test program is wrong")
        print(f"stdout:\n{text(ref_out)}\nstderr:\n{text(ref_err)}")
        return 1

    cmd = pimnic_mpirun(a.pimnic, a.n, a.pimnic_opt, a.program, a.args)
    if cmd is None:
        return SKIP
    out, err, status, took = run(cmd, a.timeout)
    print(f"$ {' '.join(cmd)}   [{took:.1f} s, exit {status}]")

    problems = []
    if out != ref_out:
        diff = difflib.unified_diff(ref_out.decode("utf-8", "replace").splitlines(),
                                    out.decode("utf-8", "replace").splitlines(), "mpich", "pimnic", lineterm="", n=2)
        problems.append("stdout differs:\n" + "\n".join(list(diff)[:80]))
    if status is None:
        problems.append("pimnic timed out")
    elif (status != 0) != (ref_status != 0):
        problems.append(f"exit status: MPICH {ref_status}, pimnic {status}")
    if a.expect_fail and not err.strip():
        problems.append("pimnic failed without a message on stderr")
    if a.stderr_regex and not re.search(a.stderr_regex, err.decode("utf-8", "replace"), re.M):
        problems.append(f"pimnic's stderr does not match /{a.stderr_regex}/")
    if a.one_line_stderr and len(err.decode("utf-8", "replace").strip().splitlines()) != 1:
        problems.append("pimnic's stderr is not one line")
    if problems:
        print("\n".join(problems))
        print(f"pimnic stdout:\n{text(out)}\npimnic stderr:\n{text(err)}")
        print(f"MPICH stderr:\n{text(ref_err, 1500)}")
        return 1
    lines = out.count(b"\n")
    print(f"same stdout ({len(out)} bytes, {lines} lines), exit statuses agree")
    if err.strip():
        print(f"pimnic stderr:\n{text(err, 1500)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
