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

Before comparing, the fields that cannot agree between two runs are masked in both logs: the
host address of qemu's translated block ("Trace 0: 0x7f..."), the time base line ("TB ..."), the
MSR bits FE0, FE1 and IP (qemu-user sets them, Linux and pimnic do not; docs/linux-mode.md), and
each run's process id where a register of one log holds that run's id and the same register of
the other log holds the other's (getpid and friends return the host's). The
first divergence is reported with the instructions before it and a diff of the two blocks; exit
status 0 when the logs agree.
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

MSR_QEMU_ONLY = 0x940  # FE0 | FE1 | IP
HOST_PTR = re.compile(r"^(Trace \d+: )0x[0-9a-f]+ ")
MSR_LINE = re.compile(r"^MSR ([0-9a-f]{8}) ")


def normalise(line):
    line = HOST_PTR.sub(r"\1<host> ", line)
    if line.startswith("TB "):
        return "TB <time>\n"
    m = MSR_LINE.match(line)
    if m:
        return "MSR %08x" % (int(m.group(1), 16) & ~MSR_QEMU_ONLY) + line[12:]
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


class Log:
    """Lines of one log, with where each instruction's block starts: an optional in_asm part
    ("----------------" ... blank line), then the exec line and the register dump."""

    def __init__(self, source):
        self.f = open(source, errors="replace") if isinstance(source, str) else source
        self.n = 0
        self.pending = None

    def next(self):
        if self.pending is not None:
            line, self.pending = self.pending, None
        else:
            line = self.f.readline()
            if not line:
                return None
        self.n += 1
        return line

    def rest_of_block(self, block):
        """Read the remaining lines of the block `block` started."""
        has_trace = any(l.startswith("Trace ") for l in block)
        while True:
            line = self.f.readline()
            if not line:
                return block
            if line == "----------------\n" or (line.startswith("Trace ") and has_trace):
                self.pending = line
                return block
            has_trace |= line.startswith("Trace ")
            block.append(line)


def starts_block(line, has_trace):
    return line == "----------------\n" or (line.startswith("Trace ") and has_trace)


def pc_of(block):
    for l in block:
        if l.startswith("NIP "):
            return l.split()[1]
    return "?"


def describe(block):
    for l in block:
        if l.startswith("0x") and ":" in l:
            return l.split(":", 1)[1].strip()
    return ""


def compare(source_a, source_b, pid_a, pid_b, context, label_a=None, label_b=None, name_a="qemu", name_b="pimnic"):
    """Line by line (fast while the logs agree); at the first difference, the two blocks."""
    label_a = label_a or source_a
    label_b = label_b or source_b
    a, b = Log(source_a), Log(source_b)
    recent = collections.deque(maxlen=context)
    block, block_line, has_trace, count = [], 1, False, 0
    while True:
        x, y = a.next(), b.next()
        if x is None or y is None:
            count += bool(block)
            if x is None and y is None:
                print(f"PASS: {count} instructions, identical logs")
                return 0
            shorter, longer = (name_a, name_b) if x is None else (name_b, name_a)
            print(f"{shorter}'s log ends after {count} instructions; {longer}'s goes on at line {max(a.n, b.n)}")
            return 1
        if x != y and not same_line(x, y, pid_a, pid_b):
            ba = a.rest_of_block(block + [x])
            bb = b.rest_of_block(block + [y])
            print(f"first divergence at instruction {count} (pc {pc_of(ba)}), {label_a}:{block_line} vs "
                  f"{label_b}:{block_line}")
            if recent:
                print("after these instructions, which agree:")
                for pc, text in recent:
                    print(f"  {pc}  {text}")
            print("".join(difflib.unified_diff(ba, bb, name_a, name_b, n=20)), end="")
            return 1
        if starts_block(x, has_trace) and block:
            recent.append((pc_of(block), describe(block)))
            count += 1
            block, block_line, has_trace = [], a.n, False
        has_trace |= x.startswith("Trace ")
        block.append(x)
    return 0


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
    q = subprocess.Popen([args.qemu, "-cpu", "7400", "-seed", "0", "-d", "in_asm,exec,cpu,nochain", "-singlestep",
                          "-D", qlog] + args.program, env={}, stdin=stdin(), stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    p = subprocess.Popen([args.pimnic, "linux", "--clear-env", "--trace", "qemu:" + plog] + args.program,
                         env={}, stdin=stdin(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if args.keep:
            q.wait(timeout=args.timeout)
            p.wait(timeout=args.timeout)
            r = compare(qlog, plog, q.pid, p.pid, args.context)
        else:
            r = compare(open_fifo(qlog, q), open_fifo(plog, p), q.pid, p.pid, args.context, qlog, plog)
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
    if r == 0 and qstatus != p.returncode:
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
