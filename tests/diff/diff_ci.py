#!/usr/bin/env python3
"""ctest driver: a fixed-seed differential run of random instruction sequences under
`pimnic linux` and `qemu-ppc-static -cpu 7400`. Fails on any divergence that is not a known,
recognised qemu error, printing the first divergent sequence (listing, disassembly, both final
register dumps) and its one-unit reproducers. Exit status 77 (skipped) without the tools."""
import argparse
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pimdiff import campaign  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pimnic", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--sequences", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=500)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    a = ap.parse_args()
    for tool in ("powerpc-linux-gnu-gcc", "qemu-ppc-static", "powerpc-linux-gnu-objdump"):
        if not shutil.which(tool):
            print(f"skipped: {tool} not found")
            return 77
    st = campaign.run(a.seed, a.sequences, a.pimnic, a.workdir, a.jobs, a.batch,
                      progress=campaign.progress_to_stderr)
    print(campaign.summary(st))
    if st.divergent:
        for d in st.details[:1]:
            print(d)
        for f in st.findings[1:10]:
            from pimdiff import report
            print(report.finding(f))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
