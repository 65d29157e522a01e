#!/usr/bin/env python3
"""Large differential run: random instruction sequences (random seeds) under `pimnic linux` and
`qemu-ppc-static -cpu 7400`, in parallel; prints the number of divergences (goal 0), the known
qemu errors that were masked, and a per-instruction summary. The generator, harness and triage
live in tests/diff/pimdiff (docs/isa/differential-testing.md).

  scripts/diff_fuzz.py                        # 100,000 sequences, -j2, random first seed
  scripts/diff_fuzz.py -n 20000 --seed 7 --focus fp=10,fpmem=3
"""
import argparse
import os
import random
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "diff"))
from pimdiff import campaign, generator, report  # noqa: E402


def default_pimnic():
    return os.path.join(ROOT, "build", "bin", "pimnic")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", "--sequences", type=int, default=100000)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, help="first seed (default: random)")
    ap.add_argument("--batch", type=int, default=1000, help="sequences per executable")
    ap.add_argument("--pimnic", default=default_pimnic())
    ap.add_argument("--workdir", help="build directory (default: a temporary one)")
    ap.add_argument("--exclude", default="", help="comma-separated unit tags not to generate")
    ap.add_argument("--focus", default="", help="family weights, e.g. fp=10,vec=5 "
                    f"(families: {', '.join(generator.FAMILIES)})")
    ap.add_argument("--all-insns", action="store_true", help="per-instruction table of every instruction")
    ap.add_argument("--details", type=int, default=3, help="full reports of this many divergent sequences")
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.randrange(1 << 40)
    focus = None
    if a.focus:
        focus = {k: float(v) for k, v in (x.split("=") for x in a.focus.split(","))}
    exclude = [x for x in a.exclude.split(",") if x]
    workdir = a.workdir or tempfile.mkdtemp(prefix="pimnic-diff-")
    print(f"first seed {seed}, {a.sequences} sequences, -j{a.jobs}, pimnic {a.pimnic}, work {workdir}",
          flush=True)
    st = campaign.run(seed, a.sequences, a.pimnic, workdir, a.jobs, a.batch, exclude, focus,
                      progress=campaign.progress_to_stderr)
    for d in st.details[:a.details]:
        print(d)
    if st.findings:
        print("all new divergences (one-unit reproducers):")
        for f in st.findings:
            print(report.finding(f))
    print(campaign.summary(st, "all" if a.all_insns else "divergent"))
    print(f"divergences: {st.divergent}")
    return 1 if st.divergent else 0


if __name__ == "__main__":
    sys.exit(main())
