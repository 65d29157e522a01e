#!/usr/bin/env python3
"""`pimnic experiment report` over the quick runs of every experiment, opened in headless Chromium:
the page must load with every plot decoded by the browser (the page's own onload script counts the
images the browser rendered), and a screenshot is kept beside it (report.png) for a person to look at.
usage: check_report.py PIMNIC RESULTS_DIR"""
import base64
import re
import shutil
import subprocess
import sys
from pathlib import Path

pimnic, root = sys.argv[1], Path(sys.argv[2])
summaries = sorted(root.glob("*/summary.json"))
if not summaries:
    sys.exit(f"no experiment results under {root}")
r = subprocess.run([pimnic, "experiment", "report", str(root)], capture_output=True, text=True)
print(r.stdout, r.stderr)
if r.returncode != 0:
    sys.exit("report failed")
page = (root / "report.html").read_text()
md = (root / "report.md").read_text()
images = re.findall(r"src='data:image/png;base64,([^']+)'", page)
if len(images) != len(summaries):
    sys.exit(f"{len(images)} plots embedded for {len(summaries)} experiments")
for data in images:
    if not base64.b64decode(data).startswith(b"\x89PNG"):
        sys.exit("an embedded plot is not a PNG")
for s in summaries:
    name = s.parent.name
    if f"id='{name}'" not in page or f"({name}/{name}.png)" not in md:
        sys.exit(f"{name} missing from the report")

browser = shutil.which("chromium") or shutil.which("chromium-browser")
if not browser:
    print("chromium is not installed (scripts/setup.sh installs it): browser check skipped")
    sys.exit(77)
flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
         "--virtual-time-budget=5000"]
url = (root / "report.html").resolve().as_uri()
dom = subprocess.run([browser, *flags, "--dump-dom", url], capture_output=True, text=True, timeout=120)
loaded = re.search(r'data-rendered="(\d+)"', dom.stdout)
if not loaded:
    sys.exit("chromium did not run the page's onload script:\n" + dom.stderr[-2000:])
if int(loaded.group(1)) != len(summaries):
    sys.exit(f"chromium rendered {loaded.group(1)} of {len(summaries)} plots")
shot = root / "report.png"
subprocess.run([browser, *flags, "--window-size=1400,2400", f"--screenshot={shot}", url],
               capture_output=True, text=True, timeout=120)
if not shot.exists() or shot.stat().st_size < 20000:
    sys.exit("no screenshot")
print(f"chromium rendered all {len(summaries)} plots; screenshot {shot}")
