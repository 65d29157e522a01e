#!/usr/bin/env python3
"""Run one gdb stub test case (cases.py) against real debuggers.
usage: run_case.py --pimnic P --gdb GDB --images DIR [--lldb L] [--linux-prog P] CASE
Exit 0 on success, 1 on failure, 77 when a tool the case needs is missing (ctest: skipped)."""
import argparse
import sys

import cases
from gdbtest import Failure


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pimnic", required=True)
    ap.add_argument("--gdb", required=True)
    ap.add_argument("--images", required=True)
    ap.add_argument("--lldb")
    ap.add_argument("--linux-prog")
    ap.add_argument("case")
    ctx = ap.parse_args()
    fn = getattr(cases, "case_" + ctx.case, None)
    if fn is None:
        sys.exit(f"unknown case {ctx.case}")
    try:
        fn(ctx)
    except cases.Skip as e:
        print(f"skipped: {e}")
        sys.exit(77)
    except Failure as e:
        print(f"FAILED: {e}")
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
