"""An experiment's summary: the paper's numbers beside the measured ones, the shape checks."""
from __future__ import annotations

import json
from pathlib import Path

import levels


def build(exp, variant, settings, rows, out: Path, png: Path, npoints: int) -> dict:
    claims = []
    for c in exp.claims:
        try:
            m = c.measure(rows)
        except (KeyError, TypeError, ValueError, ZeroDivisionError, IndexError):
            m = None
        ratio = m / c.paper if m is not None and c.paper else None
        claims.append({"what": c.what, "unit": c.unit, "paper": c.paper,
                       "pimnic": None if m is None else round(m, 4),
                       "ratio": None if ratio is None else round(ratio, 3),
                       "within": c.within, "level": levels.level(c.paper, m, c.within)})
    checks = []
    for k in exp.checks:
        try:
            ok, seen = k.test(rows)
        except (KeyError, TypeError, ValueError, ZeroDivisionError, IndexError) as e:
            ok, seen = False, f"could not evaluate: {e!r}"
        checks.append({"what": k.what, "holds": bool(ok), "seen": seen})
    return {"name": exp.name, "seed": exp.seed, "figure": exp.figure, "title": exp.title, "varies": exp.varies,
            "paper_finding": exp.paper_finding, "notes": exp.notes, "variant": variant, "settings": settings,
            "points": npoints, "rows": len(rows), "csv": f"{exp.name}.csv", "png": png.name,
            "commands": "commands.sh", "claims": claims, "checks": checks,
            "shape_holds": all(c["holds"] for c in checks),
            "levels_ok": all(c["level"] == "ok" for c in claims)}


def fmt(v) -> str:
    if v is None:
        return "n/a"
    if isinstance(v, float):
        return f"{v:,.3g}" if abs(v) < 100 else f"{v:,.0f}"
    return str(v)


def markdown(s: dict, heading: str = "#") -> str:
    lines = [f"{heading} {s['name']}: {s['seed']}, {s['figure']}", "", s["title"], "",
             f"Varies: {s['varies']}. Variant `{s['variant']}`, {s['points']} points, {s['rows']} rows "
             f"([CSV]({s['csv']}), [plot]({s['png']}), [commands]({s['commands']})).", ""]
    if s["paper_finding"]:
        lines += [f"**The paper:** {s['paper_finding']}", ""]
    lines += [f"**{levels.verdict(s)}**", "",
              "| quantity | paper | pimnic | pimnic / paper | level (+-25%) |", "|---|---:|---:|---:|---|"]
    for c in s["claims"]:
        word = levels.describe(c)
        word = word if word == "ok" else f"**{word}**"
        lines.append(f"| {c['what']} ({c['unit']}) | {fmt(c['paper'])} | {fmt(c['pimnic'])} | {fmt(c['ratio'])} "
                     f"| {word} |")
    lines += ["", "| shape check | holds | seen |", "|---|---|---|"]
    for k in s["checks"]:
        lines.append(f"| {k['what']} | {'yes' if k['holds'] else '**no**'} | {k['seen']} |")
    if s["notes"]:
        lines += ["", f"**Where pimnic differs:** {s['notes']}"]
    settings = ", ".join(f"{k}={v}" for k, v in s["settings"].items())
    lines += ["", f"Settings: {settings or '(none)'}", ""]
    return "\n".join(lines)


def write(out: Path, name: str, s: dict):
    (out / "summary.json").write_text(json.dumps(s, indent=1) + "\n")
    (out / "summary.md").write_text(markdown(s))


def table(s: dict) -> str:
    """The terminal version: the badge, claims with their levels, and checks."""
    w = max([len(c["what"]) + len(c["unit"]) + 3 for c in s["claims"]] + [20])
    out = [f"{s['name']} ({s['seed']}, {s['figure']}), variant {s['variant']}: {levels.verdict(s)}",
           f"  {'quantity':<{w}} {'paper':>10} {'pimnic':>10} {'ratio':>7}  level (+-25%)"]
    for c in s["claims"]:
        label = f"{c['what']} ({c['unit']})"
        out.append(f"  {label:<{w}} {fmt(c['paper']):>10} {fmt(c['pimnic']):>10} {fmt(c['ratio']):>7}  "
                   f"{levels.describe(c)}")
    for k in s["checks"]:
        out.append(f"  [{'ok' if k['holds'] else 'NO'}] {k['what']}: {k['seen']}")
    return "\n".join(out)
