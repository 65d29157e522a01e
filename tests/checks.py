"""What the end-to-end check scripts share: named checks that print "ok"/"FAIL" and are counted,
a run's statistics file read into a dict, a file's digest (reruns must write identical files).

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from checks import check, failures, finish
"""
import hashlib
import os
import re
import sys

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)
    return ok


def finish():
    """Exit 1 if any check failed, else 0."""
    sys.exit(1 if failures else 0)


def stats(out):
    """The statistics of the run whose output directory is out (its stats.txt), name -> text."""
    with open(os.path.join(out, "stats.txt")) as f:
        return {m[1]: m[2] for m in re.finditer(r"^(\S+)\s+(\S+)", f.read(), re.M)}


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()
