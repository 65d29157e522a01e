#!/usr/bin/env python3
"""NIC-based reduction (issue 34, docs/nic-reduction.md): run reduce_check under `pimnic mpirun`
on the conventional NIC with each skew seed given; every run must find every result equal to the
reference (the documented folding order, float bits included), every run must print the same
digest (the result does not depend on arrival order), every reduction must have gone to the NIC
(PIMNIC_REDUCE_STATS), and with --expect-refusals some contribution must have been refused for
want of a buffer and sent again. With --host (PIMNIC_REDUCE=host) none may go to the NIC."""
import argparse
import re
import subprocess
import sys

STATS = re.compile(r"rank (\d+): reductions on the NIC (\d+), on the host (\d+); NIC: posted (\d+) folded (\d+) "
                   r"unexpected (\d+) rejected (\d+) resent (\d+) buffers_high (\d+)")


def run(args, seed):
    cmd = [args.pimnic, "mpirun", "-n", str(args.n), "--nic", "conv", "--model", "functional",
           "-x", "PIMNIC_REDUCE_STATS=1", "-x", "PIMNIC_REDUCE_TREE=" + args.tree]
    if args.host:
        cmd += ["-x", "PIMNIC_REDUCE=host"]
    cmd += [args.program, str(seed)]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    out = p.stdout + p.stderr
    stats = [tuple(int(x) for x in m.groups()) for m in STATS.finditer(out)]
    checked = re.search(r"checked (\d+) results, (\d+) differ", p.stdout)
    digest = re.search(r"digest ([0-9a-f]{8})", p.stdout)
    return p.returncode, checked, digest, stats, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pimnic")
    ap.add_argument("program")
    ap.add_argument("-n", type=int, required=True)
    ap.add_argument("--tree", default="binomial")
    ap.add_argument("--seeds", default="0,7")
    ap.add_argument("--expect-refusals", action="store_true")
    ap.add_argument("--host", action="store_true")
    args = ap.parse_args()
    digests, failures, refused, resent = set(), [], 0, 0
    for seed in [int(s) for s in args.seeds.split(",")]:
        rc, checked, digest, stats, out = run(args, seed)
        label = f"-n {args.n} tree {args.tree} skew {seed}"
        if len(stats) != args.n:
            failures.append(f"{label}: {len(stats)} ranks reported statistics, not {args.n}\n{out[-2000:]}")
            continue
        on_nic = sum(s[1] for s in stats)
        on_host = sum(s[2] for s in stats)
        refused += sum(s[6] for s in stats)
        resent += sum(s[7] for s in stats)
        if args.host:
            if on_nic or not on_host:
                failures.append(f"{label}: PIMNIC_REDUCE=host, yet {on_nic} reductions went to the NIC")
            print(f"{label}: {on_host} reductions on the host, none on the NIC")
            continue
        if rc != 0 or not checked or not digest:
            failures.append(f"{label}: exit {rc}\n{out[-2000:]}")
            continue
        if int(checked.group(2)):
            failures.append(f"{label}: {checked.group(2)} of {checked.group(1)} results differ from the reference\n{out[-2000:]}")
        if on_host:
            failures.append(f"{label}: {on_host} reductions stayed on the host")
        digests.add(digest.group(1))
        print(f"{label}: {checked.group(1)} results equal to the reference, digest {digest.group(1)}, "
              f"{on_nic} reductions on the NIC")
    if len(digests) > 1:
        failures.append(f"the digests differ between skews: {sorted(digests)}")
    if args.expect_refusals and not (refused and resent):
        failures.append(f"expected refused and resent contributions, saw {refused} refused, {resent} resent")
    if args.expect_refusals:
        print(f"contributions refused {refused}, sent again {resent}")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
