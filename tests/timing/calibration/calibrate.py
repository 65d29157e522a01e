#!/usr/bin/env python3
"""Calibration of the timing models against their own configuration (docs/timing-calibration.md).

Microbenchmarks in the style of lmbench and calibrator (programs/*.S: bare-metal assembly, so every
instruction of a timed loop is known) run under each model and preset. Each prints cycles read
from the time base around its kernels; a figure is the difference of two kernels that differ only
in the operations of interest, divided by how many more of them the second ran, so loop and call
overhead cancel. Each figure is checked against the value the configuration of *that run* implies
(config.json of the run: a --set moves both sides), within 5% unless the check says why not.
Statistics are checked too: no stall counter above the cycles, the average miss time of a pointer
chase equal to the configured latency of the level below.

  calibrate.py --pimnic build/bin/pimnic --programs build/tests/timing/calibration [--suite quick|full]
               [--only REGEX] [--table FILE]

Exit status 1 if a check fails. --table writes the markdown tables of docs/timing-calibration.md.
"""
import argparse
import json
import math
import re
import subprocess
import sys
import tempfile
from pathlib import Path


# ---- runs -----------------------------------------------------------------------------------

class Run:
    def __init__(self, program, model, core, sets=(), note=""):
        self.program, self.model, self.core, self.sets, self.note = program, model, core, list(sets), note
        preset = {"host": "host", "nic": "nic-conv", "pim": "pim"}[core]
        self.name = f"{program} {model} {preset}" + "".join(" " + s for s in self.sets)

    def command(self, pimnic, programs, out):
        cmd = [pimnic, "run", str(Path(programs) / f"{self.program}.elf"), "--core", self.core, "--model", self.model,
               "--set", "core.tb_divider=1", "--out", str(out), "--no-progress"]
        # PIM: eight hardware threads in its 384 KiB; the others stream over 32 MiB.
        cmd += ["--set", "core.harts=8"] if self.core == "pim" else ["--ram-size", str(32 << 20)]
        for s in self.sets:
            cmd += ["--set", s]
        return cmd

    tb_divider = 1  # core cycles per time-base tick

    def available(self, programs):
        return (Path(programs) / f"{self.program}.elf").exists()

    def execute(self, pimnic, programs, work):
        out = Path(tempfile.mkdtemp(dir=work))
        p = subprocess.run(self.command(pimnic, programs, out), capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            raise RuntimeError(f"{self.name}: exit {p.returncode}: {p.stderr.strip()}")
        self.cycles = {}
        for line in p.stdout.splitlines():
            name, value = line.split()
            self.cycles[name] = int(value, 16) * self.tb_divider
        self.params = json.loads((out / "config.json").read_text())["params"]
        self.stats = {k: v for k, v in json.loads((out / "stats.json").read_text()).items() if not k.startswith("_")}

    def ps_per_cycle(self):
        return self.stats["sim_seconds"] * 1e12 / self.stats["sim_cycles"]

    def per_op(self, a, b, ops):
        """(cycles of b - cycles of a) / ops."""
        return (self.cycles[b] - self.cycles[a]) / ops


class LinuxRun(Run):
    """A static powerpc-linux program under `pimnic linux --clock sim` (the host core; the NIC's
    timing through timing.preset=nic-conv): the command line issue 21 was reported with."""

    tb_divider = 8  # Linux mode's time base

    def __init__(self, program, model, args, sets=()):
        super().__init__(program, model, "nic" if "timing.preset=nic-conv" in sets else "host", sets)
        self.args = [str(a) for a in args]
        self.name += " " + " ".join(self.args)

    def available(self, programs):
        return (Path(programs) / self.program).exists()

    def command(self, pimnic, programs, out):
        cmd = [pimnic, "linux"]
        for s in self.sets:
            cmd += ["--set", s]
        return cmd + ["--model", self.model, "--clock", "sim", "--out", str(out), "--no-progress",
                      str(Path(programs) / self.program), *self.args]


def quick_runs():
    runs = []
    for model in ("inorder", "ooo"):
        for core in ("host", "nic"):
            for prog in ("ops", "chase", "stream", "branch", "order"):
                runs.append(Run(prog, model, core))
            runs.append(Run("branch", model, core, ["core.bpred.kind=btfn"]))
    # The same programs with other figures: both sides must move.
    runs += [
        Run("ops", "inorder", "host", ["core.op.IntAlu.latency=3", "core.op.IntMul.interval=3", "core.op.IntDiv.latency=25"]),
        Run("ops", "ooo", "host", ["core.op.IntAlu.latency=2", "core.ooo.int_mult=2", "core.ooo.decode_width=2"]),
        Run("chase", "inorder", "host", ["mem.l2.latency=20", "mem.dram.row_miss=300", "mem.dram.row_hit=280"]),
        Run("chase", "ooo", "nic", ["mem.l1d.latency=3", "mem.dram.row_miss=50"]),
        Run("stream", "inorder", "host", ["mem.l1d.mshrs=1"]),
        Run("stream", "inorder", "host", ["mem.store_buffer=2"]),
        Run("stream", "ooo", "host", ["mem.l1d.mshrs=2", "mem.store_buffer=16"]),
        Run("order", "inorder", "host", ["mem.l1d.mshrs=1"]),
        Run("order", "ooo", "nic", ["mem.l1d.mshrs=1"]),
        Run("branch", "inorder", "host", ["core.bpred.kind=btfn", "core.inorder.mispredict_penalty=11"]),
        Run("branch", "inorder", "nic", ["core.inorder.taken_bubble=3"]),
        Run("branch", "ooo", "host", ["core.bpred.kind=btfn", "core.ooo.mispredict_penalty=13"]),
        Run("pim", "pim", "pim"),
        Run("pim", "pim", "pim", ["core.pim.depth=6", "core.op.IntDiv.interval=10", "core.op.IntDiv.latency=12"]),
        Run("pim", "pim", "pim", ["mem.dram.row_hit=6", "mem.dram.row_miss=15"]),
        # Seed pim-nic-mpi-matching's single pipeline (table1-pim): IPC 1 alone, branch and memory
        # stalls, hidden by the other threads.
        Run("pim", "pim", "pim", ["core.pim.pipeline=single"]),
        Run("pim", "pim", "pim", ["core.pim.pipeline=single", "core.pim.depth=6", "mem.dram.row_hit=6"]),
    ]
    # Issue 21's reproduction, on its command line (pimnic linux --clock sim).
    mib8 = 8 << 20
    runs += [
        LinuxRun("store_lines", "inorder", [mib8, 1]),
        LinuxRun("store_lines", "inorder", [mib8, 1], ["mem.l1d.mshrs=1"]),
        LinuxRun("store_lines", "ooo", [mib8, 16]),
        LinuxRun("store_lines", "ooo", [mib8, 16], ["core.ooo.lsq_size=64"]),
        LinuxRun("store_lines", "ooo", [mib8, 16], ["timing.preset=nic-conv"]),
    ]
    return runs


def full_runs():
    runs = quick_runs()
    for core in ("host", "nic"):
        for model in ("inorder", "ooo"):
            for mshrs in (1, 2, 4, 16):
                runs.append(Run("stream", model, core, [f"mem.l1d.mshrs={mshrs}"]))
            for sb in (1, 4, 32):
                runs.append(Run("stream", model, core, [f"mem.store_buffer={sb}"]))
            for lat in (2, 5):
                runs.append(Run("ops", model, core, [f"core.op.IntMul.latency={lat}", f"core.op.IntAlu.latency={lat - 1}"]))
            runs.append(Run("chase", model, core, ["mem.dram.policy=closed"]))
    for depth in (2, 4, 8):
        runs.append(Run("pim", "pim", "pim", [f"core.pim.depth={depth}"]))
    for model in ("inorder", "ooo"):
        for per_line in (1, 16):
            for sets in ([], ["mem.l1d.mshrs=2"], ["mem.l1d.mshrs=16"], ["mem.store_buffer=1"], ["mem.store_buffer=32"]):
                runs.append(LinuxRun("store_lines", model, [8 << 20, per_line], sets))
    return runs


# ---- what the configuration implies ----------------------------------------------------------

# Parameters that a pimnic from before issue 21 does not have: their defaults, so that the suite
# can show what that pimnic got wrong.
LATER = {"mem.store_buffer": 8, "core.pim.int_units": 1, "core.pim.mem_ports": 1}


def param(P, name):
    return P[name] if name in P or name not in LATER else LATER[name]


def lat(P, cls):
    return max(1, P[f"core.op.{cls}.latency"])


def ivl(P, cls):
    return max(1, P[f"core.op.{cls}.interval"])


def width(P):
    """Instructions per cycle an out-of-order core's front and back end sustain without branches."""
    return min(P["core.ooo.fetch_width"], P["core.ooo.decode_width"], P["core.ooo.issue_width"],
               P["core.ooo.commit_width"])


POOL = {"IntAlu": "int_alu", "IntMul": "int_mult", "IntDiv": "int_mult"}


def op_expectations(run):
    """ops.S: a dependent chain costs the latency (or the unit's interval); independent operations
    the interval of the unit (in order: at least one cycle each; out of order: the width, or the
    pool's units / interval)."""
    P, out = run.params, []
    for name, cls in (("add", "IntAlu"), ("mul", "IntMul"), ("div", "IntDiv"), ("nop", "IntAlu")):
        if run.model == "inorder":
            chain = max(lat(P, cls), ivl(P, cls))
            indep = ivl(P, cls)
            why_chain, why_indep = f"max(latency, interval) of {cls}", f"interval of {cls} (single issue: >= 1)"
        else:
            units = P[f"core.ooo.{POOL[cls]}"]
            chain = max(lat(P, cls), ivl(P, cls) / units)
            indep = max(1 / width(P), ivl(P, cls) / units)
            why_chain = f"max(latency, interval / {POOL[cls]} units) of {cls}"
            why_indep = f"max(1 / width, interval / {POOL[cls]} units) of {cls}"
        if name == "nop":  # ori 0,0,0 depends on nothing: as independent operations
            out.append(("nop (ori 0,0,0)", indep, run.per_op("nop_16", "nop_32", 16 * 200), why_indep + ": no dependence"))
            continue
        n, iters = (8, 20) if name == "div" else (16, 200 if name == "add" else 100)
        out.append((f"{name} chain", chain, run.per_op(f"{name}_chain_{n}", f"{name}_chain_{2 * n}", n * iters), why_chain))
        out.append((f"{name} independent", indep, run.per_op(f"{name}_indep_{n}", f"{name}_indep_{2 * n}", n * iters), why_indep))
    return out


def levels(P):
    """The data side's caches, first to last: (name, size, latency)."""
    return [(n, P[f"mem.{n}.size"], P[f"mem.{n}.latency"]) for n in ("l1d", "l2") if P[f"mem.{n}.size"]]


def dram_random(P, ws):
    """Average DRAM latency of accesses in a random order over ws bytes: a row hit when the bank's
    previous access was to the same row (one chance in the rows of the set each bank holds)."""
    hit, miss = P["mem.dram.row_hit"], P["mem.dram.row_miss"]
    if P["mem.dram.policy"] == "closed":
        return miss
    p_hit = min(1.0, P["mem.dram.banks"] * P["mem.dram.row_bytes"] / ws)
    return miss - (miss - hit) * p_hit


def chase_expectations(run):
    """chase.S: one load after another: the load's address generation, then each level it misses
    in and the one it hits in (DRAM: row hits as often as the set leaves a row open)."""
    P, out = run.params, []
    assert P["mem.backing"] == "dram"
    for label, ws, iters in (("16 KiB", 16 << 10, 64), ("256 KiB", 256 << 10, 512), ("4 MiB", 4 << 20, 128)):
        expected, parts = lat(P, "Load"), ["Load latency"]
        for name, size, latency in levels(P):
            expected += latency
            parts.append(f"{name} {latency}")
            if size >= ws:
                break
        else:
            expected += dram_random(P, ws)
            parts.append("DRAM")
        key = {"16 KiB": "16k", "256 KiB": "256k", "4 MiB": "4m"}[label]
        out.append((f"pointer chase {label}", expected, run.per_op(f"chase_{key}_8", f"chase_{key}_16", 8 * iters),
                    " + ".join(parts)))
    return out


def stream_expectations(run):
    """stream.S: accesses 2 KiB apart, each a new line and a new DRAM row in the next bank (no bank
    is still busy when its turn comes round: checked below), so the misses in flight bound the
    stream: a load holds an L1 MSHR from the L2 lookup until its line is back (L2 latency + DRAM
    row miss); a store holds a store-buffer entry from the L1 lookup until then, and an MSHR as a
    load does. Stores also write back the dirty lines they evict: one more DRAM access per line
    on the data bus. Stores cycling through 256 KiB miss in the L1 only (host: L2 hits)."""
    P, out = run.params, []
    assert P["mem.backing"] == "dram" and P["mem.dram.row_bytes"] <= 2048 and 2048 % P["mem.dram.row_bytes"] == 0
    l1 = P["mem.l1d.latency"]
    l2 = P["mem.l2.latency"] if P["mem.l2.size"] else 0
    miss, burst, mshrs, sb = P["mem.dram.row_miss"], P["mem.dram.burst"], P["mem.l1d.mshrs"], param(P, "mem.store_buffer")
    hold = l2 + miss
    bounds = {"MSHRs": hold / mshrs, "data bus": burst}
    if P["mem.l2.size"]:
        bounds["L2 MSHRs"] = miss / P["mem.l2.mshrs"]
    store_bounds = dict(bounds, **{"store buffer": (l1 + hold) / sb, "data bus": 2 * burst})
    if run.model == "ooo":
        # A load holds its LSQ entry (and, committing in order, its RUU entry and those of the two
        # instructions per eight loads behind it) from dispatch to commit: issue 1, address, the
        # L1 lookup, the miss, commit 1.
        resident = 2 + lat(P, "Load") + l1 + hold
        bounds["LSQ"] = resident / P["core.ooo.lsq_size"]
        bounds["RUU"] = resident * 10 / 8 / P["core.ooo.ruu_size"]
    loads = max(bounds.values())
    stores = max(store_bounds.values())
    busy = miss - P["mem.dram.row_hit"] + burst  # a bank's occupancy by a row miss
    rows_apart = P["mem.dram.banks"] * 2048 // P["mem.dram.row_bytes"]
    assert loads * rows_apart >= 2 * busy, "a bank would still be busy when its turn comes again"
    name = lambda b: max(b, key=b.get)
    out.append(("load stream, 2 KiB apart", loads, run.per_op("load_stream_512", "load_stream_1024", 512),
                f"bound by the {name(bounds)}: " + ", ".join(f"{k} {v:.2f}" for k, v in bounds.items())))
    out.append(("store stream, 2 KiB apart", stores, run.per_op("store_stream_512", "store_stream_1024", 512),
                f"bound by the {name(store_bounds)}: " + ", ".join(f"{k} {v:.2f}" for k, v in store_bounds.items())))
    # Eight word stores per line: one miss per line, the other seven merge into its entry; a store
    # leaves the pipeline each cycle (in order: 8 stw, addi, bdnz and the taken bubble per line).
    words = {"issue": (11 if run.model == "inorder" else 8) / 8, "line miss": stores / 8}
    out.append(("8 word stores per line, lines 2 KiB apart (per store)", max(words.values()),
                run.per_op("store_words_256", "store_words_512", 256 * 8),
                f"bound by the {name(words)}: " + ", ".join(f"{k} {v:.2f}" for k, v in words.items())))
    if P["mem.l2.size"] >= 256 << 10 and P["mem.l1d.size"] < 256 << 10:
        issue = (12 if run.model == "inorder" else 8) / 8  # 8 stw, addi, rlwimi, bdnz + bubble; ooo: one store a cycle
        b = {"issue": issue, "MSHRs": l2 / mshrs, "store buffer": (l1 + l2) / sb}
        out.append(("store stream through 256 KiB (L2 hits)", max(b.values()), run.per_op("store_l2_4096", "store_l2_8192", 4096),
                    f"bound by the {name(b)}: " + ", ".join(f"{k} {v:.2f}" for k, v in b.items())))
    return out


def store_lines_expectations(run):
    """store_lines.c under Linux mode, issue 21's command line: word stores into every 64-byte line
    of 8 MiB, more than every cache. A line miss holds an MSHR and a store-buffer entry for at
    least the fill from the level below (an open row: the stream's reads are sequential); the
    write-back of the line each fill evicts costs one more DRAM access, and at worst both open a
    row in the same bank (the victim lies a cache's size back, a multiple of the banks' period):
    two row misses of one bank per line. The load after the stream waits for the lines ahead of
    it (store buffer; out of order, also the LSQ) at that worst rate, then for its own line; the average miss time follows Little's law
    (no more misses wait than the MSHRs and the store buffer hold). The exact figures of store
    streams are stream.S's; these bounds say the issue's symptoms are gone."""
    P, out = run.params, []
    l1 = P["mem.l1d.latency"]
    l2 = P["mem.l2.latency"] if P["mem.l2.size"] else 0
    hit, miss, burst = P["mem.dram.row_hit"], P["mem.dram.row_miss"], P["mem.dram.burst"]
    mshrs, sb, line = P["mem.l1d.mshrs"], param(P, "mem.store_buffer"), P["mem.l1d.line"]
    fastest = max((l2 + hit) / mshrs, (l1 + l2 + hit) / sb, 2 * burst)
    slowest = max((l1 + l2 + miss) / min(mshrs, sb), 2 * (miss - hit + burst))
    per_line = 16 if run.args[1] == "16" else 1
    misses = 64 // line if per_line == 16 else 1  # L1 lines per 64 bytes written
    issue = 1 if run.model == "ooo" else 0  # out of order: a store leaves the LSQ each cycle at most
    per_store = run.cycles["store_loop"] / run.cycles["stores"] * run.tb_divider
    lo, hi = max(issue, fastest * misses / per_line), max(issue, slowest * misses / per_line)
    out.append((f"{per_line} word store{'s' if per_line > 1 else ''} per 64 bytes over 8 MiB, cycles per store",
                lo, per_store,
                f"between the fill bound {lo:.2f} (MSHRs, store buffer, bursts) and two row misses of one bank per line "
                f"{hi:.2f}", (lo * 0.95, hi * 1.05)))
    if per_line == 1:
        # Ahead of the load: the store buffer's entries and, out of order, the committed stores
        # that hold LSQ entries until the buffer takes them (a full LSQ holds the load's dispatch).
        ahead = sb + (P["core.ooo.lsq_size"] if run.model == "ooo" else 0)
        first = l1 + l2 + hit
        last = l1 + l2 + miss + ahead * slowest + run.tb_divider
        out.append(("the load after the stream, cycles", first, run.cycles["next_load"],
                    f"its own miss, after at most {ahead} lines ahead of it ({first} .. {last:.0f})", (first, last)))
    ps = run.ps_per_cycle()
    per_miss = per_store * per_line / misses
    avg = run.stats["core0.l1d.avg_miss_ps"] / ps
    out.append(("l1d average miss time, cycles", (mshrs + sb) * per_miss, avg,
                "at most (MSHRs + store buffer) x cycles per line (misses merged into a fill on its way wait less)",
                (0, (mshrs + sb) * per_miss)))
    return out


def branch_expectations(run, baseline):
    """branch.S: taken minus not-taken, per branch (the not-taken one also runs the addi it skips).
    In order, a branch resolves at the end of X, two cycles after its fetch; a predicted taken
    branch costs taken_bubble fetch cycles. Out of order, the branch waits one cycle for the
    cmpwi dispatched with it, and fetch restarts mispredict_penalty cycles after it resolves."""
    P, out = run.params, []
    delta = run.per_op("branch_nottaken", "branch_taken", 8 * 200)
    kind = P["core.bpred.kind"]
    if run.model == "inorder":
        if kind == "btfn":  # the forward beq is predicted not taken: every taken one mispredicted
            out.append(("taken - not taken, every taken branch mispredicted", lat(P, "Branch") + P["core.inorder.mispredict_penalty"],
                        delta, "Branch latency + mispredict_penalty (fetch restarts after X; the skipped addi pays one)"))
        elif kind in ("bimodal", "gshare", "tage"):
            out.append(("taken - not taken, both predicted", P["core.inorder.taken_bubble"] - 1, delta,
                        "taken_bubble - 1 (the skipped addi)"))
    elif run.model == "ooo" and kind == "btfn" and baseline is not None:
        out.append(("misprediction cost (btfn - learnt, taken)",
                    1 + lat(P, "IntAlu") + lat(P, "Branch") + P["core.ooo.mispredict_penalty"],
                    delta - baseline.per_op("branch_nottaken", "branch_taken", 8 * 200),
                    "dispatch 1 + cmpwi latency + Branch latency + mispredict_penalty, against a predicted taken branch"))
    return out


def order_expectations(run):
    """order.S: three stores to lines in no cache leave at once (the store buffer takes them); a
    sync, and a device access, wait until they are written: their lines' misses, as many at a time
    as there are MSHRs and entries. Upper bound: their bursts on the data bus and the few cycles of
    the stores, the sync and the time-base reads (+3 bursts + 16 cycles)."""
    P, out, n = run.params, [], 3
    l2 = P["mem.l2.latency"] if P["mem.l2.size"] else 0
    hold = l2 + P["mem.dram.row_miss"]
    rounds = math.ceil(n / min(P["mem.l1d.mshrs"], param(P, "mem.store_buffer"), n))
    drain = P["mem.l1d.latency"] + rounds * hold
    slack = n * P["mem.dram.burst"] + 16
    if param(P, "mem.store_buffer") >= n:
        out.append((f"{n} store misses leave the pipeline", n, run.cycles["stores_left"],
                    f"none waits for its line ({hold} cycles): at most 16, the pipeline's depth", (0, 16)))
    mmio = math.ceil(P["mem.mmio_ns"] * (2.0 if run.core == "host" else 0.5))
    for key, what, extra in (("stores_synced", f"sync after {n} store misses", 0),
                             ("device_done", f"device access after {n} store misses", mmio)):
        exp = drain + extra
        out.append((what, exp, run.cycles[key], f"L1 latency + {rounds} x (L2 + DRAM row miss)"
                    + (f" + the device's {mmio}" if extra else "") + f" (+{slack}: bursts, the stores and the time-base reads)",
                    (exp, exp + slack)))
    return out


def pim_expectations(run):
    """pim.S: n threads, each a dependent chain (or independent loads in its own bank, or taken
    branches): a thread issues at most once per max(turn, latency) cycles, where the turn is the
    depth on the interleaved pipeline (the barrel) and 1 on the single one; the core once a cycle;
    a non-pipelined unit shared by the threads (core.pim.int_units) once per interval; loads wait
    for the DRAM (each thread in its own bank: row hits; the data bus takes one burst each); on the
    single pipeline a taken branch holds its thread's next fetch depth - 1 cycles (no predictor)."""
    P, out = run.params, []
    depth, units = P["core.pim.depth"], param(P, "core.pim.int_units")
    single = P.get("core.pim.pipeline", "interleaved") == "single"
    turn, taken = (1, max(1, depth - 1)) if single else (depth, 0)
    pipe = "1 (single pipeline)" if single else "depth (interleaved)"
    for n in (1, 2, 4, 8):
        threads = f"{n} thread{'s' if n > 1 else ''}"
        for name, cls, a, iters in (("add", "IntAlu", 8, 64), ("div", "IntDiv", 4, 16)):
            per_thread = max(turn, lat(P, cls))
            exp = max(1, per_thread / n, ivl(P, cls) / units)
            out.append((f"{threads}: {name} chain", exp,
                        run.per_op(f"{name}_chain_t{n}_{a}", f"{name}_chain_t{n}_{2 * a}", a * iters * n),
                        f"max(1, max(turn {pipe}, latency) / threads, interval / int_units) of {cls}"))
        dram = max(P["mem.dram.row_hit"], P["mem.dram.burst"])
        exp = max(1, max(turn, lat(P, "Load"), dram) / n, P["mem.dram.burst"], ivl(P, "Load") / param(P, "core.pim.mem_ports"))
        out.append((f"{threads}: independent loads", exp,
                    run.per_op(f"load_t{n}_8", f"load_t{n}_16", 8 * 64 * n),
                    f"max(1, max(turn {pipe}, Load latency, row hit) / threads, burst, interval / mem_ports)"))
        if "taken_t1_8" in run.cycles:  # (a pim.S from before the branch kernels has none)
            exp = max(1, max(turn, taken, lat(P, "Branch")) / n)
            out.append((f"{threads}: taken branches", exp, run.per_op(f"taken_t{n}_8", f"taken_t{n}_16", 8 * 64 * n),
                        f"max(1, max(turn {pipe}, taken-branch stall {taken}, Branch latency) / threads)"))
    for key, row, what in (("hit", "row_hit", "in one row"), ("miss", "row_miss", "a new row of one bank each time")):
        exp = max(turn, lat(P, "Load"), P[f"mem.dram.{row}"])
        out.append((f"pointer chase {what}", exp, run.per_op(f"chase_row_{key}_8", f"chase_row_{key}_16", 8 * 64),
                    f"max(turn {pipe}, Load latency, DRAM {row})"))
    return out


def stat_checks(run):
    """Statistics that must stay meaningful: no stall counter above the cycles simulated; the
    average miss time of the DRAM pointer chase near the latency below the L1."""
    S, P, out = run.stats, run.params, []
    cycles = S["sim_cycles"]
    for k, v in S.items():
        if re.match(r"core0\.(inorder\.stall_|ooo\.stall\.)", k):
            out.append((f"{k} <= sim_cycles", cycles, v, "a stall counter counts cycles", (0, cycles)))
    if run.program == "chase":
        # Every L1 miss is served by the L2 (its latency) or the DRAM below it (a row hit or miss,
        # as counted): the average must be what those counts and the configured latencies give.
        hit, miss = P["mem.dram.row_hit"], P["mem.dram.row_miss"]
        dram = (S["core0.dram.row_hits"] * hit + S["core0.dram.row_misses"] * miss) / (
            S["core0.dram.row_hits"] + S["core0.dram.row_misses"])
        if P["mem.l2.size"]:
            l2, h2, m2 = P["mem.l2.latency"], S["core0.l2.read_hits"], S["core0.l2.read_misses"]
            expected = (h2 * l2 + m2 * (l2 + dram)) / (h2 + m2)
            why = "(L2 read hits x L2 latency + L2 read misses x (L2 latency + DRAM row hit/miss)) / L2 reads"
        else:
            expected, why = dram, "DRAM row hits x row_hit + row misses x row_miss, per access"
        ps = run.ps_per_cycle()
        # (chase.S builds its lists with a sync after each store: every miss of the run is alone)
        out.append(("l1d average miss time (cycles)", expected, S["core0.l1d.avg_miss_ps"] / ps, why))
        out.append(("l1d average MSHR wait (ps)", 0, S.get("core0.l1d.avg_mshr_wait_ps", math.nan), "one miss at a time", (0, 0)))
    return out


# ---- checking --------------------------------------------------------------------------------

def check_run(run, by_name):
    exp = {"ops": op_expectations, "chase": chase_expectations, "stream": stream_expectations,
           "order": order_expectations, "pim": pim_expectations, "store_lines": store_lines_expectations}.get(run.program)
    rows = exp(run) if exp else []
    if run.program == "branch":
        base = by_name.get(run.name.replace(" core.bpred.kind=btfn", "").split(" core.ooo.mispredict_penalty")[0])
        rows = branch_expectations(run, base)
    rows += stat_checks(run)
    results = []
    for r in rows:
        what, expected, measured, why = r[:4]
        if len(r) > 4:
            lo, hi = r[4]
        elif abs(expected) < 0.5:  # a difference that should vanish: 5% of it means nothing
            lo, hi = expected - 0.05, expected + 0.05
            why += " (±0.05 cycles)"
        else:
            lo, hi = expected * 0.95, expected * 1.05
        results.append((what, expected, measured, lo <= measured <= hi, why, lo, hi))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pimnic", required=True)
    ap.add_argument("--programs", required=True, help="directory of the built calibration programs (*.elf)")
    ap.add_argument("--suite", choices=("quick", "full"), default="quick")
    ap.add_argument("--only", default="", help="run only the runs whose name matches this regex")
    ap.add_argument("--table", help="write the results as markdown tables here")
    a = ap.parse_args()
    runs = [r for r in (quick_runs() if a.suite == "quick" else full_runs()) if re.search(a.only, r.name)]
    failed = 0
    tables = []
    with tempfile.TemporaryDirectory(prefix="calibrate.") as work:
        by_name = {}
        for run in runs:
            if not run.available(a.programs):
                print(f"skip {run.name}: {run.program} was not built")
                continue
            try:
                run.execute(a.pimnic, a.programs, work)
                by_name[run.name] = run
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                print(f"FAIL {e}")
                failed += 1
        for run in by_name.values():
            print(f"== {run.name}")
            rows = check_run(run, by_name)
            table = [f"**{run.name}**", "", "| measurement | expected | measured | | from the configuration |", "|---|---|---|---|---|"]
            for what, expected, measured, ok, why, lo, hi in rows:
                failed += not ok
                print(f"  {'ok  ' if ok else 'FAIL'} {what}: {measured:.3f} (expected {expected:.3f}, {lo:.3f} .. {hi:.3f}) -- {why}")
                if not what.endswith("<= sim_cycles"):
                    table.append(f"| {what} | {expected:.2f} | {measured:.2f} | {'ok' if ok else '**FAIL**'} | {why} |")
            tables.append("\n".join(table))
    if a.table:
        Path(a.table).write_text("\n\n".join(tables) + "\n")
    print(f"{failed} check(s) failed" if failed else "all checks passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
