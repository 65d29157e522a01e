"""What an experiment definition is made of (docs/experiments.md).

A definition file in defs/ builds one `Experiment`: the seed figure it regenerates, its settings
(defaults that `--set k=v` overrides), the points of each variant (command lines of real pimnic
runs whose stdout or statistics become CSV rows), a plot, the paper's numbers (`Claim`) and the
shape checks (`Check`) that CI and the report use. The runner (run_points.py) does the rest.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

Row = dict  # column name (with its unit: size_B, latency_ns) -> int, float or str


def number(text: str):
    """'12' -> 12, '1.5' -> 1.5, anything else stays text."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def key_value_rows(stdout: str, raw_dir: Path, prefix: str = "row") -> list[Row]:
    """Rows printed as 'row name=value name=value ...' (the seed benchmarks' convention); on a
    multi-node machine the console's 'n0.host: ' prefix comes first."""
    rows = []
    for line in stdout.splitlines():
        words = line.split()
        if words and words[0].endswith(":"):
            words = words[1:]
        if words and words[0] == prefix:
            rows.append({k: number(v) for k, v in (w.split("=", 1) for w in words[1:] if "=" in w)})
    return rows


def table_rows(first_column: str, units: Optional[dict] = None):
    """A parser for a whitespace table whose header line starts with `first_column`; the rows are
    the numeric lines after it. `units` renames header words (e.g. {'size': 'size_B'})."""
    units = units or {}

    def parse(stdout: str, raw_dir: Path) -> list[Row]:
        rows, header = [], None
        for line in stdout.splitlines():
            words = line.split()
            if words and words[0] == first_column:
                header = [units.get(w, w) for w in words]
            elif header and len(words) == len(header) and re.match(r"^-?[0-9.]", words[0]):
                rows.append({h: number(w) for h, w in zip(header, words)})
        return rows
    return parse


def stats_row(names: dict):
    """A parser making one row of statistics of the run (`--out {raw}` writes stats.json):
    names maps a statistic (e.g. 'sim_seconds') to its column (e.g. 'sim_s')."""
    def parse(stdout: str, raw_dir: Path) -> list[Row]:
        stats = json.loads((raw_dir / "stats.json").read_text())
        flat = stats.get("stats", stats)
        return [{col: flat.get(stat) for stat, col in names.items()}]
    return parse


@dataclass
class Point:
    """One deterministic simulation. `command` may use {pimnic} (this pimnic), {firmware} (its
    firmware images) and {raw} (the point's own directory for --out, stats, traces)."""
    id: str
    command: list
    params: dict = field(default_factory=dict)  # columns put in front of each of its rows
    parse: Callable = key_value_rows            # (stdout, raw_dir) -> rows


@dataclass
class Claim:
    """A number the paper reports, and how to measure the same thing from the rows. Its level is
    ok within +-25% of the paper (levels.py); `within`, an absolute tolerance in `unit`, is for a
    paper value of 0, to which no ratio exists."""
    what: str
    paper: float
    unit: str
    measure: Callable  # rows -> float or None
    within: Optional[float] = None


@dataclass
class Check:
    """A property of the figure's shape; test(rows) returns (holds, what was seen)."""
    what: str
    test: Callable


@dataclass
class Experiment:
    name: str
    seed: str
    figure: str
    title: str
    varies: str
    points: Callable            # (variant 'quick'|'full', settings dict) -> [Point]
    plot: Callable              # (rows, settings, png path, variant) -> None
    paper_finding: str = ""     # what the paper found, one or two sentences
    settings: dict = field(default_factory=dict)
    setting_help: dict = field(default_factory=dict)
    setting_choices: dict = field(default_factory=dict)  # setting -> the values it may take
    claims: list = field(default_factory=list)
    checks: list = field(default_factory=list)
    expected_seconds: dict = field(default_factory=lambda: {"quick": 60, "full": 600})
    notes: str = ""             # where pimnic's shape differs and why (or a docs pointer)


# Helpers for measures and checks.

def select(rows: list, **where) -> list:
    return [r for r in rows if all(r.get(k) == v for k, v in where.items())]


def series(rows: list, x: str, y: str, **where) -> list:
    """[(x, y)] of the rows that match, sorted by x."""
    return sorted((r[x], r[y]) for r in select(rows, **where) if x in r and y in r)


def value(rows: list, column: str, **where):
    found = [r[column] for r in select(rows, **where) if column in r]
    return found[0] if found else None
