"""The gdb stub test cases: each drives gdb-multiarch (or lldb, or raw RSP) against pimnic running
firmware/gdb-target and greps what the debugger prints. gdb's exit code in batch mode says little,
so every check is a regular expression on its output, plus pimnic's exit status and console."""
import os
import socket
import re
import subprocess
import time

from gdbtest import Failure, Pimnic, Rsp, expect, reject, run_gdb


class Skip(Exception):
    pass


def host_image(ctx):
    return os.path.join(ctx.images, "gdb-target-host.elf")


def pim_image(ctx):
    return os.path.join(ctx.images, "gdb-target-pim.elf")


def finish_pimnic(p, status, stdout_re=None):
    code, out, err = p.wait()
    if code != status:
        raise Failure(f"pimnic exit status {code}, expected {status}; stderr:\n{err}")
    if stdout_re:
        expect(out, stdout_re, what="guest console")
    return out, err


def case_connect_threads(ctx):
    """Connect to a machine halted at the entry; threads, the stop location, registers."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        out = run_gdb(ctx.gdb, img, p.port, ["info threads", "info registers pc msr", "p $pc == _start",
                                             "p/x $pvr", "continue"])
        expect(out, r"_start \(\) at .*crt0\.S",
               r"\* 1 +Thread 1\.1 \"n0\.host\.c0t0\" +_start \(\)",
               r"pc +0x4000 +0x4000 <_start>", r"msr +0x0",
               r"\$1 = 1", r"\$2 = 0xc0209",
               r"\[Inferior 1 \(process 1\) exited normally\]")
        finish_pimnic(p, 0, r"gdb-target: total 385 watched 35")


def case_break_finish_bt(ctx):
    """Break on a function, continue, bt, x/4i, finish, stepi, next."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        out = run_gdb(ctx.gdb, img, p.port, [
            "break square", "continue", "bt", "x/4i $pc", "info registers r3 lr", "finish",
            "stepi", "info registers pc", "continue", "p x", "delete", "continue"])
        expect(out, r"Breakpoint 1 at 0x[0-9a-f]+: file .*main\.c",
               r"Breakpoint 1, square \(x=1\) at .*main\.c:\d+",
               r"#0 +square \(x=1\)", r"#1 +0x[0-9a-f]+ in add_squares", r"#2 +0x[0-9a-f]+ in main \(\)",
               r"=> 0x[0-9a-f]+ <square>:\s+mullw\s+r3,r3,r3\n\s+0x[0-9a-f]+ <square\+4>:\s+blr",
               r"r3 +0x1 +1", r"lr +0x[0-9a-f]+ +0x[0-9a-f]+ <add_squares\+\d+>",
               r"Value returned is \$1 = 1",
               r"0x[0-9a-f]+\s+\d+\s+.*square\(i\)",
               r"pc +0x[0-9a-f]+ +0x[0-9a-f]+ <add_squares\+\d+>",
               r"Breakpoint 1, square \(x=2\)", r"\$2 = 2",
               r"exited normally")
        reject(out, r"Remote failure reply", r"Remote connection closed")
        finish_pimnic(p, 0, r"gdb-target: total 385")


def case_handler_backtrace(ctx):
    """bt from inside an exception handler goes through the SDK's exception entry (its unwind
    information) into the code the interrupt stopped, at SRR0, and on to that code's callers."""
    for img in (host_image(ctx), pim_image(ctx)):
        with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
            out = run_gdb(ctx.gdb, img, p.port, ["break on_syscall", "continue", "bt", "frame 3",
                                                 "p x", "p/x $pc == (unsigned)system_call + 8 || 1",
                                                 "delete", "continue"])
            expect(out, r"Breakpoint 1, on_syscall \(f=0x[0-9a-f]+\)",
                   r"#0 +on_syscall \(f=0x[0-9a-f]+\)",
                   r"#1 +0x[0-9a-f]+ in __pimnic_exception_dispatch",
                   r"#2 +(0x[0-9a-f]+ in )?__pimnic_exception_entry",
                   r"#3 +(0x[0-9a-f]+ in )?system_call \(x=\d+\)",
                   r"#4 +0x[0-9a-f]+ in call_service \(x=(20|<optimized out>)\)",
                   r"#5 +0x[0-9a-f]+ in main \(\)",
                   r"exited normally")
            reject(out, r"Backtrace stopped", r"#\d+ +0x0+ in \?\?")
            finish_pimnic(p, 0, r"gdb-target: total 385 watched 35")


def case_wait_needs_gdb(ctx):
    """--wait stays halted when something connects without speaking the protocol (a port probe,
    garbage): only a gdb handshake releases the machine."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        for data in (b"", b"GET / HTTP/1.0\r\n\r\n", b"$qSupported#00"):  # the last: a bad checksum
            with socket.create_connection(("127.0.0.1", p.port), timeout=5) as s:
                if data:
                    s.sendall(data)
                    time.sleep(0.2)
            time.sleep(0.5)
            if p.proc.poll() is not None:
                raise Failure(f"pimnic ran to its end after a connection that sent {data!r}: {p.wait()}")
        out = run_gdb(ctx.gdb, img, p.port, ["info registers pc", "continue"])
        expect(out, r"pc +0x4000 +0x4000 <_start>", r"exited normally")
        finish_pimnic(p, 0, r"gdb-target: total 385")


def case_write_register(ctx):
    """Writing r3 in square() changes what it returns, and so what the guest prints and exits with."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        out = run_gdb(ctx.gdb, img, p.port, ["break square", "continue", "set $r3 = 7", "p $r3",
                                             "finish", "delete", "continue"])
        expect(out, r"Breakpoint 1, square \(x=1\)", r"\$1 = 7", r"Value returned is \$2 = 49",
               r"exited with code 01")
        finish_pimnic(p, 1, r"gdb-target: total 433 watched 35")


def case_memory(ctx):
    """Read and write memory (m, M/X), unmapped and device addresses, a variable changed by gdb."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        out = run_gdb(ctx.gdb, img, p.port, [
            "break add_squares", "continue", "x/2xw &watched", "set var watched = 100", "p watched",
            "x/4xb &watched", "p *(int*)0x08000000", "x/xw 0xe0000000", "p sizeof(watched)",
            "delete", "continue"])
        expect(out, r"Breakpoint 1, add_squares", r"<watched>:\s+0x00000005",
               r"\$1 = 100", r"<watched>:\s+0x00\s+0x00\s+0x00\s+0x64",
               r"Cannot access memory at address 0x8000000", r"Cannot access memory at address 0xe0000000",
               r"exited with code 01")
        finish_pimnic(p, 1, r"watched 130")


def case_watchpoint(ctx):
    """A write watchpoint reports old and new values; read watchpoint; the machine runs on after."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        out = run_gdb(ctx.gdb, img, p.port, ["watch watched", "continue", "continue", "delete",
                                             "rwatch watched", "continue", "delete", "awatch watched",
                                             "continue", "delete", "continue"])
        expect(out, r"Hardware watchpoint 1: watched",
               r"Old value = 5\nNew value = 15", r"main \(\) at .*main\.c",
               r"Old value = 15\nNew value = 25",
               r"Hardware read watchpoint 2: watched", r"Value = 25",
               r"Hardware access \(read/write\) watchpoint 3: watched", r"(Value = 35|Old value = 25\nNew value = 35)",
               r"exited normally")
        finish_pimnic(p, 0, r"watched 35")


def case_pim_vectors(ctx):
    """256-bit vector registers on a PIM core with 4 hardware threads (only thread 0 started)."""
    img = pim_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img, "--set", "core.harts=4"]) as p:
        out = run_gdb(ctx.gdb, img, p.port, [
            "info threads", "break vectors_loaded", "continue", "p $vr1", "p/x $vr1.v8_int32",
            "p/x $vr2.v32_int8", "p/x $vr2.v2_uint128", "ptype $vr0", "set var $vr1.v8_int32[7] = 42",
            "p $vr1.v8_int32", "info registers vscr vrsave pvr", "p $fpscr", "thread 3", "info registers pc",
            "thread 1", "delete", "continue"])
        expect(out, r"\* 1 +Thread 1\.1 \"n0\.nic\.c0t0\"", r"4 +Thread 1\.4 \"n0\.nic\.c0t3\" \(not started\)",
               r"hit Breakpoint 1, vectors_loaded",
               r"v8_int32 = \{1, 2, 3, 4, 5, 6, 7, 8\}", r"v32_int8 = \{0, 0, 0, 1, 0, 0, 0, 2,",
               r"\{0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8\}",
               r"\{0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xa, .*0x1e, 0x1f\}",
               r"\{0x102030405060708090a0b0c0d0e0f, 0x101112131415161718191a1b1c1d1e1f\}",
               r"type = union vec256 \{\s+v8f v8_float;\s+v8i32 v8_int32;\s+v16i16 v16_int16;\s+v32i8 v32_int8;\s+v2u128 v2_uint128;",
               r"\{1, 2, 3, 4, 5, 6, 7, 42\}", r"vscr +0x10000", r"pvr +0x7f000100",
               r"\$\d+ = void",  # no FPU on the pim core
               r"Switching to thread 3 \(Thread 1\.3\)", r"pc +0x0 ",
               r"exited normally")
        finish_pimnic(p, 0)


def case_host_vectors(ctx):
    """The host core: FPU registers and 128-bit AltiVec registers with gdb's own feature."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        out = run_gdb(ctx.gdb, img, p.port, ["set $f1 = 2.5", "p $f1", "p $fpscr", "p/x $vr5",
                                             "set var $vr5.v4_int32[0] = 9", "p $vr5.v4_int32",
                                             "info registers srr0 dec", "continue"])
        expect(out, r"\$1 = 2\.5", r"\$2 = 0", r"uint128 = 0x0", r"\{9, 0, 0, 0\}", r"srr0 +0x0",
               r"dec +0xffffffff", r"exited normally")
        finish_pimnic(p, 0)


def case_monitor(ctx):
    """monitor help / cycles / stats / step-irqs / trace / reset."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        out = run_gdb(ctx.gdb, img, p.port, [
            "monitor help", "break add_squares", "continue", "monitor cycles", "monitor stats",
            "monitor step-irqs on", "monitor step-irqs off", "monitor trace on", "stepi", "monitor trace off",
            "monitor frobnicate", "monitor reset", "maintenance flush register-cache", "p $pc == _start",
            "monitor cycles", "delete", "continue"])
        expect(out, r"pimnic monitor commands:", r"step-irqs on\|off", r"reset",
               r"Breakpoint 1, add_squares",
               r"n0\.host\.c0t0: [1-9]\d* instructions, [1-9]\d* cycles",
               r"sim_insts +[1-9]\d*", r"step-irqs on", r"step-irqs off", r"trace on", r"trace off",
               r"unknown monitor command 'frobnicate'", r"machine reset", r"\$1 = 1",
               r"n0\.host\.c0t0: 0 instructions, 0 cycles", r"exited normally")
        _, err = finish_pimnic(p, 0, r"gdb-target: total 385")
        expect(err, r"\[trace\] n0\.host\.c0t0 0x[0-9a-f]{8} [0-9a-f]{8} ", what="pimnic stderr")


def case_detach_reattach(ctx):
    """Detach leaves the machine running (spinning for gdb); a second client attaches and ends it."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        out = run_gdb(ctx.gdb, img, p.port, ["break wait_for_gdb", "continue", "set var hold = 1",
                                             "delete", "detach"])
        expect(out, r"Breakpoint 1, wait_for_gdb",
               r"\[Inferior 1 \(process 1\) detached\]")
        time.sleep(0.3)
        if p.proc.poll() is not None:
            raise Failure("pimnic ended after the detach")
        out = run_gdb(ctx.gdb, img, p.port, ["bt 1", "p hold", "set var hold = 0", "continue"])
        expect(out, r"wait_for_gdb \(\) at .*main\.c", r"\$1 = 1", r"exited normally")
        finish_pimnic(p, 0, r"gdb-target: total 385")


def case_ctrl_c(ctx):
    """GDB/MI with mi-async: interrupt a free-running machine (Ctrl-C, i.e. \\x03) and resume it."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        mi = MiSession(ctx.gdb)
        try:
            mi.cmd("-gdb-set mi-async on", r"\^done")
            mi.cmd(f"-file-exec-and-symbols {img}", r"\^done")
            mi.cmd(f"-target-select remote 127.0.0.1:{p.port}", r"\^connected")
            mi.cmd("-break-insert wait_for_gdb", r"\^done")
            mi.cmd("-exec-continue", r"\^running")
            mi.wait(r'\*stopped,reason="breakpoint-hit"')
            mi.cmd('-data-evaluate-expression "hold=1"', r'\^done,value="1"')
            mi.cmd("-break-delete", r"\^done")
            mi.cmd("-exec-continue", r"\^running")
            time.sleep(1.0)  # let it spin
            start = time.time()
            mi.cmd("-exec-interrupt", r"\^done")
            mi.wait(r'\*stopped,reason="signal-received",signal-name="SIGINT"', timeout=5)
            latency = time.time() - start
            mi.cmd("-stack-info-frame", r'func="wait_for_gdb"')
            mi.cmd('-data-evaluate-expression "hold=0"', r'\^done,value="0"')
            mi.cmd("-exec-continue", r"\^running")
            mi.wait(r'\*stopped,reason="exited-normally"')
            mi.cmd("-gdb-exit", r"\^exit")
        finally:
            mi.close()
        print(f"interrupt latency {latency * 1000:.1f} ms")
        if latency > 2.0:
            raise Failure(f"Ctrl-C took {latency:.2f} s")
        finish_pimnic(p, 0, r"gdb-target: total 385")


class MiSession:
    """gdb --interpreter=mi3 driven line by line, with a timeout on every wait."""

    def __init__(self, gdb):
        self.proc = subprocess.Popen([gdb, "-nx", "-q", "--interpreter=mi3"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.buf = b""
        self.log = []

    def _line(self, deadline):
        import select
        while b"\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0:
                return None
            r, _, _ = select.select([self.proc.stdout], [], [], left)
            if not r:
                return None
            data = os.read(self.proc.stdout.fileno(), 65536)
            if not data:
                return None
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace") + "\n"

    def wait(self, pattern, timeout=20):
        import re
        deadline = time.time() + timeout
        rx = re.compile(pattern)
        while True:
            line = self._line(deadline)
            if line is None:
                raise Failure(f"gdb/mi: no /{pattern}/ within {timeout} s; log:\n" + "".join(self.log[-40:]))
            self.log.append(line)
            if line.startswith("^error"):
                raise Failure("gdb/mi error: " + line + "".join(self.log[-30:]))
            if rx.search(line):
                return line

    def cmd(self, command, pattern, timeout=20):
        self.log.append("> " + command + "\n")
        self.proc.stdin.write((command + "\n").encode())
        self.proc.stdin.flush()
        return self.wait(pattern, timeout)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.communicate()


def case_linux_fault(ctx):
    """pimnic linux: break, bt; an unhandled SIGSEGV stops first, then kills the process (X0b)."""
    if not ctx.linux_prog or not os.path.exists(ctx.linux_prog):
        raise Skip("no powerpc-linux test program (needs powerpc-linux-gnu-gcc)")
    prog = ctx.linux_prog
    with Pimnic(ctx.pimnic, ["linux", "--gdb", "0", "--wait", prog]) as p:
        out = run_gdb(ctx.gdb, prog, p.port, ["info threads", "break depth", "continue", "bt", "delete",
                                              "continue", "bt", "x/i $pc", "continue"])
        expect(out, r"Thread 1\.1 \"n0\.host\.c0t0\"", r"Breakpoint 1, depth \(n=3",
               r"#1 +0x[0-9a-f]+ in main \(",
               r"segmentation fault: write to 0x00001234",
               r"Program received signal SIGSEGV, Segmentation fault\.", r"in depth \(n=0",
               r"#4 +0x[0-9a-f]+ in main \(", r"=> 0x[0-9a-f]+ <depth\+\d+>:\s+stw",
               r"Program terminated with signal SIGSEGV")
        out, err = finish_pimnic(p, 139, r"before")
        expect(err, r"segmentation fault: write to 0x00001234", what="pimnic stderr")


def case_linux_exit(ctx):
    """pimnic linux: stepping in main, finish, and the exit status as W."""
    if not ctx.linux_prog or not os.path.exists(ctx.linux_prog):
        raise Skip("no powerpc-linux test program (needs powerpc-linux-gnu-gcc)")
    prog = ctx.linux_prog
    with Pimnic(ctx.pimnic, ["linux", "--gdb", "0", "--wait", prog, "ok"]) as p:
        out = run_gdb(ctx.gdb, prog, p.port, ["break depth", "continue", "delete", "finish", "next",
                                              "continue"])
        expect(out, r"Breakpoint 1, depth \(n=3", r"Value returned is \$1 = 3",
               r"exited with code 03")
        finish_pimnic(p, 3, r"before")


def linux_signals_prog(ctx):
    prog = os.path.join(os.path.dirname(ctx.linux_prog or ""), "linux_signals")
    if not ctx.linux_prog or not os.path.exists(prog):
        raise Skip("no powerpc-linux test program (needs powerpc-linux-gnu-gcc)")
    return prog


def case_linux_signals_pass(ctx):
    """pimnic linux: each signal stops the program as under ptrace; continuing passes it to the
    handler (two SIGUSR1s, a SIGSEGV whose handler skips the store); SIGALRM, which gdb neither
    stops nor prints for by default, reaches its handler silently."""
    prog = linux_signals_prog(ctx)
    with Pimnic(ctx.pimnic, ["linux", "--gdb", "0", "--wait", prog]) as p:
        out = run_gdb(ctx.gdb, prog, p.port, ["continue", "continue", "continue", "x/i $pc", "continue"])
        expect(out, r"Program received signal SIGUSR1, User defined signal 1\.",
               r"Program received signal SIGUSR1, User defined signal 1\.",
               r"segmentation fault: write to 0x00001234",
               r"Program received signal SIGSEGV, Segmentation fault\.",
               r"=> 0x[0-9a-f]+ <main\+\d+>:\s+stw",
               r"\[Inferior 1 \(process 1\) exited with code 014\]")
        reject(out, r"SIGALRM")
        finish_pimnic(p, 12, r"usr1 2 segv 1 alrm 3\+")


def case_linux_signals_discard(ctx):
    """pimnic linux: `handle nopass` and `signal 0` discard signals: the SIGUSR1s never reach their
    handler, and a discarded SIGSEGV repeats (the store runs again) until it is passed."""
    prog = linux_signals_prog(ctx)
    with Pimnic(ctx.pimnic, ["linux", "--gdb", "0", "--wait", prog]) as p:
        out = run_gdb(ctx.gdb, prog, p.port, ["handle SIGUSR1 nostop noprint nopass", "continue",
                                              "signal 0", "continue"])
        expect(out, r"Program received signal SIGSEGV, Segmentation fault\.",
               r"Program received signal SIGSEGV, Segmentation fault\.\n.* in main \(\) at .*linux_signals\.c:\d+",
               r"exited with code 012")
        reject(out, r"SIGUSR1")
        finish_pimnic(p, 10, r"usr1 0 segv 1 alrm 3\+")


def case_linux_signal_replace(ctx):
    """pimnic linux: `signal SIG` resumes with another signal than the one stopped for: SIGALRM's
    handler runs instead of SIGUSR1's, then SIGTERM ends the process with its status."""
    prog = linux_signals_prog(ctx)
    with Pimnic(ctx.pimnic, ["linux", "--gdb", "0", "--wait", prog]) as p:
        out = run_gdb(ctx.gdb, prog, p.port, ["continue", "signal SIGALRM", "p alrm", "p usr1",
                                              "signal SIGTERM"])
        expect(out, r"Program received signal SIGUSR1", r"Program received signal SIGUSR1",
               r"\$1 = 1", r"\$2 = 0",
               r"Program terminated with signal SIGTERM, Terminated\.")
        finish_pimnic(p, 143)


def case_linux_pass_signals(ctx):
    """pimnic linux over raw RSP: QPassSignals (offered in qSupported) lets SIGUSR1 and SIGALRM
    through without a stop; SIGSEGV still stops, and C0b passes it to the handler."""
    prog = linux_signals_prog(ctx)
    with Pimnic(ctx.pimnic, ["linux", "--gdb", "0", "--wait", prog]) as p:
        c = Rsp(p.port)
        expect(c.command("qSupported"), r"QPassSignals\+", what="qSupported")
        expect(c.command("QPassSignals:1e;e"), r"^OK$", what="QPassSignals")
        expect(c.command("QPassSignals:zz"), r"^E01$", what="a malformed QPassSignals")
        def stop_reply(packet):  # skipping the console output (O packets) before it
            reply = c.command(packet)
            while reply.startswith("O") and not reply.startswith("OK"):
                reply = c.read_packet()
                c.send_raw(b"+")
            return reply
        expect(stop_reply("c"), r"^T0b", what="the stop after continuing")
        expect(stop_reply("C0b"), r"^W0c", what="the end")
        c.close()
        finish_pimnic(p, 12, r"usr1 2 segv 1 alrm 3\+")


def case_lldb(ctx):
    """lldb 14 connects, lists the thread and reads registers."""
    if not ctx.lldb:
        raise Skip("lldb-14 not installed")
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        square = symbol_address(ctx, img, "square")
        r = subprocess.run([ctx.lldb, "-b", "-o", f"gdb-remote 127.0.0.1:{p.port}", "-o", "thread list",
                            "-o", "register read pc", "-o", "register write r3 0x1234", "-o", "register read r3",
                            "-o", "memory read -c 4 0x4000", "-o", f"breakpoint set -a {square:#x}", "-o", "continue",
                            "-o", "register read pc r3", "-o", "breakpoint delete 1", "-o", "process detach"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60,
                           stdin=subprocess.DEVNULL)
        out = r.stdout
        first = " ".join(f"{b:02x}" for b in image_bytes(ctx, img, 0x4000, 4))
        expect(out, r"thread #1: tid = 0x0*1, 0x00004000, name = 'n0\.host\.c0t0'",
               r"pc = 0x00004000", r"r3 = 0x00001234", r"0x00004000: " + first + " ",
               r"Breakpoint 1: address = " + f"{square:#010x}", r"stop reason = breakpoint 1\.1",
               r"pc = " + f"{square:#010x}", r"r3 = 0x00000001", r"Process 1 detached", what="lldb output")
        finish_pimnic(p, 0, r"gdb-target: total 385")


def case_robustness(ctx):
    """Raw RSP: malformed, wrong-checksum and oversized packets get an answer; a client that
    vanishes mid-run leaves the machine running; the next one can attach and kill it."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        c = Rsp(p.port)
        c.send_raw(b"garbage+-\x7f")
        c.send_raw(b"$qSupported#00")  # wrong checksum: '-' (retransmit request)
        if c.read_ack() != b"-":
            raise Failure("no '-' for a bad checksum")
        checks = [
            ("qSupported:multiprocess+;swbreak+", r"^PacketSize=[0-9a-f]+;"),
            ("?", r"^T05thread:p1\.1;core:0;name:n0\.host\.c0t0;$"),
            ("", r"^$"),
            ("Zz", r"^$"),
            ("m", r"^E01$"), ("mzz,4", r"^E01$"), ("m4000", r"^E01$"), ("m4000,", r"^E01$"),
            ("mffffffff,10", r"^E14$"), ("m4000,ffffffffffffffffff", r"^E01$"),
            ("M4000,2:zz", r"^E01$"), ("M4000,4:00", r"^E01$"),
            ("X4000,4:\x7d", r"^E01$"), ("p", r"^E01$"), ("pfffff", r"^E01$"), ("P40=12", r"^E01$"),
            ("G00", r"^E01$"), ("Hgp9.9", r"^E01$"), ("Hg", r"^E01$"), ("Hx0", r"^$"),
            ("T", r"^E01$"), ("Tp1.5", r"^E01$"), ("vCont;x", r"^E01$"), ("vCont;", r"^E01$"),
            ("vCont;c:zz", r"^E01$"), ("vCont;C", r"^E01$"), ("Z0,zz,4", r"^E01$"), ("Z0,4001,4", r"^E22$"),
            ("Z2,4000,0", r"^E22$"), ("Z9,0,0", r"^$"), ("qXfer:features:read:nosuch.xml:0,100", r"^E00$"),
            ("qXfer:features:read:target.xml:zz", r"^E01$"), ("qXfer:frob:read::0,10", r"^$"),
            ("qRcmd,zz", r"^E01$"), ("qThreadExtraInfo,p7.7", r"^E01$"), ("C", r"^E01$"), ("Sxyz", r"^E01$"),
            ("qXfer:features:read:target.xml:0,40", r"^m<\?xml"),
            ("qXfer:features:read:target.xml:ffffff,40", r"^l$"),
        ]
        for packet, want in checks:
            got = c.command(packet)
            expect(got, want, what=f"reply to {packet!r}")
        # Oversized: longer than PacketSize, answered with an error instead of a retransmit loop.
        c.send("q" + "A" * 70000)
        expect(c.read_packet(), r"^E", what="reply to an oversized packet")
        c.send_raw(b"+")
        # Still sane: registers and memory.
        expect(c.command("g"), r"^[0-9a-f]{1800,}$", what="g")
        expect(c.command("m4000,4"), r"^[0-9a-f]{8}$", what="m")
        expect(c.command("qSymbol::"), r"^OK$", what="qSymbol")
        # Resume and vanish mid-run, with the guest held in its wait loop.
        hold = symbol_address(ctx, img, "hold")
        wait_fn = symbol_address(ctx, img, "wait_for_gdb")
        expect(c.command(f"Z0,{wait_fn:x},4"), r"^OK$", what="Z0")
        expect(c.command("vCont;c"), r"^T05thread:p1\.1;.*swbreak:;$", what="breakpoint stop")
        expect(c.command(f"z0,{wait_fn:x},4"), r"^OK$", what="z0")
        expect(c.command(f"M{hold:x},4:00000001"), r"^OK$", what="M")
        c.send("vCont;c")
        time.sleep(0.3)
        c.close()
        time.sleep(0.3)
        if p.proc.poll() is not None:
            raise Failure(f"pimnic ended after the client vanished: {p.wait()}")
        d = Rsp(p.port)
        expect(d.command("?"), r"^T05thread:1;", what="stop reply to a second client")
        expect(d.command(f"m{hold:x},4"), r"^00000001$", what="hold")
        expect(d.command("qC"), r"^QC1$", what="qC")
        d.send("k")
        d.close()
        finish_pimnic(p, 137)


def symbol_address(ctx, image, name):
    """Address of a symbol, as gdb reads it from the image."""
    out = subprocess.run([ctx.gdb, "-nx", "-batch", "-ex", f"file {image}", "-ex", f"p/x &{name}"],
                         capture_output=True, text=True, timeout=60).stdout
    import re
    m = re.search(r"0x([0-9a-f]+)", out)
    if not m:
        raise Failure(f"no address for {name}: {out}")
    return int(m.group(1), 16)


def image_bytes(ctx, image, address, n):
    """n bytes of the image at address, as gdb reads them from the file."""
    out = subprocess.run([ctx.gdb, "-nx", "-batch", "-ex", f"file {image}", "-ex", f"x/{n}xb {address:#x}"],
                         capture_output=True, text=True, timeout=60).stdout
    found = re.findall(r"\b0x([0-9a-f]{2})\b", out.split(":", 1)[-1])
    if len(found) != n:
        raise Failure(f"no {n} bytes at {address:#x} in {image}: {out}")
    return [int(b, 16) for b in found]


def case_reattach_running(ctx):
    """A client that vanishes while the guest spins; the next client interrupts it on connect."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", "--wait", img]) as p:
        out = run_gdb(ctx.gdb, img, p.port, ["break wait_for_gdb", "continue", "set var hold = 1", "delete"])
        # gdb -batch exits without detaching: the connection just closes while stopped.
        expect(out, r"Breakpoint 1, wait_for_gdb")
        time.sleep(0.3)
        out = run_gdb(ctx.gdb, img, p.port, ["bt 1", "set var hold = 0", "continue"])
        expect(out, r"wait_for_gdb \(\)", r"exited normally")
        finish_pimnic(p, 0)


def case_no_client(ctx):
    """Without --wait and without a client the machine runs to its end as `pimnic run` would."""
    img = host_image(ctx)
    with Pimnic(ctx.pimnic, ["run", "--gdb", "0", img]) as p:
        finish_pimnic(p, 0, r"gdb-target: total 385")


# ---- multi-node machines (pimnic run --machine ... --gdb) -------------------------------------------

def machine_images(ctx, *names):
    paths = [os.path.join(ctx.images, n) for n in names]
    for path in paths:
        if not os.path.exists(path):
            raise Skip(f"{path} not built")
    return paths


def attach(inferior, image=None):
    """gdb commands that attach process N (an address space of the machine) as inferior N."""
    cmds = ["add-inferior", f"inferior {inferior}"]
    if image:
        cmds.append(f"file {image}")
    return cmds + [f"attach {inferior}"]


def conv_session(ctx, extra_commands=()):
    """table1-conv with the ping-pong images: attach every node's host and NIC, break in node 1's
    NIC firmware, read another node's thread, continue to the end. Returns (gdb output, console)."""
    host, nic = machine_images(ctx, "pingpong-host.elf", "pingpong-nic.elf")
    args = ["run", "--machine", "table1-conv", "--image", "n*.host=" + host, "--image", "n*.nic=" + nic,
            "--gdb", "0", "--wait"]
    with Pimnic(ctx.pimnic, args) as p:
        # Processes: 1 n0 host RAM, 2 n0 NIC SRAM, 3 n1 host RAM, 4 n1 NIC SRAM. Only node 1's NIC
        # gets the firmware's symbols, so `break do_receive` has one location: there.
        cmds = ["set schedule-multiple on"] + attach(2) + attach(3, host) + attach(4, nic) + [
            "info threads", "break do_receive", "continue", "bt 1", "p e", "info registers pc",
            "thread 1.1", "info registers pc", "p/x *(unsigned int*)$sp@2", "x/2i $pc",
            "thread 3.1", "p $pc == main || 1"]
        cmds += list(extra_commands) + ["delete", "continue"]
        out = run_gdb(ctx.gdb, host, p.port, cmds, timeout=180, connect="extended-remote")
        console, _ = finish_pimnic(p, 0, r"pingpong: all messages intact")
    return out, console


def case_machine_conv(ctx):
    """table1-conv + ping-pong: every node's host and NIC thread, a breakpoint in node 1's NIC
    firmware hit while the network runs, another node's registers and memory, the run's exit."""
    out, _ = conv_session(ctx)
    expect(out, r"1\.1 +Thread 1\.1 \"n0\.host\.c0t0\"", r"2\.1 +Thread 2\.2 \"n0\.nic\.c0t0\"",
           r"3\.1 +Thread 3\.3 \"n1\.host\.c0t0\"", r"4\.1 +Thread 4\.4 \"n1\.nic\.c0t0\"",
           r"Breakpoint 1 at 0x[0-9a-f]+: file .*pingpong_nic\.c",
           r"Thread 4\.1 \"n1\.nic\.c0t0\" hit Breakpoint 1, do_receive",
           r"#0 +do_receive", r"\$1 = 0 ",  # the first posted receive
           r"pc +0x[0-9a-f]+ +0x[0-9a-f]+ <main\+\d+>", r"Switching to thread 1\.1",
           r"pc +0x[0-9a-f]+ +0x[0-9a-f]+ <", r"\$2 = \{0x[0-9a-f]+, 0x[0-9a-f]+\}", r"=> 0x[0-9a-f]+",
           r"Switching to thread 3\.1", r"\$3 = 1",
           r"\[Inferior 1 \(process 1\) exited normally\]")
    reject(out, r"Truncated register", r"internal-error", r"Remote 'g' packet reply is too long")


def case_machine_pim(ctx):
    """table1-pim + parcel-migrate: the threads of both PIM cores of a node, a breakpoint in the
    parcel handler (a thread a parcel started), 256-bit vector registers, node 1's PIM threads."""
    (img,) = machine_images(ctx, "parcel-migrate.elf")
    args = ["run", "--machine", "table1-pim", "--image", "n*.nic=" + img, "--gdb", "0", "--wait"]
    with Pimnic(ctx.pimnic, args) as p:
        cmds = ["set schedule-multiple on", "info threads", "break traveler", "continue",
                "p sizeof($vr0)", "p/x $vr0.v8_int32", "ptype $vr1", "info registers vscr",
                "thread 1.33", "p sizeof($vr31)", "thread 1.2"] + attach(2) + [
                "info threads", "p sizeof($vr0)", "inferior 1", "delete", "continue"]
        out = run_gdb(ctx.gdb, img, p.port, cmds, timeout=180, connect="extended-remote")
        finish_pimnic(p, 0, r"migrate: node 0 -> node 1 -> node 0, read 1001 on node 1, stack buffer intact")
    expect(out, r"\* 1 +Thread 1\.1 \"n0\.nic\.c0t0\"", r"2 +Thread 1\.2 \"n0\.nic\.c0t1\" \(not started\)",
           r"33 +Thread 1\.33 \"n0\.nic\.c1t0\" \(not started\)", r"64 +Thread 1\.64 \"n0\.nic\.c1t31\"",
           r"Thread 2 \"n0\.nic\.c0t1\" hit Breakpoint 1, traveler \(seed=12345, a1=2",
           r"\$1 = 32", r"\$2 = \{0x[0-9a-f]+, .*\}", r"type = union vec256",
           r"vscr +0x", r"Switching to thread 33 \(Thread 1\.33\)", r"\$3 = 32",
           r"2\.1 +Thread 2\.65 \"n1\.nic\.c0t0\"", r"2\.33 +Thread 2\.97 \"n1\.nic\.c1t0\"",
           r"\$4 = 32", r"exited normally")
    reject(out, r"internal-error", r"Truncated register")


def case_machine_determinism(ctx):
    """The same gdb session twice (breakpoint, steps, every thread's instruction and cycle counts)
    prints the same and the guest prints the same."""
    extra = ["thread 4.1", "stepi", "stepi", "next", "info registers pc r3", "monitor cycles"]
    runs = [conv_session(ctx, extra) for _ in range(2)]
    norm = [re.sub(r"127\.0\.0\.1:\d+", "PORT", out) for out, _ in runs]
    expect(norm[0], r"n1\.nic\.c0t0: \d+ instructions, \d+ cycles")
    if norm[0] != norm[1]:
        import difflib
        diff = "\n".join(difflib.unified_diff(norm[0].splitlines(), norm[1].splitlines(), lineterm=""))
        raise Failure("two identical gdb sessions printed differently:\n" + diff)
    if runs[0][1] != runs[1][1]:
        raise Failure("the guest's console differed between the two sessions")
