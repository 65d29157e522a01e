#!/usr/bin/env python3
"""Compare layer_ops_dump (pimnic's MPI layer) with mpich_ops_dump (Debian's MPICH): every line
must agree, except MPI_MAX and MPI_MIN on unsigned types, where MPICH 4.0.2 compares the values as
if they were signed (pmodels/mpich issue 6083); those lines are checked against Python's unsigned
arithmetic on the dumped inputs instead. Items print in decimal (floating point as %a: exact).

usage: compare_ops.py LAYER_DUMP MPICH_DUMP"""
import subprocess
import sys

UNSIGNED = {"MPI_UNSIGNED_CHAR", "MPI_UNSIGNED_SHORT", "MPI_UNSIGNED", "MPI_UNSIGNED_LONG",
            "MPI_UNSIGNED_LONG_LONG", "MPI_UINT8_T", "MPI_UINT16_T", "MPI_UINT32_T", "MPI_UINT64_T"}


def run(program):
    result = subprocess.run([program], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        sys.exit(f"{program} failed with status {result.returncode}: {result.stderr.strip()}")
    return result.stdout.splitlines()




def main():
    layer, mpich = run(sys.argv[1]), run(sys.argv[2])
    if len(layer) != len(mpich):
        sys.exit(f"{len(layer)} lines from the layer, {len(mpich)} from MPICH")
    inputs = {}
    failures = checked = 0
    for ours, theirs in zip(layer, mpich):
        words = ours.split()
        if len(words) > 2 and words[1] in ("in", "inout"):
            inputs[(words[0], words[1])] = words[2:]
        if words[0] in UNSIGNED and words[1] in ("MPI_MAX", "MPI_MIN"):
            pick = max if words[1] == "MPI_MAX" else min
            pairs = zip(inputs[(words[0], "in")], inputs[(words[0], "inout")])
            want = " ".join(str(pick(int(a), int(b))) for a, b in pairs)
            if " ".join(words[4:]) != want or words[3] != "0:":
                print(f"layer:    {ours}\nexpected: {' '.join(words[:4])} {want}")
                failures += 1
            checked += 1
            continue
        if ours != theirs:
            print(f"layer: {ours}\nMPICH: {theirs}")
            failures += 1
    if failures:
        sys.exit(f"{failures} disagreements")
    print(f"{len(layer)} lines agree with MPICH ({checked} unsigned MPI_MAX/MPI_MIN lines checked by hand: MPICH 4.0.2 gets them wrong)")


if __name__ == "__main__":
    main()
