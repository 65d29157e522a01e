#!/usr/bin/env python3
"""Trace checks run by ctest (tests/trace/CMakeLists.txt).

  golden       the commit trace of an image equals its checked-in golden file; then the checks
               of `roundtrip`
  roundtrip    the binary trace (plain, zstd and gzip) printed by `pimnic trace-dump` equals the
               commit trace byte for byte, a gzipped commit trace decompresses to it (gzip module),
               and a traced run ends in the same state (stats, exit status, console output) as an
               untraced one
  disasm-check --disasm-check reports no disagreement with Capstone beyond its known errors
  cli          options, filters, --out, and bad input
"""
import argparse
import gzip
import difflib
import json
import os
import shutil
import subprocess
import sys

MAX_INSTS = "200000000"  # a runaway image must not fill the disk with its trace


def run(args, cmd, check_status=None, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    if check_status is not None and p.returncode != check_status:
        sys.exit(f"FAIL: {' '.join(cmd)}: exit {p.returncode}, expected {check_status}\n{p.stderr.decode()}")
    return p


def pimnic_cmd(args, extra):
    sets = [x for s in args.set for x in ("--set", s)]
    if args.linux:
        return [args.pimnic, "linux", "--clear-env", "--max-insts", MAX_INSTS] + sets + extra + [args.elf]
    return [args.pimnic, "run", "--max-insts", MAX_INSTS] + sets + extra + [args.elf]


def first_difference(a, b, name_a, name_b):
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1} differs:\n  {name_a}: {x}\n  {name_b}: {y}"
    return f"{name_a} has {len(la)} lines, {name_b} has {len(lb)}"


def fresh(work):
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)


def roundtrip(args):
    w = args.work
    fresh(w)
    plain = run(args, pimnic_cmd(args, ["--out", f"{w}/plain"]), stdin=subprocess.DEVNULL)
    traced = run(args, pimnic_cmd(args, ["--out", f"{w}/traced", "--trace", "commit:commit.trace",
                                         "--trace", "binary:trace.bin", "--trace", "binary:trace.bin.zst",
                                         "--trace", "binary:trace.bin.gz", "--trace", "commit:commit.trace.gz"]),
                 stdin=subprocess.DEVNULL)
    if (plain.returncode, plain.stdout) != (traced.returncode, traced.stdout):
        sys.exit(f"FAIL: traced run differs from the untraced one: exit {traced.returncode} vs {plain.returncode}")
    for f in ["stats.txt", "stats.json"]:
        a, b = open(f"{w}/plain/{f}").read(), open(f"{w}/traced/{f}").read()
        if a != b:
            sys.exit(f"FAIL: {f} of the traced run differs: " + first_difference(a, b, "untraced", "traced"))
    commit = open(f"{w}/traced/commit.trace").read()
    lines = commit.count("\n") - 1
    if gzip.decompress(open(f"{w}/traced/commit.trace.gz", "rb").read()).decode() != commit:
        sys.exit("FAIL: commit.trace.gz does not decompress to the commit trace")
    for b in ["trace.bin", "trace.bin.zst", "trace.bin.gz"]:
        dump = run(args, [args.pimnic, "trace-dump", f"{w}/traced/{b}"], check_status=0).stdout.decode()
        if dump != commit:
            sys.exit(f"FAIL: trace-dump {b} differs from the commit trace: " + first_difference(commit, dump, "commit", "dump"))
    size = os.path.getsize(f"{w}/traced/trace.bin")
    zsize = os.path.getsize(f"{w}/traced/trace.bin.zst")
    gsize = os.path.getsize(f"{w}/traced/trace.bin.gz")
    print(f"PASS: {lines} instructions; commit {len(commit)} bytes, binary {size}, zstd {zsize}, gzip {gsize}; "
          "trace-dump reproduces the commit trace; same state as untraced")
    return commit


def golden(args):
    commit = roundtrip(args)
    want = open(args.golden).read()
    if commit != want:
        sys.exit(f"FAIL: commit trace differs from {args.golden} (regenerate with scripts/regen_golden_traces.sh "
                 "if the change is intended): " + first_difference(want, commit, "golden", "now"))
    print(f"PASS: equals {os.path.basename(args.golden)}")


def disasm_check(args):
    p = run(args, pimnic_cmd(args, ["--disasm-check"]), stdin=subprocess.DEVNULL)
    err = p.stderr.decode()
    report = [l for l in err.splitlines() if "disasm-check" in l]
    summary = [l for l in report if "instructions checked" in l]
    if not summary:
        sys.exit("FAIL: no --disasm-check summary on stderr:\n" + err)
    if " 0 disagreements" not in summary[-1]:
        sys.exit("FAIL:\n" + "\n".join(report))
    print("PASS: " + summary[-1])


def cli(args):
    w = args.work
    fresh(w)
    p = args.pimnic
    full = run(args, [p, "run", args.elf, "--out", f"{w}/all", "--trace", "commit:all.trace"], check_status=0)
    for f in ["stats.txt", "stats.json", "config.json", "all.trace"]:
        if not os.path.exists(f"{w}/all/{f}"):
            sys.exit(f"FAIL: --out did not produce {f}")
    config = json.load(open(f"{w}/all/config.json"))
    if config.get("command") != "run" or "core.profile" not in config.get("params", {}):
        sys.exit(f"FAIL: config.json lacks the command or the parameters: {config}")
    if full.stderr:
        sys.exit(f"FAIL: stderr not empty without a terminal: {full.stderr.decode()!r}")
    lines = open(f"{w}/all/all.trace").read().splitlines()[1:]
    # Instruction-count window: exactly those instructions, the same lines as in the full trace.
    run(args, [p, "run", args.elf, "--trace", f"commit,insts=10-19:{w}/win.trace"], check_status=0)
    win = open(f"{w}/win.trace").read().splitlines()[1:]
    if win != lines[9:19]:
        sys.exit("FAIL: insts=10-19 window:\n" + "\n".join(win))
    # A symbol: only instructions inside it.
    run(args, [p, "run", args.elf, "--trace", f"commit,sym=square:{w}/sym.trace"], check_status=0)
    sym = open(f"{w}/sym.trace").read().splitlines()[1:]
    in_square = lambda l: l.split()[4].startswith("<square")  # the <symbol+offset> column
    if not sym or not all(map(in_square, sym)) or sym != [l for l in lines if in_square(l)]:
        sys.exit("FAIL: sym=square:\n" + "\n".join(sym))
    # A pc range and a thread: the same selection.
    run(args, [p, "run", args.elf, "--trace", f"commit,pc=0x4000-0x4008,thread=0:{w}/pc.trace"], check_status=0)
    pcs = open(f"{w}/pc.trace").read().splitlines()[1:]
    if pcs != lines[:2]:
        sys.exit("FAIL: pc=0x4000-0x4008:\n" + "\n".join(pcs))
    run(args, [p, "run", args.elf, "--trace", f"commit,thread=1:{w}/none.trace"], check_status=0)
    if open(f"{w}/none.trace").read().count("\n") != 1:
        sys.exit("FAIL: thread=1 should select nothing on a one-thread core")
    # Cycle window (one cycle per instruction in the functional model).
    run(args, [p, "run", args.elf, "--trace", f"commit,cycles=5-6:{w}/cyc.trace"], check_status=0)
    if open(f"{w}/cyc.trace").read().splitlines()[1:] != lines[4:6]:
        sys.exit("FAIL: cycles=5-6")
    # Bad input: one line on stderr, exit status 2.
    for spec, msg in [("bogus:x", "unknown kind"), ("commit", "expected KIND"), ("commit,frob=1:x", "unknown option"),
                      ("commit,insts=9-3:x", "empty window"), ("commit,sym=no_such_symbol:x", "no symbol"),
                      (f"commit:{w}/no/such/dir/x", "cannot write"), ("commit,gzip=10:x", "gzip level must be 1..9"),
                      ("commit,gzip,zstd:x", "zstd or gzip, not both")]:
        r = run(args, [p, "run", args.elf, "--trace", spec], check_status=2)
        err = r.stderr.decode()
        if msg not in err or err.count("\n") != 1:
            sys.exit(f"FAIL: --trace {spec}: expected one line with '{msg}', got {err!r}")
    r = run(args, [p, "trace-dump", args.elf], check_status=2)
    if "not a pimnic binary trace" not in r.stderr.decode():
        sys.exit(f"FAIL: trace-dump of an ELF: {r.stderr.decode()!r}")
    # A gzip file cut short, and one whose deflate data is garbage.
    run(args, [p, "run", args.elf, "--trace", f"binary:{w}/whole.bin.gz"], check_status=0)
    whole = open(f"{w}/whole.bin.gz", "rb").read()
    for name, data, msg in [("cut.gz", whole[:len(whole) // 2], "truncated trace"),
                            ("garbage.gz", whole[:10] + bytes(range(256)) * 4, "gzip: corrupt data")]:
        open(f"{w}/{name}", "wb").write(data)
        r = run(args, [p, "trace-dump", f"{w}/{name}"], check_status=2)
        if msg not in r.stderr.decode():
            sys.exit(f"FAIL: trace-dump of {name}: {r.stderr.decode()!r}")
    print(f"PASS: --out files, insts/sym/pc/thread/cycles filters, bad specs")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["golden", "roundtrip", "disasm-check", "cli"])
    ap.add_argument("--pimnic", required=True)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--golden")
    ap.add_argument("--work")
    ap.add_argument("--linux", action="store_true")
    ap.add_argument("--set", action="append", default=[], help="a parameter for every run (key=value)")
    args = ap.parse_args()
    {"golden": golden, "roundtrip": roundtrip, "disasm-check": disasm_check, "cli": cli}[args.mode](args)


if __name__ == "__main__":
    main()
