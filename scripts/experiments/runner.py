#!/usr/bin/env python3
"""pimnic experiment list [NAME] | run NAME [--quick|--full] [--out DIR] [--set k=v]... [-j N] [--check]
                  | report [DIR]

Started by `pimnic experiment` (emu/cli/cmd_experiment.cpp), which passes --pimnic and --firmware
first. Bad names and settings: one line on stderr, exit 2. See docs/experiments.md."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import registry  # noqa: E402
import run_points  # noqa: E402
import summary  # noqa: E402


class BadInput(Exception):
    pass


def one_line(text: str) -> str:
    """Control characters, and bytes that are not UTF-8 (held by Python as surrogates), as \\xNN:
    a message quoting the command line stays one line, as pimnic's own (emu/util/one_line.h)."""
    def escape(c):
        n = ord(c)
        return f"\\x{n & 0xFF:02x}" if n < 0x20 or n == 0x7F or 0xDC80 <= n <= 0xDCFF else c
    return "".join(map(escape, text))


class Parser(argparse.ArgumentParser):
    def error(self, message):
        if "required: verb" in message:  # `pimnic experiment` alone: say what it takes
            message = "what to do? list [NAME], run NAME [--quick] or report [DIR] (see pimnic experiment --help)"
        raise BadInput(message)


def parse_settings(exp, pairs: list) -> dict:
    settings = dict(exp.settings)
    for pair in pairs:
        if "=" not in pair:
            raise BadInput(f"--set {pair}: expected key=value")
        key, text = pair.split("=", 1)
        if key not in exp.settings:
            known = ", ".join(exp.settings) or "none"
            raise BadInput(f"{exp.name} has no setting '{key}' (its settings: {known})")
        default = exp.settings[key]
        try:
            if isinstance(default, bool):
                if text not in ("true", "false", "1", "0"):
                    raise ValueError
                settings[key] = text in ("true", "1")
            elif isinstance(default, int):
                settings[key] = int(text, 0)
                if settings[key] < 0:
                    raise ValueError
            elif isinstance(default, float):
                settings[key] = float(text)
                if not (settings[key] >= 0 and settings[key] != float("inf")):
                    raise ValueError
            else:
                settings[key] = text
        except ValueError:
            raise BadInput(f"--set {pair}: '{text}' is not a valid {type(default).__name__} for {key}")
        choices = exp.setting_choices.get(key)
        if choices and settings[key] not in choices:
            raise BadInput(f"--set {pair}: {key} is one of {', '.join(map(str, choices))}")
    return settings


def cmd_show(e):
    print(f"{e.name}: {e.seed}, {e.figure}\n  {e.title}\n  varies: {e.varies}\n  the paper: {e.paper_finding}")
    print(f"  expected time: quick {run_points.fmt_time(e.expected_seconds['quick'])}, "
          f"full {run_points.fmt_time(e.expected_seconds['full'])} (min:s)\n  settings (--set KEY=VALUE):")
    for k, v in e.settings.items():
        print(f"    {k} = {v}  {e.setting_help.get(k, '')}")


def cmd_list(experiments: dict, name: str | None = None):
    if name:
        if name not in experiments:
            raise BadInput(f"no experiment '{name}' (pimnic experiment list: {', '.join(experiments)})")
        return cmd_show(experiments[name])
    print(f"{'name':<18} {'seed':<28} {'figure':<10} {'quick':>6} {'full':>6}  varies")
    for e in experiments.values():
        q, f = e.expected_seconds["quick"], e.expected_seconds["full"]
        print(f"{e.name:<18} {e.seed:<28} {e.figure:<10} {run_points.fmt_time(q):>6} {run_points.fmt_time(f):>6}  {e.varies}")
    print("\n(quick, full: expected wall time on 2 cores, min:s; pimnic experiment list NAME: its settings;\n"
          " pimnic experiment run NAME [--quick|--full] [--set KEY=VALUE])")


def cmd_run(experiments: dict, a, paths: dict) -> int:
    if a.name not in experiments:
        raise BadInput(f"no experiment '{a.name}' (pimnic experiment list: {', '.join(experiments)})")
    exp = experiments[a.name]
    settings = parse_settings(exp, a.set)
    if a.jobs < 1:
        raise BadInput("-j must be at least 1")
    variant = "full" if a.full else "quick" if a.quick else "full"
    out = Path(a.out or Path("results") / exp.name)
    try:  # before any point runs, as pimnic refuses an unwritable --stats file
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise BadInput(f"cannot create the output directory {out}: {e.strerror}")
    code = run_points.run(exp, variant, settings, out, a.jobs, paths)
    if code:
        return code
    s = json.loads((out / "summary.json").read_text())
    print(summary.table(s))
    print(f"\nCSV: {out / s['csv']}\nplot: {out / s['png']}\nsummary: {out / 'summary.md'}\n"
          f"rerun a point: {out / 'commands.sh'}")
    if a.check and not s["shape_holds"]:
        print(f"pimnic: experiment {exp.name}: a shape check does not hold", file=sys.stderr)
        return 1
    return 0


def main(argv: list) -> int:
    p = Parser(prog="pimnic experiment", description="Regenerate the seeds' figures (docs/experiments.md).")
    p.add_argument("--pimnic", required=True, help=argparse.SUPPRESS)
    p.add_argument("--firmware", required=True, help=argparse.SUPPRESS)
    sub = p.add_subparsers(dest="verb", required=True, parser_class=Parser)
    ls = sub.add_parser("list", help="every experiment: name, seed, figure, expected time, what it varies; "
                                    "with NAME: its settings")
    ls.add_argument("name", nargs="?")
    r = sub.add_parser("run", help="run one experiment's points, then its CSV, plot and summary")
    r.add_argument("name")
    v = r.add_mutually_exclusive_group()
    v.add_argument("--quick", action="store_true", help="the small variant (CI, make run)")
    v.add_argument("--full", action="store_true", help="the whole figure (the default)")
    r.add_argument("--out", help="output directory (default results/NAME)")
    r.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="change a setting")
    r.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="points run at once (default: cores)")
    r.add_argument("--check", action="store_true", help="exit 1 if a shape check does not hold")
    rep = sub.add_parser("report", help="one page (Markdown and HTML) from every experiment's summary")
    rep.add_argument("dir", nargs="?", default="results")
    try:
        a = p.parse_args(argv)
        paths = {"pimnic": a.pimnic, "firmware": a.firmware}
        experiments = registry.load()
        if a.verb == "list":
            cmd_list(experiments, a.name)
            return 0
        if a.verb == "run":
            return cmd_run(experiments, a, paths)
        import report
        return report.main(Path(a.dir), experiments)
    except BadInput as e:
        print(f"pimnic: experiment: {one_line(str(e))}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
