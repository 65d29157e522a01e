"""Running an experiment: its points in parallel (each a separate pimnic process), resuming from
the points already done, then the CSV, the plot, the summary and the commands to rerun."""
from __future__ import annotations

import csv
import json
import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import summary as summary_mod


class Interrupted(Exception):
    pass


def resolve(command: list, paths: dict, raw: Path) -> list:
    subst = dict(paths, raw=str(raw))
    return [str(word).format(**subst) for word in command]


def done_record(raw: Path) -> dict | None:
    try:
        return json.loads((raw / "result.json").read_text())
    except (OSError, ValueError):
        return None


def inputs(cmd: list) -> dict:
    """The files a command line names (pimnic, the images) with their size and time: a point is
    done only if it ran this command on these very files (a rebuild runs it again)."""
    found = {}
    for word in cmd:
        path = Path(word.split("=", 1)[-1]) if "=" in word else Path(word)
        if path.is_absolute() and path.is_file():
            st = path.stat()
            found[str(path)] = [st.st_size, st.st_mtime_ns]
    return found


def is_done(raw: Path, cmd: list) -> bool:
    rec = done_record(raw) or {}
    return rec.get("command") == cmd and rec.get("inputs") == inputs(cmd)


class Progress:
    """A line on stderr: points done, elapsed, estimated remaining."""

    def __init__(self, name: str, total: int, already: int, jobs: int):
        self.name, self.total, self.done, self.jobs = name, total, already, jobs
        self.ran, self.start, self.lock = 0, time.monotonic(), threading.Lock()
        self.tty = sys.stderr.isatty()

    def point_done(self, point_id: str, ok: bool):
        with self.lock:
            self.done += 1
            self.ran += 1
            elapsed = time.monotonic() - self.start
            left = self.total - self.done
            eta = elapsed / self.ran * left if self.ran else 0
            line = (f"[{self.name}] {self.done}/{self.total} points, {fmt_time(elapsed)} elapsed, "
                    f"~{fmt_time(eta)} left" + ("" if ok else f" ({point_id} FAILED)"))
            end = "" if self.tty and left else "\n"
            sys.stderr.write(("\r\x1b[K" if self.tty else "") + line + end)
            sys.stderr.flush()


def fmt_time(s: float) -> str:
    s = int(round(s))
    return f"{s // 60}:{s % 60:02d}"


def run_point(cmd: list, raw: Path, children: set, lock: threading.Lock, stopping: threading.Event) -> dict:
    raw.mkdir(parents=True, exist_ok=True)
    (raw / "result.json").unlink(missing_ok=True)
    (raw / "command.txt").write_text(shlex.join(cmd) + "\n")
    t0 = time.monotonic()
    with open(raw / "stdout.txt", "w") as out, open(raw / "stderr.txt", "w") as err:
        with lock:
            if stopping.is_set():
                raise Interrupted()
            proc = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL, start_new_session=True)
            children.add(proc)
        code = proc.wait()
        with lock:
            children.discard(proc)
    if stopping.is_set():
        raise Interrupted()
    record = {"command": cmd, "inputs": inputs(cmd), "exit_code": code, "wall_s": round(time.monotonic() - t0, 3)}
    if code == 0:  # only a finished point counts as done (resume)
        (raw / "result.json").write_text(json.dumps(record, indent=1) + "\n")
    return record


def run(exp, variant: str, settings: dict, out: Path, jobs: int, paths: dict) -> int:
    points = exp.points(variant, settings)
    ids = [p.id for p in points]
    if len(set(ids)) != len(ids):
        raise SystemExit(f"pimnic: experiment {exp.name} has two points with one id")
    out.mkdir(parents=True, exist_ok=True)
    raw_root = out / "raw"
    commands = {p.id: resolve(p.command, paths, raw_root / p.id) for p in points}
    todo = [p for p in points if not is_done(raw_root / p.id, commands[p.id])]
    already = len(points) - len(todo)
    if already:
        sys.stderr.write(f"[{exp.name}] resuming: {already} of {len(points)} points already done\n")
    progress = Progress(exp.name, len(points), already, jobs)
    children, lock, stopping = set(), threading.Lock(), threading.Event()
    failed = []

    def one(p):
        rec = run_point(commands[p.id], raw_root / p.id, children, lock, stopping)
        ok = rec["exit_code"] == 0
        if not ok:
            failed.append(p.id)
        progress.point_done(p.id, ok)

    def stop_children():
        stopping.set()
        with lock:
            for c in list(children):
                try:
                    os.killpg(c.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass

    def stop(*_):  # SIGTERM: as Ctrl-C
        stop_children()
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGTERM, stop)
    pool = ThreadPoolExecutor(max_workers=jobs)
    try:
        futures = [pool.submit(one, p) for p in todo]
        for f in futures:
            while True:
                try:
                    f.result(timeout=0.2)
                    break
                except TimeoutError:
                    continue
    except (KeyboardInterrupt, Interrupted):
        stop_children()
        pool.shutdown(wait=True, cancel_futures=True)
        done = sum(1 for p in points if is_done(raw_root / p.id, commands[p.id]))
        sys.stderr.write(f"\npimnic: experiment {exp.name} interrupted: {done} of {len(points)} points done; "
                         "run it again to resume\n")
        return 130
    finally:
        signal.signal(signal.SIGTERM, old)
        pool.shutdown(wait=True)
    if failed:
        for pid in sorted(failed):
            tail = (raw_root / pid / "stderr.txt").read_text().strip().splitlines()[-1:] or ["(no message)"]
            sys.stderr.write(f"pimnic: point {pid} failed: {tail[0]} (see {raw_root / pid})\n")
        return 1

    rows = collect(points, raw_root)
    write_csv(out / f"{exp.name}.csv", rows)
    write_commands(out / "commands.sh", points, commands, raw_root)
    png = out / f"{exp.name}.png"
    exp.plot(rows, settings, png, variant)
    summary = summary_mod.build(exp, variant, settings, rows, out, png, len(points))
    summary_mod.write(out, exp.name, summary)
    return 0


def collect(points, raw_root: Path) -> list:
    rows = []
    for p in points:
        stdout = (raw_root / p.id / "stdout.txt").read_text()
        got = p.parse(stdout, raw_root / p.id)
        if not got:
            raise SystemExit(f"pimnic: point {p.id} printed no rows (see {raw_root / p.id / 'stdout.txt'})")
        for r in got:
            rows.append(dict({"point": p.id}, **p.params, **r))
    return rows


def write_csv(path: Path, rows: list):
    columns = []
    for r in rows:
        columns += [c for c in r if c not in columns]
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=columns, lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow(r)


def write_commands(path: Path, points, commands: dict, raw_root: Path):
    lines = ["#!/bin/sh", "# Rerun any point of this experiment: each line is one deterministic simulation.",
             "# Its stdout was " + str(raw_root) + "/ID/stdout.txt.", ""]
    for p in points:
        lines.append(f"# {p.id}: " + ", ".join(f"{k}={v}" for k, v in p.params.items()))
        lines.append(shlex.join(commands[p.id]))
    path.write_text("\n".join(lines) + "\n")
    path.chmod(0o755)
