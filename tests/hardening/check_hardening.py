#!/usr/bin/env python3
"""Regression tests for the crashes and unbounded memory found by fuzzing (issue 22): each case
makes its input (programs, ELF files, machine files, traces), runs the real command line under a
memory and time watchdog, and checks for a one-line error (exit 2) or a bounded, correct run.
usage: check_hardening.py CASE --pimnic P --workdir D [--firmware DIR] [--hello PPC_HELLO]
                          [--requests PPC_PROGRAM] [--args-env PPC_PROGRAM] [--qemu QEMU]"""
import argparse
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import elfgen  # noqa: E402

LINUX_BASE, RUN_BASE = 0x10000100, 0x1100
# Memory limits are for the release build; the sanitizer build (scripts/sanitize.sh) scales them.
SCALE = float(os.environ.get("HARDENING_MEMORY_SCALE", "1"))


def mb(n):
    return n * SCALE


class Result:
    def __init__(self, code, out, err, peak_mb, seconds, killed):
        self.code, self.out, self.err, self.peak_mb, self.seconds, self.killed = code, out, err, peak_mb, seconds, killed

    def __str__(self):
        return (f"exit {self.code}, peak {self.peak_mb:.0f} MB, {self.seconds:.2f} s{' (killed)' if self.killed else ''}"
                f"\nstderr: {self.err[:600]!r}")


def run(cmd, limit_mb=400, timeout=60, stdin=None, env=None):
    """Run cmd (a list of str or bytes), killing it past limit_mb of resident memory or timeout."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        p = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=stdin or subprocess.DEVNULL, env=env)
        limit_mb = mb(limit_mb)
        killed = False
        # wait4 rather than poll(): the child's peak resident set comes with its exit status.
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            try:
                with open(f"/proc/{p.pid}/status") as f:
                    rss = next((int(l.split()[1]) for l in f if l.startswith("VmRSS:")), 0)
            except (OSError, StopIteration):
                rss = 0
            if not killed and (rss > limit_mb * 1024 or time.monotonic() - start > timeout):
                p.kill()
                killed = True
            time.sleep(0.02)
        seconds = time.monotonic() - start
        p.returncode = os.waitstatus_to_exitcode(status)
        peak = usage.ru_maxrss / 1024
        out.seek(0)
        err.seek(0)
        return Result(p.returncode, out.read().decode(errors="replace"), err.read().decode(errors="replace"),
                      peak, seconds, killed)


failures = []


def check(cond, what, result=None):
    print(("ok   " if cond else "FAIL ") + what + (f"\n     {result}" if result and not cond else ""))
    if not cond:
        failures.append(what)


def one_line_error(r, pattern, what, limit_mb=None):
    lines = r.err.splitlines()
    ok = r.code == 2 and not r.killed and len(lines) == 1 and lines[0].startswith("pimnic: ") and pattern in lines[0]
    if limit_mb:
        ok = ok and r.peak_mb < mb(limit_mb)
    check(ok, f"{what}: one line with '{pattern}', exit 2" + (f", under {limit_mb} MB" if limit_mb else ""), r)


def write(path, data):
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
    return path


def named_elf(work, name, symbol, base, code):
    """An ELF whose entry function is called `symbol`."""
    strtab = b"\0" + symbol.encode() + b"\0"
    return write(os.path.join(work, name), elfgen.make_elf(code, base, [(1, base, 4 * len(code))], strtab))


# ---- cases -------------------------------------------------------------------------------------

def case_non_utf8(a):
    """Item 1: bytes that are not UTF-8 in the environment, argv and program path reach
    config.json as U+FFFD instead of aborting pimnic after the guest ran."""
    prog_b = os.path.join(a.workdir, "hello").encode() + b"\xff"
    with open(a.hello, "rb") as f:
        write(prog_b, f.read())
    os.chmod(prog_b, 0o755)
    out = os.path.join(a.workdir, "out_utf8")
    r = run([a.pimnic.encode(), b"linux", b"--out", out.encode(), b"--clear-env", b"-E", b"A=\xff", prog_b, b"x\xfey"])
    check(r.code == 0 and "hello" in r.out, "non-UTF-8 environment, argv and path: the guest runs, exit 0", r)
    try:
        with open(os.path.join(out, "config.json"), encoding="utf-8") as f:
            config = json.load(f)
        check(config["envp"] == ["A=\ufffd"] and config["argv"][1] == "x\ufffdy",
              "config.json is written, the odd bytes as U+FFFD")
    except (OSError, ValueError, KeyError) as e:
        check(False, f"config.json is written and valid ({e})")


def case_argument_limits(a):
    """Item 2: the initial stack counts pointers and the platform string; Linux's limits apply."""
    r = run([a.pimnic, "linux", "--clear-env", a.hello] + ["x"] * 25000)
    check(r.code == 0 and "hello" in r.out, "25,000 arguments: runs (Linux and qemu accept them)", r)
    r = run([a.pimnic, "linux", "--clear-env", "-E", "X=" + "v" * 100000, "--platform", "p" * 60000, a.hello])
    check(r.code == 0 and "hello" in r.out, "a 100,000-byte variable and a 60,000-byte platform: runs", r)
    # (A string over 128 KiB cannot reach pimnic's command line: the host's execve refuses it
    # too. The unit tests check that limit.)
    env = []
    for i in range(3):
        env += ["-E", f"V{i}=" + "w" * 100000]
    r = run([a.pimnic, "linux", "--clear-env", "-s", str(1 << 20)] + env + [a.hello])
    one_line_error(r, "argument list too long", "300 KB of environment over a quarter of a 1 MiB stack")
    r = run([a.pimnic, "linux", "--clear-env", "-s", str(2 << 20)] + env + [a.hello])
    check(r.code == 0, "... accepted with a 2 MiB stack, as Linux would", r)


def case_qemu_trace_long_symbol(a):
    """Item 3: the qemu trace prints a symbol of any length whole (it wrote stack memory past
    a 512-byte buffer, or crashed)."""
    for n in (600, 20000):
        sym = "f" + "".join(chr(ord("a") + i % 26) for i in range(n - 1))
        prog = named_elf(a.workdir, f"qemu_sym_{n}", sym, LINUX_BASE, elfgen.LINUX_EXIT)
        trace = os.path.join(a.workdir, f"q{n}.txt")
        r = run([a.pimnic, "linux", "--trace", f"qemu:{trace}", prog])
        ok = r.code == 0
        if ok:
            with open(trace, errors="replace") as f:
                text = f.read()
            ok = f"IN: {sym}\n0x{LINUX_BASE:08x}:" in text and text.count(f"] {sym}\n") == 3
        check(ok, f"--trace qemu with a {n}-character function name: the name, whole, in IN: and Trace lines", r)


def case_commit_trace_huge_symbol(a):
    """Item 4: a symbol over 1 MiB in commit traces (run and linux) crashed OutputStream; names
    are cut at 4096 bytes in commit traces, disassembly and messages."""
    sym = "g" * ((1 << 20) + 100)
    for mode, base, code, status in (("linux", LINUX_BASE, elfgen.LINUX_EXIT, 0),
                                     ("run", RUN_BASE, [elfgen.li(3, 1), elfgen.BRANCH_SELF], 3)):
        prog = named_elf(a.workdir, f"huge_sym_{mode}", sym, base, code)
        trace = os.path.join(a.workdir, f"huge_{mode}.txt")
        extra = ["--max-insts", "20"] if mode == "run" else []
        r = run([a.pimnic, mode, "--trace", f"commit:{trace}"] + extra + [prog])
        ok = r.code == status
        if ok:
            with open(trace) as f:
                text = f.read()
            ok = f"<{'g' * 4096}>" in text and "g" * 4097 not in text
        check(ok, f"{mode} --trace commit with a 1 MiB function name: runs, the name cut at 4096", r)
        if mode == "linux":
            r = run([a.pimnic, mode, "--trace", f"qemu:{trace}.q", prog], limit_mb=600)
            check(r.code == 0 and os.path.getsize(trace + ".q") > 3 << 20, "... and --trace qemu writes it whole", r)


def case_shared_symbol_names(a):
    """Item 5: 16,384 symbols sharing one 64 KB name took 1 GB (a copy each); distinct names
    are kept once, cut at 4096 bytes; symbol tables have limits."""
    strtab = b"\0" + b"s" * 65536 + b"\0"
    syms = [(1, RUN_BASE + 4 * (i % 2), 4) for i in range(16384)]
    prog = write(os.path.join(a.workdir, "shared_names.elf"),
                 elfgen.make_elf([elfgen.li(3, 1), elfgen.BRANCH_SELF], RUN_BASE, syms, strtab))
    r = run([a.pimnic, "disasm", prog], limit_mb=300)
    check(r.code == 0 and not r.killed and r.peak_mb < mb(150) and f"<{'s' * 4096}>" in r.out,
          "16,384 symbols with one 64 KB name: disasm under 150 MB", r)
    r = run([a.pimnic, "run", "--max-insts", "10", "--trace", f"commit:{a.workdir}/shared.txt", prog], limit_mb=300)
    check(r.code == 3 and r.peak_mb < mb(150), "... run --trace commit under 150 MB", r)
    # Distinct names: up to 1 MB of name per 16-byte entry would reach gigabytes (cut: 60 MB).
    strtab = b"\0" + bytes((i * 7 + i // 251) % 26 + 97 for i in range(1 << 20)) + b"\0"
    syms = [(1 + 64 * i, RUN_BASE, 4) for i in range(15000)]
    prog = write(os.path.join(a.workdir, "distinct_names.elf"),
                 elfgen.make_elf([elfgen.li(3, 1), elfgen.BRANCH_SELF], RUN_BASE, syms, strtab))
    r = run([a.pimnic, "disasm", prog], limit_mb=400)
    check(r.code == 0 and r.peak_mb < mb(250), "15,000 distinct names up to 1 MB long: disasm under 250 MB", r)
    syms = [(1, RUN_BASE, 4)] * ((1 << 20) + 1)
    prog = write(os.path.join(a.workdir, "many_symbols.elf"),
                 elfgen.make_elf([elfgen.li(3, 1), elfgen.BRANCH_SELF], RUN_BASE, syms, b"\0x\0"))
    r = run([a.pimnic, "disasm", prog], limit_mb=600)
    one_line_error(r, "more than 1048576 symbols", "1,048,577 symbols", limit_mb=400)


def case_unbounded_files(a):
    """Item 6: /dev/zero (and any file past the limits) is refused after a bounded read."""
    zero = "/dev/zero"
    one_line_error(run([a.pimnic, "run", zero], limit_mb=700), "the ELF file is larger than 256 MiB", "run /dev/zero", 700)
    one_line_error(run([a.pimnic, "disasm", zero], limit_mb=700), "larger than 256 MiB", "disasm /dev/zero", 700)
    one_line_error(run([a.pimnic, "linux", zero], limit_mb=700), "larger than 256 MiB", "linux /dev/zero", 700)
    one_line_error(run([a.pimnic, "run", "--machine", zero], limit_mb=100),
                   "the machine file is larger than 1 MiB", "--machine /dev/zero", 100)
    mfile = write(os.path.join(a.workdir, "zero_image.json"), json.dumps({"images": {"n*.host": zero}}))
    one_line_error(run([a.pimnic, "run", "--machine", mfile], limit_mb=700), "larger than 256 MiB",
                   "a machine file naming /dev/zero as an image", 700)
    one_line_error(run([a.pimnic, "run", "--disasm-check", "--disasm-known-errors", zero, "--max-insts", "10",
                        os.path.join(a.firmware, "hello.elf")], limit_mb=100),
                   "the known-errors file is larger than 1 MiB", "--disasm-known-errors /dev/zero", 100)
    big = os.path.join(a.workdir, "big.json")
    with open(big, "w") as f:
        f.write('{"comment": "' + "c" * (2 << 20) + '"}')
    one_line_error(run([a.pimnic, "run", "--machine", big], limit_mb=100), "larger than 1 MiB", "a 2 MB machine file")


def case_deep_machine_file(a):
    """Item 7: parsing was quadratic in nesting depth (30,000 levels: 1.7 GB, 6.5 s)."""
    deep = os.path.join(a.workdir, "deep.json")
    write(deep, '{"params": ' + "[" * 30000 + "]" * 30000 + "}")
    r = run([a.pimnic, "run", "--machine", deep], limit_mb=200, timeout=10)
    one_line_error(r, "nested more than 32 levels", "30,000 nested levels", limit_mb=100)
    check(r.seconds < 2 * SCALE, f"... within 2 s ({r.seconds:.2f} s)")


def case_guest_requests(a):
    """Items 8 and 9: a guest's sizes do not become host allocations: sched_getaffinity with a
    4 GB length, 3 GB of untouched anonymous memory, a file mapping and an mremap of 1 GB."""
    r = run([a.pimnic, "linux", "--clear-env", "--host-files", "ro", a.requests, a.requests], limit_mb=200, timeout=30)
    check(r.code == 0 and not r.killed and r.peak_mb < mb(100) and r.seconds < 10 * SCALE,
          "big requests: under 100 MB of host memory and 10 s", r)
    q = run([a.qemu, "-cpu", "7400", a.requests, a.requests], limit_mb=2000, timeout=60) if a.qemu else None
    if q:
        # qemu 7.2 fails sched_getaffinity with a length this large; pimnic answers as the
        # kernel does (min(len, mask size) bytes written, that count returned).
        def same(text):
            return [line for line in text.splitlines() if not line.startswith("sched_getaffinity")]
        check(q.code == 0 and same(q.out) == same(r.out), "... and prints what it prints under qemu-ppc-static", q)
        check("sched_getaffinity: ok, cpu0 set" in r.out, "sched_getaffinity with a 4 GB length: one long, CPU 0")
    print(r.out)


def case_trace_dump_bad_key(a):
    """Item 10: trace-dump took register keys 115-127 and read past a 12-byte buffer."""
    def record(key):
        header = b"PIMNICTB" + struct.pack("<II", 1, 0)
        context = bytes([0x82]) + struct.pack("<HBBB", 0, 0, 0, 16)
        text = b"- 60000000 nop"
        define = bytes([0x81]) + struct.pack("<IIH", 0x100, 0x60000000, len(text)) + text
        exec_ = bytes([0x01 | 0x08]) + struct.pack("<I", 0x100) + bytes([1]) + key + bytes(4)
        return header + context + define + exec_
    for key, name in ((bytes([115]), "115"), (bytes([127]), "127"), (bytes([0xFF, 0xFF]), "SPR 0x7fff")):
        path = write(os.path.join(a.workdir, "badkey.bin"), record(key))
        one_line_error(run([a.pimnic, "trace-dump", path]), "bad register key", f"trace-dump with register key {name}")
    path = write(os.path.join(a.workdir, "goodkey.bin"), record(bytes([114])))
    r = run([a.pimnic, "trace-dump", path])
    check(r.code == 0 and "vrsave=00000000" in r.out, "... key 114 (VRSAVE) still reads", r)


def case_control_characters(a):
    """Item 11: control characters in what an error quotes stay on one line."""
    hello = os.path.join(a.firmware, "hello.elf")
    one_line_error(run([a.pimnic, "run", hello, "--set", "core.profile=a\nb"]), "\\x0a", "--set value with a newline")
    one_line_error(run([a.pimnic, "run", hello, "--set", "no\nsuch=1"]), "\\x0a", "--set name with a newline")
    prog = write(os.path.join(a.workdir, "profile_nl.elf"),
                 elfgen.make_elf([elfgen.BRANCH_SELF], RUN_BASE, profile="host\nevil"))
    one_line_error(run([a.pimnic, "run", prog]), "\\x0aevil", "a profile note with a newline")
    one_line_error(run([a.pimnic, "disasm", "--words", "12\n34"]), "\\x0a", "--words with a newline")
    one_line_error(run([a.pimnic, "linux", "/no/such\ndir/prog"]), "\\x0a", "a program path with a newline")


def case_stats_files(a):
    """Item 12: --stats to a file that cannot be written is bad input (exit 2), said before the
    run rather than after it."""
    hello = os.path.join(a.firmware, "hello.elf")
    for opt in ("--stats", "--stats-json"):
        r = run([a.pimnic, "run", opt, "/nonexistent/s.txt", hello])
        one_line_error(r, "cannot write /nonexistent/s.txt", f"run {opt} /nonexistent/s.txt")
        check("hello from pimnic" not in r.out, "... before the run")
        r = run([a.pimnic, "run", "--machine", "table1-conv", "--max-insts", "1000", opt, "/nonexistent/s.txt"])
        one_line_error(r, "cannot write /nonexistent/s.txt", f"run --machine {opt} /nonexistent/s.txt")
    good = os.path.join(a.workdir, "s.txt")
    r = run([a.pimnic, "run", "--stats", good, hello])
    check(r.code == 0 and os.path.getsize(good) > 0, "a writable --stats file is written", r)


def case_binary_long_text(a):
    """Item 13: binary traces cut a def's text at 65,535 bytes, so trace-dump differed from
    --trace commit; both now hold the same (names cut at 4096 bytes)."""
    sym = "h" * 70000
    for mode, base, code, extra in (("linux", LINUX_BASE, elfgen.LINUX_EXIT, []),
                                    ("run", RUN_BASE, [elfgen.li(3, 1), elfgen.BRANCH_SELF], ["--max-insts", "20"])):
        prog = named_elf(a.workdir, f"long_text_{mode}", sym, base, code)
        commit, binary = os.path.join(a.workdir, f"lt_{mode}.txt"), os.path.join(a.workdir, f"lt_{mode}.bin")
        r = run([a.pimnic, mode, "--trace", f"commit:{commit}", "--trace", f"binary:{binary}"] + extra + [prog])
        check(r.code in (0, 3), f"{mode}: commit and binary traces of a 70,000-character name", r)
        d = run([a.pimnic, "trace-dump", binary])
        with open(commit) as f:
            check(d.code == 0 and d.out == f.read(), f"{mode}: trace-dump gives the commit trace byte for byte", d)


def case_mpirun_input(a):
    """pimnic mpirun's command line (after issue 22, the same rules): -x entries, settings that
    belong to -n and --nic, negative counts, unbounded files, control bytes and bytes that are not
    UTF-8, a long argument list. Ranks run a plain static program (mpirun -n 1; functional model,
    so that the sanitizer build stays quick)."""
    prog = a.args_env
    def mpirun(*args, env=None, **kw):
        return run([a.pimnic, "mpirun"] + list(args), env=env, **kw)
    r = mpirun("-n", "1", "--model", "functional", "-x", "PIMNIC_FROM_HERE", "-x", "B=c", prog, env=dict(os.environ, PIMNIC_FROM_HERE="yes"))
    # By content, not index: mpirun puts its own entries (PMI_RANK, PIMNIC_NIC, PIMNIC_TRANSPORT, ...) first.
    check(r.code == 0 and re.search(r'env\[(\d+)\]="PIMNIC_FROM_HERE=yes"\nenv\[\d+\]="B=c"', r.out) is not None,
          "-x NAME takes NAME's value here, -x NAME=VALUE as given", r)
    env = {k: v for k, v in os.environ.items() if k != "PIMNIC_NOT_SET"}
    for args, pattern, what in (
            (["-x", "PIMNIC_NOT_SET"], "-x PIMNIC_NOT_SET: not set in this environment", "-x NAME not set"),
            (["-x", "=v"], "-x =v: expected NAME=VALUE or NAME", "-x with an empty name"),
            (["-x", "=\nv"], "\\x0a", "-x with a newline"),
            (["--set", "machine.nodes=5"], "machine.nodes is the number of ranks: give -n", "--set machine.nodes"),
            (["--set", "machine.nic=pim"], "give --nic, not --set", "--set machine.nic"),
            (["--set", "net.link_latency_ns=1\n"], "\\x0a", "a --set value with a newline"),
            (["--nic", "q\nx"], "unknown NIC kind 'q\\x0ax'", "--nic with a newline"),
            (["--max-insts", "-5"], "must not be negative", "--max-insts -5 (was: no limit)"),
            (["--machine", "/dev/zero"], "the machine file is larger than 1 MiB", "--machine /dev/zero")):
        one_line_error(mpirun("-n", "1", *args, prog, env=env, limit_mb=200), pattern, f"mpirun {what}", 200)
    one_line_error(mpirun("-n", "1", "/dev/zero", limit_mb=700), "larger than 256 MiB", "mpirun /dev/zero", 700)
    for cmd in ("run", "linux"):
        one_line_error(run([a.pimnic, cmd, "--max-insts", "-1", a.hello]), "must not be negative", f"{cmd} --max-insts -1")
    out = os.path.join(a.workdir, "out_mpirun")
    r = run([a.pimnic.encode(), b"mpirun", b"-n", b"1", b"--model", b"functional", b"--out", out.encode(), b"-x", b"A=\xff", prog.encode(),
             b"x\xfey"])
    check(r.code == 0 and 'argv[1]="x' in r.out, "mpirun with bytes that are not UTF-8 in -x and argv: runs", r)
    r = mpirun("-n", "1", "--model", "functional", prog, *(["x"] * 25000), limit_mb=400, timeout=120)
    check(r.code == 0 and "argc=25001" in r.out, "mpirun with 25,000 program arguments: runs", r)


CASES = {name[5:]: fn for name, fn in globals().items() if name.startswith("case_")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case", choices=sorted(CASES))
    ap.add_argument("--pimnic", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--firmware")
    ap.add_argument("--hello")
    ap.add_argument("--requests")
    ap.add_argument("--args-env")
    ap.add_argument("--qemu")
    a = ap.parse_args()
    a.workdir = os.path.join(a.workdir, a.case)
    os.makedirs(a.workdir, exist_ok=True)
    CASES[a.case](a)
    print(f"{a.case}: {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
