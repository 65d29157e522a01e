#!/usr/bin/env python3
"""Check a run's Kanata pipeline log (`--trace kanata:FILE`) against the format Konata reads.

The rules are those of the Kanata 0004 format as Konata's documentation and parser state them
(https://github.com/shioyadan/Konata, docs/kanata-log-format.md): a "Kanata" header line; tab-separated
commands C= / C / I / L / S / E / R / W; an instruction introduced by I (file ids sequential, never
redefined) before any other command names it; L types 0 (left pane), 1 (detail), 2 (current stage);
E on a lane the instruction has; R ends an instruction (0 retire, 1 flush); W names a known producer.
Konata only warns about unknown commands and commands after R; here they are errors, and so are
cycles that go backwards and instructions never ended. Beyond the format, the log must agree with
the run: retired instructions = sim_insts, retire ids 0, 1, 2, ..., the expected hardware threads,
and each instruction's stages in order of cycle.
"""
import argparse
import gzip
import json
import subprocess
import sys
import tempfile
from pathlib import Path


class KanataError(Exception):
    pass


def parse(lines):
    """Validate the log; return per-instruction records and the final cycle."""
    if not lines or not lines[0].startswith("Kanata\t"):
        raise KanataError("line 1: no Kanata header")
    cycle, next_id = 0, 0
    alive, ended = {}, {}
    seen_cycle_cmd = False
    for n, line in enumerate(lines[1:], start=2):
        f = line.split("\t")
        cmd = f[0]

        def need(k):
            if len(f) != k:
                raise KanataError(f"line {n}: {cmd} takes {k - 1} fields: {line!r}")

        def integer(text):
            try:
                return int(text)
            except ValueError:
                raise KanataError(f"line {n}: not an integer: {text!r}") from None

        if cmd == "C=":
            need(2)
            if seen_cycle_cmd:
                raise KanataError(f"line {n}: C= after the log started")
            cycle = integer(f[1])
            seen_cycle_cmd = True
            continue
        if cmd == "C":
            need(2)
            delta = integer(f[1])
            if delta <= 0:
                raise KanataError(f"line {n}: cycles must advance (C {delta})")
            cycle += delta
            seen_cycle_cmd = True
            continue
        if cmd not in ("I", "L", "S", "E", "R", "W"):
            raise KanataError(f"line {n}: unknown command {cmd!r}")
        need(4)
        i = integer(f[1])
        if cmd == "I":
            if i in alive or i in ended:
                raise KanataError(f"line {n}: instruction {i} redefined")
            if i != next_id:
                raise KanataError(f"line {n}: file ids must be sequential (expected {next_id}, got {i})")
            next_id += 1
            alive[i] = {"sim_id": integer(f[2]), "thread": integer(f[3]), "start": cycle, "labels": [],
                        "lanes": {}, "stages": []}
            continue
        if i not in alive:
            raise KanataError(f"line {n}: {cmd} names instruction {i}, which is "
                              + ("already ended" if i in ended else "not introduced by I"))
        op = alive[i]
        if cmd == "L":
            kind = integer(f[2])
            if kind not in (0, 1, 2):
                raise KanataError(f"line {n}: label type {kind}")
            if kind == 2 and not op["stages"]:
                raise KanataError(f"line {n}: stage label with no current stage")
            op["labels"].append((kind, f[3]))
        elif cmd == "S":
            lane = integer(f[2])
            op["lanes"].setdefault(lane, []).append((f[3], cycle))
            if lane == 0:
                op["stages"].append((f[3], cycle))
        elif cmd == "E":
            lane = integer(f[2])
            if lane not in op["lanes"]:
                raise KanataError(f"line {n}: E on lane {lane}, which instruction {i} has no stage on")
            if f[3] not in [s for s, _ in op["lanes"][lane]]:
                raise KanataError(f"line {n}: E of stage {f[3]!r}, never started for instruction {i}")
        elif cmd == "R":
            kind = integer(f[3])
            if kind not in (0, 1):
                raise KanataError(f"line {n}: R type {kind}")
            op.update(retire_id=integer(f[2]), flushed=kind == 1, end=cycle)
            ended[i] = alive.pop(i)
        elif cmd == "W":
            if integer(f[2]) not in alive and integer(f[2]) not in ended:
                raise KanataError(f"line {n}: W names unknown producer {f[2]}")
    if alive:
        raise KanataError(f"{len(alive)} instructions never retired or flushed (first: {min(alive)})")
    return ended, cycle


def check_run(ops, stats, a):
    retired = [ops[i] for i in sorted(ops) if not ops[i]["flushed"]]
    problems = []
    insts = int(stats["sim_insts"]["value"] if isinstance(stats["sim_insts"], dict) else stats["sim_insts"])
    if len(retired) != insts:
        problems.append(f"{len(retired)} retired instructions in the log, sim_insts {insts}")
    rids = sorted(op["retire_id"] for op in retired)
    if rids != list(range(len(retired))):
        problems.append("retire ids are not 0, 1, 2, ... once each")
    threads = {op["thread"] for op in retired}
    if len(threads) < a.min_threads:
        problems.append(f"instructions of {len(threads)} hardware threads, expected at least {a.min_threads}")
    for op in retired:
        if not any(kind == 0 and text for kind, text in op["labels"]):
            problems.append(f"retired instruction {op['sim_id']} has no left-pane label")
            break
        cycles = [c for _, c in op["stages"]]
        if cycles != sorted(cycles) or not cycles or cycles[0] < op["start"] or cycles[-1] > op["end"]:
            problems.append(f"instruction {op['sim_id']}: stages out of cycle order {op['stages']}")
            break
        if a.stages and [s for s, _ in op["stages"]] != a.stages.split(","):
            problems.append(f"instruction {op['sim_id']}: stages {[s for s, _ in op['stages']]}, "
                            f"expected {a.stages}")
            break
    return problems, len(retired), len(ops) - len(retired), len(threads)


def self_test():
    """The checker rejects what it must (so a passing run means something)."""
    good = ["Kanata\t0004", "C=\t0", "I\t0\t0\t0", "L\t0\t0\tx", "S\t0\t0\tF", "C\t1", "E\t0\t0\tF",
            "R\t0\t0\t0"]
    parse(good)
    bad = {
        "no header": good[1:],
        "unknown command": good + ["Q\t1"],
        "cycles backwards": good[:5] + ["C\t-1"] + good[6:],
        "use before I": good[:2] + ["S\t0\t0\tF"],
        "redefined": good + ["I\t0\t1\t0"],
        "after R": good + ["S\t0\t0\tX"],
        "never ended": good[:-1],
        "E on unknown lane": good[:6] + ["E\t0\t3\tF"] + good[7:],
        "non-sequential id": good[:2] + ["I\t5\t0\t0"],
    }
    for what, lines in bad.items():
        try:
            parse(lines)
        except KanataError:
            continue
        sys.exit(f"self-test: a log with {what} was accepted")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pimnic", required=True)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--linux", action="store_true", help="a Linux-mode program (pimnic linux)")
    ap.add_argument("--model", required=True)
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--min-threads", type=int, default=1)
    ap.add_argument("--gzip", action="store_true", help="write the log as FILE.gz (as Konata opens it)")
    ap.add_argument("--stages", help="the lane-0 stages of every retired instruction, comma-separated")
    a = ap.parse_args()
    self_test()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / ("pipe.kanata.gz" if a.gzip else "pipe.kanata")
        opts = ["--model", a.model, "--out", tmp, "--trace", f"kanata:{log}"] + [f"--set={s}" for s in a.set]
        # (a Linux program's own arguments would follow it, so options go first there)
        cmd = [a.pimnic, "linux", *opts, a.elf] if a.linux else [a.pimnic, "run", a.elf, *opts]
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=600)
        if p.returncode != 0:
            sys.exit(f"run failed ({p.returncode}): {p.stderr}")
        text = gzip.decompress(log.read_bytes()).decode() if a.gzip else log.read_text()
        try:
            ops, last = parse(text.split("\n")[:-1])
        except KanataError as e:
            sys.exit(f"{log.name}: {e}")
        stats = json.loads((Path(tmp) / "stats.json").read_text())
    problems, retired, flushed, threads = check_run(ops, stats, a)
    for p in problems:
        print("FAIL", p)
    if problems:
        sys.exit(1)
    print(f"ok: {retired} retired and {flushed} flushed instructions of {threads} thread(s) "
          f"over {last} cycles, every rule of the format kept")


if __name__ == "__main__":
    main()
