#!/usr/bin/env python3
"""The experiment registry from the real command line (docs/experiments.md):
listing, bad names and settings (one line, exit 2), a run interrupted by SIGINT that resumes from
the points already done, and two runs that give identical CSVs.
usage: check_registry.py PIMNIC WORKDIR"""
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

pimnic, work = sys.argv[1], Path(sys.argv[2])
NAME = "ioat-pollution"  # three points of a few seconds each in the quick variant
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def run(*args, **kw):
    return subprocess.run([pimnic, "experiment", *args], capture_output=True, text=True, **kw)


shutil.rmtree(work, ignore_errors=True)
work.mkdir(parents=True)

# Listing: every experiment with its seed, figure and expected times.
r = run("list")
check(r.returncode == 0, "list exits 0")
for name in ("ioat-latency", "ioat-bandwidth", "ioat-overlap", "ioat-overhead", "ioat-pollution", "ioat-ipc"):
    line = next((l for l in r.stdout.splitlines() if l.startswith(name + " ")), "")
    check("ioat-async-copy-engine.txt" in line and "Fig." in line, f"list shows {name} with its seed and figure")
r = run("list", NAME)
check(r.returncode == 0 and "pin_ns = 500" in r.stdout and "array_bytes" in r.stdout, "list NAME shows its settings")

# Bad input: one line on stderr, exit 2, nothing run.
for args, message in [(["run", "no-such-figure"], "no experiment 'no-such-figure'"),
                      (["run", NAME, "--set", "bogus=1"], "has no setting 'bogus'"),
                      (["run", NAME, "--set", "pin_ns=fast"], "'fast' is not a valid int"),
                      (["run", NAME, "--set", "pin_ns"], "expected key=value"),
                      (["run", NAME, "--set", "model=warp"], "model is one of inorder, ooo"),
                      (["list", "no-such-figure"], "no experiment 'no-such-figure'"),
                      (["run", NAME, "-j", "0"], "-j must be at least 1"),
                      (["run", NAME, "--quick", "--full"], "not allowed with"),
                      (["report", str(work / "nothing-here")], "no directory"),
                      # What a message quotes stays on one line; a directory that cannot be made
                      # is bad input, not a traceback.
                      (["list", "no\nsuch"], "no experiment 'no\\x0asuch'"),
                      (["run", NAME, "--set", "a\nb=1"], "has no setting 'a\\x0ab'"),
                      (["run", NAME, "--out", "/proc/no-such-dir"], "cannot create the output directory /proc/no-such")]:
    r = run(*args, "--out", str(work / "bad")) if args[0] == "run" and "--out" not in args else run(*args)
    lines = r.stderr.strip().splitlines()
    check(r.returncode == 2 and len(lines) == 1 and message in lines[0],
          f"{' '.join(args)}: exit 2 and one line ({r.returncode}: {r.stderr.strip()[:120]})")
check(not (work / "bad").exists(), "bad input runs nothing")

# A whole run.
a = work / "a"
r = run("run", NAME, "--quick", "-j", "2", "--out", str(a))
check(r.returncode == 0, f"quick run exits 0 ({r.stderr.strip()[-200:]})")
csv_a = (a / f"{NAME}.csv").read_text() if (a / f"{NAME}.csv").exists() else ""
check(csv_a.startswith("point,method,channels,kernel,cache,buffer,size_B,access_ns"), "CSV header names units")
check(len(csv_a.splitlines()) == 1 + 3 * 3, "CSV has one row per point and size")
for f in ("summary.json", "summary.md", "commands.sh", f"{NAME}.png"):
    check((a / f).exists(), f"run writes {f}")
check(all((a / "raw" / p / "stats.json").exists() for p in ("none", "cpu", "adce4k")), "raw stats of every point")
check("[" + NAME + "] 3/3 points" in r.stderr, "progress line on stderr")

# Interrupted after the first point, then resumed: the CSV is the same as the whole run's.
b = work / "b"
proc = subprocess.Popen([pimnic, "experiment", "run", NAME, "--quick", "-j", "1", "--out", str(b)],
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
deadline = time.monotonic() + 300
while time.monotonic() < deadline and not list((b / "raw").glob("*/result.json")):
    time.sleep(0.2)
proc.send_signal(signal.SIGINT)
out, err = proc.communicate(timeout=120)
done = len(list((b / "raw").glob("*/result.json")))
check(proc.returncode == 130 and "interrupted" in err, f"SIGINT stops the run with 130 ({proc.returncode})")
check(1 <= done < 3, f"interrupted with {done} of 3 points done")
check(not (b / f"{NAME}.csv").exists(), "no CSV from an interrupted run")
r = run("run", NAME, "--quick", "-j", "2", "--out", str(b))
check(r.returncode == 0 and f"resuming: {done} of 3 points already done" in r.stderr,
      f"the rerun resumes ({r.stderr.strip()[:160]})")
csv_b = (b / f"{NAME}.csv").read_text() if (b / f"{NAME}.csv").exists() else None
check(csv_b == csv_a, "two runs (one interrupted and resumed) give identical CSVs")

# A changed setting runs every point again.
r = run("run", NAME, "--quick", "-j", "2", "--out", str(b), "--set", "array_bytes=262144")
check(r.returncode == 0 and "resuming" not in r.stderr, "a new setting reruns the points")
check(",262144," in (b / f"{NAME}.csv").read_text(), "the setting reaches the points")

# Unchanged, it is all done; a rebuilt image (a newer file) runs every point again.
r = run("run", NAME, "--quick", "-j", "2", "--out", str(b), "--set", "array_bytes=262144")
check(r.returncode == 0 and "resuming: 3 of 3 points already done" in r.stderr, "an unchanged rerun runs nothing")
image = Path(pimnic).resolve().parent.parent / "firmware" / "ioat-bench.elf"
os.utime(image)
r = run("run", NAME, "--quick", "-j", "2", "--out", str(b), "--set", "array_bytes=262144")
check(r.returncode == 0 and "resuming" not in r.stderr, "a rebuilt image reruns the points")

print(f"{len(failures)} failed" if failures else "all registry checks passed")
sys.exit(1 if failures else 0)
