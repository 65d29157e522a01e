#!/usr/bin/env python3
"""Level checks of the experiment summaries (scripts/experiments/levels.py): each paper quantity
is ok within +-25%, else 'differs' with its ratio; the badge counts shape checks and levels and is
'holds' only when both are complete; the terminal table, summary.md and the report page say the
same. usage: check_levels.py SCRIPTS_EXPERIMENTS_DIR WORKDIR"""
import shutil
import sys
from pathlib import Path

sys.path.insert(0, sys.argv[1])
work = Path(sys.argv[2])
import levels  # noqa: E402
import report  # noqa: E402
import summary  # noqa: E402
from experiment import Check, Claim, Experiment  # noqa: E402

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


# The rule itself, at and beyond the edges.
for paper, measured, want in [(100, 100, "ok"), (100, 75, "ok"), (100, 125, "ok"), (100, 74.9, "differs"),
                              (100, 125.1, "differs"), (1.15, 0.13, "differs"), (20, 5.05, "differs"),
                              (16384, 2048, "differs"), (-10, -12, "ok"), (-10, -13, "differs"),
                              (0, 0, "ok"), (0, 0.1, "differs"), (75, None, "n/a")]:
    got = levels.level(paper, measured)
    check(got == want, f"level(paper {paper}, measured {measured}) = {got}, want {want}")
check(levels.level(0, 4.9, within=5) == "ok" and levels.level(0, -5.1, within=5) == "differs",
      "a paper 0 with an absolute tolerance: ok within it, differs beyond")
check(levels.describe({"paper": 1.15, "pimnic": 0.13, "ratio": 0.113, "unit": "x"}) == "differs (0.11x)",
      "a differing level says its ratio")
check(levels.describe({"paper": 0, "pimnic": 8.2, "ratio": None, "unit": "%", "within": 5}) == "differs (+8.2 %)",
      "a differing level without a ratio says how far it is")

# A made-up experiment whose shape holds but one level differs: the badge must not say 'holds'.
rows = [{"x": 1, "a": 100.0, "b": 0.13}]
exp = Experiment(name="levels-test", seed="seed.txt", figure="Fig. 1", title="t", varies="v",
                 points=lambda v, s: [], plot=lambda *a: None,
                 claims=[Claim("a level at the paper's", 110, "MB/s", lambda r: r[0]["a"]),
                         Claim("a ratio far off", 1.15, "x", lambda r: r[0]["b"]),
                         Claim("not measured", 3, "us", lambda r: None)],
                 checks=[Check("a shape that holds", lambda r: (True, "seen")),
                         Check("another", lambda r: (True, "seen too"))])
shutil.rmtree(work, ignore_errors=True)
out = work / exp.name
out.mkdir(parents=True)
png = out / "levels-test.png"
png.write_bytes(b"\x89PNG\r\n\x1a\n")
s = summary.build(exp, "quick", {}, rows, out, png, 1)
summary.write(out, exp.name, s)
check([c["level"] for c in s["claims"]] == ["ok", "differs", "n/a"], f"levels recorded: {s['claims']}")
check(s["shape_holds"] and not s["levels_ok"], "shape holds, levels do not")
badge = levels.verdict(s)
check(badge == "differs: shape 2/2 checks, levels 1/3 within +-25%", f"badge: {badge}")
check(not levels.all_good(s), "no green badge over a level that differs")

terminal = summary.table(s)
md = (out / "summary.md").read_text()
report.main(work, {})
page = (work / "report.html").read_text()
page_md = (work / "report.md").read_text()
for name, text in (("terminal table", terminal), ("summary.md", md), ("report.md", page_md),
                   ("report.html", page)):
    check(badge in text, f"{name} shows the badge")
    check("differs (0.11x)" in text, f"{name} shows the differing level with its ratio")
    check("n/a" in text, f"{name} shows the level not measured")
check("<td class='ok'>differs" not in page and "class='ok'>differs" not in page,
      "the page never colours a differing level or badge green")

# Every level ok and every check holding: then, and only then, 'holds'.
good = dict(s, claims=[dict(c, pimnic=c["paper"], ratio=1.0, level="ok") for c in s["claims"]])
check(levels.verdict(good) == "holds: shape 2/2 checks, levels 3/3 within +-25%", levels.verdict(good))
# A summary written before levels existed: computed from its numbers.
old = dict(s, claims=[{k: v for k, v in c.items() if k not in ("level", "within")} for c in s["claims"]])
check(levels.verdict(old) == badge, "a summary without recorded levels gets the same badge")

sys.exit(1 if failures else 0)
