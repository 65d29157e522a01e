"""Helpers for the gdb stub tests: start `pimnic ... --gdb 0` (an ephemeral port, read back from
its stderr), drive gdb-multiarch in batch mode or over GDB/MI, talk raw RSP over a socket, and
check output with regular expressions. Every wait has a timeout so that a broken stub fails the
test instead of hanging CI."""
import os
import re
import select
import socket
import subprocess
import time

PORT_RE = re.compile(r"gdb server listening on 127\.0\.0\.1:(\d+)")


class Failure(Exception):
    pass


class Pimnic:
    """A pimnic process serving gdb. Use as a context manager: it is killed on exit."""

    def __init__(self, pimnic, args, timeout=20):
        self.proc = subprocess.Popen([pimnic] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     stdin=subprocess.DEVNULL)
        self.stderr_lines = []
        self.port = None
        deadline = time.time() + timeout
        while self.port is None:
            if time.time() > deadline:
                self.kill()
                raise Failure("pimnic did not print its gdb port; stderr: " + "".join(self.stderr_lines))
            r, _, _ = select.select([self.proc.stderr], [], [], 0.5)
            if r:
                line = self.proc.stderr.readline().decode(errors="replace")
                if not line and self.proc.poll() is not None:
                    raise Failure(f"pimnic exited ({self.proc.returncode}) before serving: " + "".join(self.stderr_lines))
                self.stderr_lines.append(line)
                m = PORT_RE.search(line)
                if m:
                    self.port = int(m.group(1))

    def wait(self, timeout=30):
        """Exit status, stdout and the rest of stderr once pimnic ends."""
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise Failure(f"pimnic did not end within {timeout} s")
        return self.proc.returncode, out.decode(errors="replace"), "".join(self.stderr_lines) + err.decode(errors="replace")

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.communicate()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.kill()


def run_gdb(gdb, image, port, commands, timeout=60, extra=(), connect="remote"):
    """gdb-multiarch -batch: load image, connect (target remote, or extended-remote for machines
    with several processes), run the commands. Returns stdout+stderr."""
    args = [gdb, "-nx", "-batch", "-ex", "set pagination off", "-ex", "set confirm off", "-ex", "set width 0"]
    args += list(extra)
    if image:
        args += ["-ex", f"file {image}"]
    args += ["-ex", f"target {connect} 127.0.0.1:{port}"]
    for c in commands:
        args += ["-ex", c]
    try:
        # One stream, so that errors (stderr) stay in order with the rest.
        r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        raise Failure(f"gdb did not finish within {timeout} s; output so far:\n{out}")
    return r.stdout


def expect(text, *patterns, what="gdb output"):
    """Each regex must match somewhere in text, in the order given."""
    pos = 0
    for p in patterns:
        m = re.compile(p, re.M).search(text, pos)
        if not m:
            raise Failure(f"{what}: no match for /{p}/ after offset {pos} in:\n{text}")
        pos = m.end()


def reject(text, *patterns, what="gdb output"):
    for p in patterns:
        m = re.search(p, text, re.M)
        if m:
            raise Failure(f"{what}: unexpected /{p}/ ({m.group(0)!r}) in:\n{text}")


class Rsp:
    """A raw Remote Serial Protocol client, for the robustness tests."""

    def __init__(self, port, timeout=10):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.timeout = timeout
        self.buf = b""

    def send_raw(self, data):
        self.sock.sendall(data)

    def packet(self, payload):
        if isinstance(payload, str):
            payload = payload.encode()
        return b"$" + payload + b"#%02x" % (sum(payload) & 0xFF)

    def send(self, payload):
        self.send_raw(self.packet(payload))

    def _fill(self):
        r, _, _ = select.select([self.sock], [], [], self.timeout)
        if not r:
            raise Failure(f"no answer within {self.timeout} s (have {self.buf!r})")
        data = self.sock.recv(65536)
        if not data:
            raise EOFError
        self.buf += data

    def read_ack(self):
        while not self.buf:
            self._fill()
        c, self.buf = self.buf[:1], self.buf[1:]
        return c

    def read_packet(self):
        """The next packet's payload (acks before it are skipped); acknowledges it."""
        while True:
            i = self.buf.find(b"$")
            j = self.buf.find(b"#", i + 1) if i >= 0 else -1
            if i >= 0 and j >= 0 and len(self.buf) >= j + 3:
                payload = self.buf[i + 1:j]
                self.buf = self.buf[j + 3:]
                return payload.decode(errors="replace")
            self._fill()

    def command(self, payload):
        self.send(payload)
        reply = self.read_packet()
        self.send_raw(b"+")
        return reply

    def close(self):
        self.sock.close()
