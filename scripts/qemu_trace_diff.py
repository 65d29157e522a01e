#!/usr/bin/env python3
"""Diff pimnic's qemu-format trace against qemu's own log, instruction by instruction.

Live (runs both, the way their traces can agree: an empty environment, qemu -seed 0 = pimnic's
default --seed 0, -cpu 7400, stdin from /dev/null or --stdin, stdout and stderr to /dev/null --
a program that fstat()s its output would otherwise see two different pipes):

    qemu_trace_diff.py --pimnic build/bin/pimnic --qemu qemu-ppc-static -- PROG [ARGS...]

  runs  qemu-ppc-static -cpu 7400 -seed 0 -d in_asm,exec,cpu,nochain -singlestep -D qemu.log PROG
  and   pimnic linux --clear-env --trace qemu:pimnic.log PROG

Files (two logs written earlier):

    qemu_trace_diff.py QEMU_LOG PIMNIC_LOG [--pid-a N --pid-b N]

Live runs log the FPRs and FPSCR too (qemu -d fpu; --no-fpu leaves them out). Before comparing,
the fields that cannot agree between two runs are masked in both logs: the host address of qemu's
translated block ("Trace 0: 0x7f..."), the time base line ("TB ..."), the MSR bits FE0, FE1 and IP
(qemu-user sets them, Linux and pimnic do not; docs/linux-mode.md), FPSCR[FR] (qemu never sets
it), and each run's process id where a register of one log holds that run's id and the same
register of the other log holds the other's (getpid and friends return the host's).

The documented divergences of docs/isa/qemu-divergences.md (qemu_divergences.py: FPSCR FI after
fcmpu/fcmpo, FX, the FPRF of single denormals, fnmadd under directed rounding, fres(0), ...) are
recognised at the instruction that causes them, named, and masked, together with what the
program copies them into, until the logs agree again; qemu's SIGILL on the POWER9 forms of mffs
ends the comparison as a documented divergence. The first other difference is reported with the
instructions before it, the documented divergences seen so far and a diff of the two blocks;
exit status 0 when the logs agree apart from documented divergences.
"""
import argparse
import collections
import difflib
import os
import re
import select
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu_divergences as qd  # noqa: E402

HOST_PTR = re.compile(r"^(Trace \d+: )0x[0-9a-f]+ ")
MSR_LINE = re.compile(r"^MSR ([0-9a-f]{8}) ")
FPSCR_LINE = re.compile(r"^FPSCR ([0-9a-f]{8})")
IN_ASM = re.compile(r"^0x([0-9a-f]+):  ([0-9a-f]{8})  (.*)$")
SEP = "----------------\n"


def normalise(line):
    """A line with the fields that can never agree masked (the always-on rules)."""
    line = HOST_PTR.sub(r"\1<host> ", line)
    if line.startswith("TB "):
        return "TB <time>\n"
    m = MSR_LINE.match(line)
    if m:
        return "MSR %08x" % (int(m.group(1), 16) & ~qd.MSR_QEMU_ONLY) + line[12:]
    m = FPSCR_LINE.match(line)
    if m:
        return "FPSCR %08x\n" % (int(m.group(1), 16) & ~qd.STATIC_FPSCR)
    return line


def same_line(x, y, pid_x, pid_y):
    """Equal after masking, or differing only where each holds its own run's process id."""
    if normalise(x) == normalise(y):
        return True
    if not (x.startswith("GPR") and y.startswith("GPR") and pid_x and pid_y):
        return False
    tx, ty = "%016x" % pid_x, "%016x" % pid_y
    fx, fy = x.split(), y.split()
    return len(fx) == len(fy) and all(u == v or (u, v) == (tx, ty) for u, v in zip(fx, fy))


def register_lines(line):
    """The registers one dump line holds: {name: value}, or None for other lines."""
    f = line.split()
    if not f:
        return None
    if f[0] == "NIP":
        return {"NIP": int(f[1], 16), "LR": int(f[3], 16), "CTR": int(f[5], 16), "XER": int(f[7], 16)}
    if f[0] == "MSR":
        return {"MSR": int(f[1], 16) & ~qd.MSR_QEMU_ONLY}
    if f[0].startswith("GPR") or f[0].startswith("FPR"):
        first, prefix = int(f[0][3:]), "r" if f[0][0] == "G" else "f"
        return {f"{prefix}{first + k}": int(v, 16) for k, v in enumerate(f[1:5])}
    if f[0] == "CR":
        return {"CR": int(f[1], 16), "RES": int(f[-1], 16)}
    if f[0] == "FPSCR":
        return {"FPSCR": int(f[1], 16) & ~qd.STATIC_FPSCR}
    if f[0] == "TB":
        return {}
    return None


def registers(block):
    regs = {}
    for line in block:
        r = register_lines(line)
        if r:
            regs.update(r)
    return regs


def blocks(f):
    """Yield each instruction's lines: an optional in_asm part ("----------------" ... blank
    line), then the exec line and the register dump."""
    block, has_trace = [], False
    for line in f:
        if line.startswith("PIMNIC "):  # pimnic's trace markers: qemu has none
            continue
        if block and (line == SEP or (line.startswith("Trace ") and has_trace)):
            yield block
            block, has_trace = [], False
        block.append(line)
        has_trace |= line.startswith("Trace ")
    if block:
        yield block


def pc_of(block):
    for l in block:
        if l.startswith("NIP "):
            return int(l.split()[1], 16)
    return None


def learn(block, insns):
    """Remember the in_asm text of every instruction seen (the block of a later execution of the
    same pc has none)."""
    for l in block:
        m = IN_ASM.match(l)
        if m:
            pc = int(m.group(1), 16)
            insns[pc] = qd.Insn(pc, int(m.group(2), 16), m.group(3))


def describe(insn):
    return f"{insn.m}{'.' if insn.dotted else ''} {', '.join(insn.ops)}" if insn else "?"


class Divergences:
    """Documented divergences met so far: how often, and where first."""

    def __init__(self):
        self.count = collections.Counter()
        self.first = {}

    def hit(self, name, n, insn):
        self.count[name] += 1
        self.first.setdefault(name, (n, insn))

    def summary(self):
        return ", ".join(f"{name} ({self.count[name]} time{'s' if self.count[name] > 1 else ''}, first at "
                         f"instruction {n}, pc 0x{i.pc:08x} {describe(i)})" for name, (n, i) in self.first.items())


def compare(source_a, source_b, pid_a, pid_b, context, label_a=None, label_b=None, name_a="qemu", name_b="pimnic",
            result=None):
    """Block by block (line by line while the logs agree). A difference the documented
    divergences (qemu_divergences.py) explain is masked and named; the first other one is
    reported with the two blocks. result (a dict) receives 'qemu_sigill' when qemu's log ends at
    an instruction qemu rejects by a documented divergence."""
    label_a = label_a or source_a
    label_b = label_b or source_b
    fa = open(source_a, errors="replace") if isinstance(source_a, str) else source_a
    fb = open(source_b, errors="replace") if isinstance(source_b, str) else source_b
    ia, ib = blocks(fa), blocks(fb)
    insns, taint, seen = {}, qd.Taint(), Divergences()
    recent = collections.deque(maxlen=context)
    prev_insn, prev_block, count, line_a, line_b = None, None, 0, 1, 1
    result = result if result is not None else {}
    while True:
        x, y = next(ia, None), next(ib, None)
        if x is None or y is None:
            if x is None and y is None:
                extra = f", identical apart from documented divergences: {seen.summary()}" if seen.count else \
                    ", identical logs"
                print(f"PASS: {count} instructions{extra}")
                return 0
            if x is None and prev_insn is not None and qd.power9_mffs(prev_insn.word):
                result["qemu_sigill"] = True
                for _ in ib:  # let pimnic run to its end
                    pass
                print(f"PASS: {count} instructions identical up to the documented divergence power9-mffs: qemu 7.2 "
                      f"raised SIGILL at pc 0x{prev_insn.pc:08x} ({describe(prev_insn)}, word {prev_insn.word:08x}), "
                      f"which older CPUs and pimnic run as mffs; pimnic's log goes on alone"
                      + (f"; before it: {seen.summary()}" if seen.count else ""))
                return 0
            shorter, longer = (name_a, name_b) if x is None else (name_b, name_a)
            print(f"{shorter}'s log ends after {count} instructions; {longer}'s goes on")
            return 1
        learn(x, insns)
        learn(y, insns)
        differs = len(x) != len(y) or any(u != v and not same_line(u, v, pid_a, pid_b) for u, v in zip(x, y))
        regs = None
        if differs or taint:
            regs = registers(y)
            ra = registers(x)
            for name in list(taint.regs):  # bits both logs agree on again are clean
                if name in ra and name in regs:
                    taint.resync(name, ~(ra[name] ^ regs[name]))
        if differs:
            structural = len(x) != len(y) or any(
                u != v and register_lines(u) is None and normalise(u) != normalise(v) for u, v in zip(x, y))
            diffs = {n: ra[n] ^ regs[n] for n in ra if n in regs and ra[n] != regs[n]}
            if pid_a and pid_b:
                diffs = {n: d for n, d in diffs.items() if not (ra[n], regs[n]) == (pid_a, pid_b)}
            unexplained = {n: d & ~taint.bits(n) for n, d in diffs.items() if d & ~taint.bits(n)}
            why = None if structural or not unexplained else \
                qd.explain(prev_insn, registers(prev_block) if prev_block else {}, unexplained)
            if structural or (unexplained and why is None):
                report(x, y, count, line_a, label_a, label_b, name_a, name_b, recent, seen, taint, unexplained)
                return 1
            if why:
                name, covered = why
                for reg, bits in unexplained.items():
                    taint.add(reg, covered.get(reg, 0), name)
                seen.hit(name, count, prev_insn)
        insn = insns.get(pc_of(y))
        if taint:
            qd.propagate(taint, insn, regs)
        recent.append((pc_of(x), describe(insns.get(pc_of(x)))))
        prev_insn, prev_block = insn, y
        count += 1
        line_a += len(x)
        line_b += len(y)


def report(x, y, count, line_a, label_a, label_b, name_a, name_b, recent, seen, taint, unexplained):
    print(f"first divergence at instruction {count} (pc {pc_of(x) or 0:08x}), {label_a}:{line_a} vs "
          f"{label_b}:{line_a}")
    if seen.count:
        print(f"after documented divergences: {seen.summary()}")
    carried = [n for n in unexplained if taint.bits(n)] or ([n for n in taint.regs] if taint else [])
    if taint:
        print(f"  (bits from documented divergences are still in flight: {', '.join(sorted(taint.regs)) or 'memory'}; "
              f"from {taint.origin()}; a value that differs now may come from them: {', '.join(carried)})")
    if recent:
        print("after these instructions, which agree:")
        for pc, text in recent:
            print(f"  {pc or 0:08x}  {text}")
    print("".join(difflib.unified_diff(x, y, name_a, name_b, n=20)), end="")


def open_fifo(path, proc):
    """Open a FIFO for reading without blocking forever if its writer dies before opening it."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    while not poller.poll(200) and proc.poll() is None:
        pass
    os.set_blocking(fd, True)
    return os.fdopen(fd, "r", errors="replace")


def live(args):
    tmp = args.keep or tempfile.mkdtemp(prefix="qemu_trace_diff.")
    os.makedirs(tmp, exist_ok=True)
    qlog, plog = os.path.join(tmp, "qemu.log"), os.path.join(tmp, "pimnic.log")
    for f in (qlog, plog):
        if os.path.exists(f):
            os.remove(f)
    if not args.keep:  # stream through FIFOs: the logs (~1 kB per instruction) never touch the disk
        os.mkfifo(qlog)
        os.mkfifo(plog)
    stdin = lambda: open(args.stdin, "rb") if args.stdin else subprocess.DEVNULL
    flags, kind = ("in_asm,exec,cpu,nochain", "qemu:") if args.no_fpu else ("in_asm,exec,cpu,fpu,nochain", "qemu,fpu:")
    q = subprocess.Popen([args.qemu, "-cpu", "7400", "-seed", "0", "-d", flags, "-singlestep",
                          "-D", qlog] + args.program, env={}, stdin=stdin(), stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    p = subprocess.Popen([args.pimnic, "linux", "--clear-env", "--trace", kind + plog] + args.program,
                         env={}, stdin=stdin(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    result = {}
    try:
        if args.keep:
            q.wait(timeout=args.timeout)
            p.wait(timeout=args.timeout)
            r = compare(qlog, plog, q.pid, p.pid, args.context, result=result)
        else:
            r = compare(open_fifo(qlog, q), open_fifo(plog, p), q.pid, p.pid, args.context, qlog, plog,
                        result=result)
            q.wait(timeout=args.timeout)
            p.wait(timeout=args.timeout)
    finally:
        for proc in (q, p):
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        if not args.keep:
            for f in (qlog, plog):
                os.remove(f)
            os.rmdir(tmp)
    # A signal that killed qemu (-N) is the exit status 128 + N pimnic reports for it.
    qstatus = 128 - q.returncode if q.returncode < 0 else q.returncode
    if result.get("qemu_sigill") and qstatus == 128 + 4:
        print(f"qemu ended with SIGILL there (power9-mffs); pimnic's run ended with exit status {p.returncode}")
    elif r == 0 and qstatus != p.returncode:
        print(f"the runs end differently: qemu exit status {qstatus}, pimnic {p.returncode}")
        r = 1
    if r and not args.keep:
        print("rerun with --keep DIR to keep both logs")
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("logs", nargs="*", help="QEMU_LOG PIMNIC_LOG (file mode)")
    ap.add_argument("--pimnic", help="pimnic executable (live mode)")
    ap.add_argument("--qemu", default="qemu-ppc-static", help="qemu-ppc-static (live mode)")
    ap.add_argument("--stdin", help="file for the guests' stdin (default /dev/null)")
    ap.add_argument("--keep", help="write the two logs as files in this directory and keep them "
                                   "(default: stream them through FIFOs)")
    ap.add_argument("--context", type=int, default=8, help="agreeing instructions shown before a divergence")
    ap.add_argument("--pid-a", type=int, default=0, help="process id to mask in the first log (file mode)")
    ap.add_argument("--pid-b", type=int, default=0, help="process id to mask in the second log (file mode)")
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("--no-fpu", action="store_true", help="live mode: leave the FPRs and FPSCR out of both logs "
                                                          "(qemu -d fpu, pimnic --trace qemu,fpu)")
    args, rest = ap.parse_known_args()
    if args.pimnic:
        args.program = [a for a in rest if a != "--"] + args.logs
        if not args.program:
            ap.error("live mode needs -- PROG [ARGS...]")
        return live(args)
    if len(args.logs) != 2:
        ap.error("give two logs, or --pimnic ... -- PROG")
    return compare(args.logs[0], args.logs[1], args.pid_a, args.pid_b, args.context)


if __name__ == "__main__":
    sys.exit(main())
