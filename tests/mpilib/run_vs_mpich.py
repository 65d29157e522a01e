#!/usr/bin/env python3
"""Run an MPI program natively on the MPI layer (through mpilib_launch and the test transport) and
the same source built with Debian's MPICH (mpirun.mpich), with N ranks each; stdout must be
identical, and both runs must succeed (or, with --fails, both must fail).

With --emulator (qemu-ppc-static), OURS is a powerpc-linux executable (the library as built for
the simulated hosts) that each rank runs under the emulator. With --pimnic, OURS is a program built
by pimnic-mpicc that `pimnic mpirun --model functional` runs on the simulated machine.

usage: run_vs_mpich.py (--launch MPILIB_LAUNCH [--emulator E] | --pimnic PIMNIC [--nic KIND]) --mpirun MPIRUN -n N
                       [--fails] OURS MPICH"""
import argparse
import os
import signal
import subprocess
import sys


def run(command):
    """Status, stdout, stderr; a run that hangs is ended with all its processes (own session)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        out, err = process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        return "timed out after 120 s", out, err
    return process.returncode, out, err


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--launch", help="mpilib_launch (the ranks as native or emulated processes)")
    parser.add_argument("--pimnic", help="pimnic (the ranks on the simulated machine, by pimnic mpirun)")
    parser.add_argument("--nic", default="conv", help="the NIC kind under --pimnic (pimnic mpirun --nic)")
    parser.add_argument("--mpirun", required=True)
    parser.add_argument("-n", type=int, required=True)
    parser.add_argument("--fails", action="store_true", help="the program must end with a non-zero status")
    parser.add_argument("--emulator", help="run OURS under this emulator (qemu-ppc-static)")
    parser.add_argument("ours")
    parser.add_argument("mpich")
    args = parser.parse_args()
    if args.pimnic:
        command = [args.pimnic, "mpirun", "-n", str(args.n), "--nic", args.nic, "--model", "functional", args.ours]
    else:
        command = [args.launch, "-n", str(args.n)] + ([args.emulator] if args.emulator else []) + [args.ours]
    our_status, our_out, our_err = run(command)
    # A run that must fail is tried up to three times, as in tests/mpi/run_compare.py: when a rank
    # aborts, Hydra kills the job without draining its pipes and now and then loses every line
    # (seen: mpilib.qemu.abort.n2 with an empty MPICH stdout). The reference is not what is tested.
    for _ in range(3 if args.fails else 1):
        ref_status, ref_out, ref_err = run([args.mpirun, "-n", str(args.n), args.mpich])
        if ref_out == our_out:
            break
    problems = []
    if our_out != ref_out:
        problems.append(f"stdout differs\n--- MPI layer ---\n{our_out}--- MPICH ---\n{ref_out}")
    for who, status, err in (("MPI layer", our_status, our_err), ("MPICH", ref_status, ref_err)):
        if isinstance(status, str) or (status != 0) != args.fails:
            problems.append(f"{who} ended with status {status}{' (expected a failure)' if args.fails else ''}\n{err}")
    if problems:
        sys.exit("\n".join(problems))
    print(our_out, end="")
    if our_err:
        print(f"(stderr of the MPI layer run)\n{our_err}", end="")


if __name__ == "__main__":
    main()
