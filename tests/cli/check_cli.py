#!/usr/bin/env python3
"""The command line's conventions (docs/traces.md, "Run output"), one case per run:

  version            `pimnic --version` is `git describe` of the source tree
  unknown_command    `pimnic bogus` names the subcommand it does not know
  bad_options        one-line refusals (exit 2): a directory as image, --max-insts -5, a timeline
                     with options, bad --max-sim-time values
  profile            an image built for another profile is refused (exit 2); one whose profile
                     note is gone faults in its exception entry and stops with a message
  outputs_checked    outputs that cannot be created stop the run before it starts (exit 2);
                     one that fails when written at the end is exit 2 too
  sim_time_limit     --max-sim-time: exit 4 and a message (run, machine, linux)
  list_params        --list-params shows a machine preset's values; plain run lists machine ones
  config             config.json: version, command line, images, written when the run starts
  interrupt          SIGINT/SIGTERM: exit 130/143 after writing stats, config, valid traces and
                     timelines (one core, a machine, Linux mode)
  progress           --progress: lines with simulated time, instructions, MIPS, wall time (one
                     core, a machine, Linux mode); on a terminal by default, rewritten in place

usage: check_cli.py CASE PIMNIC IMAGES_DIR LINUX_HELLO SOURCE_DIR WORK_DIR
"""
import gzip
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, finish  # noqa: E402

CASE, PIMNIC, IMAGES, LINUX_HELLO, SOURCE, WORK = sys.argv[1:7]


def image(name):
    return os.path.join(IMAGES, name)


def pimnic(*args, timeout=120):
    return subprocess.run([PIMNIC, *args], capture_output=True, text=True, timeout=timeout)


def refused(args, message, what=None):
    """exit 2 and exactly one line on stderr matching message."""
    r = pimnic(*args)
    lines = r.stderr.strip().splitlines()
    check(r.returncode == 2 and len(lines) == 1 and re.search(message, lines[0]) is not None and not r.stdout,
          f"{what or ' '.join(args)}: exit {r.returncode}, stderr {r.stderr.strip()!r}")
    return r


def work(name):
    path = os.path.join(WORK, name)
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def case_version():
    r = pimnic("--version")
    git = subprocess.run(["git", "describe", "--tags", "--always", "--dirty"], cwd=SOURCE, capture_output=True,
                         text=True)
    want = git.stdout.strip() if git.returncode == 0 else "unknown"
    # The build wrote the version when pimnic was linked; a tree edited since may have become dirty.
    got = r.stdout.strip()
    check(r.returncode == 0 and got in (f"pimnic {want}", f"pimnic {want.removesuffix('-dirty')}",
                                        f"pimnic {want}-dirty"), f"--version: {got!r} (git describe: {want!r})")


def case_unknown_command():
    refused(["bogus"], r"^pimnic: unknown subcommand 'bogus' \(subcommands: run, linux, mpirun, disasm, trace-dump")
    refused(["bogus", "--version"], r"unknown subcommand 'bogus'")


def case_bad_options():
    refused(["run", IMAGES], r"is a directory, not an ELF file")
    refused(["run", image("hello.elf"), "--max-insts", "-5"], r"--max-insts: must not be negative, got -5")
    refused(["linux", "--max-insts", "-5", LINUX_HELLO], r"--max-insts: must not be negative, got -5")
    refused(["run", image("hello.elf"), "--ram-size", "-1"], r"--ram-size: must not be negative")
    refused(["run", image("hello.elf"), "--trace", "perfetto,zstd:x.json"],
            r"--trace perfetto,zstd:x\.json: a perfetto timeline takes no options \(zstd\)")
    refused(["run", image("hello.elf"), "--max-sim-time", "10xs"], r"--max-sim-time 10xs: unknown unit 'xs'")
    refused(["run", image("hello.elf"), "--max-sim-time", "-1ms"], r"--max-sim-time -1ms: must be between")
    refused(["run", image("hello.elf"), "--max-sim-time", "abc"], r"--max-sim-time abc: expected a time")


def case_profile():
    refused(["run", image("hello.elf"), "--core", "nic"],
            r"hello\.elf was built for the host profile and cannot run on a nic core")
    refused(["run", image("sdk-selftest-nic.elf"), "--core", "host"],
            r"sdk-selftest-nic\.elf was built for the nic profile and cannot run on a host core")
    refused(["run", image("hello.elf"), "--set", "core.profile=pim"], r"built for the host profile")
    d = work("profile")
    objcopy = shutil.which("llvm-objcopy-14") or shutil.which("llvm-objcopy")
    bogus, stripped = os.path.join(d, "bogus.elf"), os.path.join(d, "stripped.elf")
    note = os.path.join(d, "note")
    with open(note, "w") as f:
        f.write("bogus\0")
    subprocess.run([objcopy, "--update-section", ".pimnic.profile=" + note, image("hello.elf"), bogus], check=True)
    refused(["run", bogus], r"bogus\.elf: unknown profile 'bogus' in its \.pimnic\.profile section")
    # Without the note nothing tells: the host image boots on a NIC core, faults (its stack is
    # outside the NIC's RAM), and its exception entry faults on FP instructions the core lacks.
    subprocess.run([objcopy, "--remove-section", ".pimnic.profile", image("hello.elf"), stripped], check=True)
    start = time.time()
    r = pimnic("run", stripped, "--core", "nic", timeout=60)
    check(r.returncode in (132, 139) and re.search(r"unrecoverable program interrupt at 0x[0-9a-f]{8} .* in interrupt "
                                                   r"handling code", r.stderr) is not None and time.time() - start < 30,
          f"stripped host image on a nic core stops: exit {r.returncode}, {r.stderr.strip()!r}")


def case_outputs_checked():
    hello = image("hello.elf")
    for opt in ("--stats", "--stats-json"):
        refused(["run", hello, opt, "/nonexistent/s.txt"], r"cannot write /nonexistent/s\.txt")
        refused(["linux", opt, "/nonexistent/s.txt", LINUX_HELLO], r"cannot write /nonexistent/s\.txt")
    d = work("outputs")
    blocker = os.path.join(d, "file")
    open(blocker, "w").close()
    refused(["run", hello, "--out", blocker], r"--out .*file: not a directory")
    refused(["run", hello, "--out", os.path.join(blocker, "sub")], r"cannot create .*file/sub")
    refused(["run", hello, "--trace", "commit:/nonexistent/t.txt"], r"/nonexistent/t\.txt")
    refused(["run", hello, "--trace", "perfetto:/nonexistent/t.json"], r"/nonexistent/t\.json")
    refused(["run", "--machine", "table1-conv", "--image", "n*.host=" + image("pingpong-host.elf"),
             "--image", "n*.nic=" + image("pingpong-nic.elf"), "--stats", "/nonexistent/s.txt"],
            r"cannot write /nonexistent/s\.txt", "machine --stats /nonexistent/s.txt")
    if os.path.exists("/dev/full"):  # opens fine, every write fails: found when the stats are written
        for args in (["run", hello], ["linux", LINUX_HELLO]):
            opts = ["--stats", "/dev/full"]
            r = pimnic(*(args[:1] + opts + args[1:]))
            check(r.returncode == 2 and "cannot write /dev/full" in r.stderr,
                  f"{args[0]} --stats /dev/full: exit {r.returncode}, {r.stderr.strip()!r}")


def case_sim_time_limit():
    r = pimnic("run", image("hello.elf"), "--max-sim-time", "5us")
    check(r.returncode == 4 and re.search(r"stopped at 5 us of simulated time after \d+ instructions "
                                          r"\(--max-sim-time\)", r.stderr) is not None,
          f"run --max-sim-time 5us: exit {r.returncode}, {r.stderr.strip()!r}")
    d = work("simtime")
    stats = os.path.join(d, "s.txt")
    r = pimnic("run", "--machine", "table1-conv", "--image", "n*.host=" + image("pingpong-host.elf"),
               "--image", "n*.nic=" + image("pingpong-nic.elf"), "--max-sim-time", "20us", "--stats", stats)
    sim = float(re.search(r"^sim_seconds\s+(\S+)", open(stats).read(), re.M)[1]) if os.path.exists(stats) else 0
    check(r.returncode == 4 and "stopped at 20 us of simulated time" in r.stderr and 20e-6 <= sim < 20.2e-6,
          f"machine --max-sim-time 20us: exit {r.returncode}, sim_seconds {sim}, {r.stderr.strip()!r}")
    r = pimnic("linux", "--max-sim-time", "2us", LINUX_HELLO)
    check(r.returncode == 4 and "(--max-sim-time)" in r.stderr,
          f"linux --max-sim-time 2us: exit {r.returncode}, {r.stderr.strip()!r}")


def case_list_params():
    r = pimnic("run", "--list-params")
    text = r.stdout
    one_core, _, machine = text.partition("\n# pimnic run --machine")
    check(r.returncode == 0 and "core.profile = host" in one_core and "machine.nodes = " in machine and
          "net.link_latency_ns = " in machine and "nic.core.model = " in machine,
          "run --list-params lists one-core, then machine, network and NIC parameters")
    params = {}
    for name in ("default", "table1-conv", "table1-pim"):
        r = pimnic("run", "--machine", name, "--list-params")
        params[name] = dict(re.findall(r"^(\S+) = (\S+)", r.stdout, re.M))
    # table1-pim differs from the default machine: its NIC is the PIM one.
    check(params["table1-pim"].get("machine.nic") == "pim" and params["default"].get("machine.nic") != "pim",
          f"--machine table1-pim --list-params shows machine.nic = {params['table1-pim'].get('machine.nic')}")
    r = pimnic("run", "--machine", "table1-pim", "--list-params", "--set", "net.link_latency_ns=777")
    check(re.search(r"^net\.link_latency_ns = 777 \(default \S+\)", r.stdout, re.M) is not None,
          "--set shows in --list-params with the default beside it")


def case_config():
    d = work("config")
    r = pimnic("run", image("hello.elf"), "--out", d, "--max-insts", "100000")
    cfg = json.load(open(os.path.join(d, "config.json")))
    version = pimnic("--version").stdout.split()[1]
    check(cfg.get("pimnic_version") == version and cfg.get("command_line", [None])[1:3] == ["run", image("hello.elf")]
          and cfg["images"][0]["path"] == image("hello.elf") and cfg["images"][0]["profile"] == "host"
          and cfg["images"][0]["bytes"] == os.path.getsize(image("hello.elf")) and cfg["max_insts"] == 100000
          and cfg["params"]["core.profile"] == "host", f"run config.json: {json.dumps(cfg)[:300]}")
    d = work("config-machine")
    r = pimnic("run", "--machine", "table1-conv", "--image", "n*.host=" + image("pingpong-host.elf"),
               "--image", "n*.nic=" + image("pingpong-nic.elf"), "--out", d, "--max-insts", "20000")
    cfg = json.load(open(os.path.join(d, "config.json")))
    cores = sorted(i["core"] for i in cfg.get("images", []))
    check(cfg.get("machine") == "table1-conv" and cores == ["n0.host", "n0.nic", "n1.host", "n1.nic"] and
          "machine.nodes" in cfg["params"], f"machine config.json images {cores}")


def interrupt(args, sig, after, out_dir):
    """Start pimnic, send sig after `after` seconds (once its config.json exists), wait."""
    p = subprocess.Popen([PIMNIC, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 60
    while not os.path.exists(os.path.join(out_dir, "config.json")) and time.time() < deadline and p.poll() is None:
        time.sleep(0.05)
    check(os.path.exists(os.path.join(out_dir, "config.json")), f"config.json written when the run starts ({args[0]})")
    time.sleep(after)
    p.send_signal(sig)
    out, err = p.communicate(timeout=120)
    return p.returncode, out, err


def stats_ok(path):
    if not os.path.exists(path):
        return False
    text = open(path).read()
    return re.search(r"^sim_insts\s+\d+", text, re.M) is not None


def case_interrupt():
    # The ping-pong machine (its whole run takes far longer than the second before the signal).
    d = work("int-machine")
    code, out, err = interrupt(["run", "--machine", "table1-conv", "--image", "n*.host=" + image("pingpong-host.elf"),
                                "--image", "n*.nic=" + image("pingpong-nic.elf"), "--out", d,
                                "--trace", "perfetto:t.json"], signal.SIGINT, 1.0, d)
    check(code == 130 and re.search(r"interrupted by SIGINT at \S+ \S+ of simulated time after \d+ instructions",
                                    err) is not None, f"machine: exit {code}, {err.strip()!r}")
    check(stats_ok(os.path.join(d, "stats.txt")) and json.load(open(os.path.join(d, "stats.json"))),
          "machine: stats.txt and stats.json written")
    try:
        events = json.load(open(os.path.join(d, "t.json")))["traceEvents"]
        spans = [e for e in events if e["ph"] == "X"]
        check(len(spans) >= 2 and all(e["dur"] >= 0 for e in spans), f"machine: timeline is JSON, {len(spans)} spans")
    except (ValueError, KeyError, OSError) as e:
        check(False, f"machine: the timeline loads as JSON ({e})")
    # One core, traced with every kind: SIGTERM; the binary trace gets its end record.
    d = work("int-core")
    code, out, err = interrupt(["run", image("softfloat-bench-nic.elf"), "--out", d, "--model", "inorder",
                                "--trace", "binary:t.bin", "--trace", "commit,insts=1-1000:t.txt",
                                "--trace", "kanata:t.kanata.gz", "--trace", "perfetto:t.json"],
                               signal.SIGTERM, 0.5, d)
    check(code == 143 and "interrupted by SIGTERM" in err, f"one core: exit {code}, {err.strip()!r}")
    check(stats_ok(os.path.join(d, "stats.txt")), "one core: stats.txt written")
    dump = subprocess.run([PIMNIC, "trace-dump", os.path.join(d, "t.bin"), "-o", os.path.join(d, "dump.txt")],
                          capture_output=True, text=True)
    check(dump.returncode == 0 and "cut short" not in dump.stderr and "end record" not in dump.stderr,
          f"one core: the binary trace is complete ({dump.stderr.strip()!r})")
    json.load(open(os.path.join(d, "t.json")))
    sys.path.insert(0, os.path.join(SOURCE, "tests/timing"))
    import check_kanata
    try:
        ops, _ = check_kanata.parse(gzip.decompress(open(os.path.join(d, "t.kanata.gz"), "rb").read())
                                    .decode().split("\n")[:-1])
        retired = sum(1 for op in ops.values() if not op["flushed"])
        insts = json.load(open(os.path.join(d, "stats.json")))["sim_insts"]
        insts = int(insts["value"] if isinstance(insts, dict) else insts)
        check(retired == insts, f"one core: the Kanata log passes check_kanata's rules, {retired} retired = sim_insts")
    except (check_kanata.KanataError, OSError, ValueError) as e:
        check(False, f"one core: the Kanata log: {e}")
    # Linux mode.
    d = work("int-linux")
    code, out, err = interrupt(["linux", "--out", d, "--trace", "binary:t.bin", LINUX_HELLO], signal.SIGINT, 0.0, d)
    check(code in (0, 130), f"linux: exit {code} (0 if it ended first)")
    check(stats_ok(os.path.join(d, "stats.txt")), "linux: stats.txt written")


PROGRESS = r"pimnic: [\d.]+ [mun]?s simulated, [\d.]+ M instructions, [\d.]+ MIPS, [\d.]+ s wall"
PINGPONG = ["--machine", "table1-conv", "--image", "n*.host=" + image("pingpong-host.elf"),
            "--image", "n*.nic=" + image("pingpong-nic.elf")]


def progress_lines(stderr):
    return [l for l in stderr.splitlines() if " simulated, " in l]


def on_terminal(args, timeout=120):
    """Run pimnic with stderr on a pseudo-terminal; what it wrote there."""
    import pty
    master, slave = pty.openpty()
    p = subprocess.Popen([PIMNIC, *args], stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the child closed its end
            break
        if not chunk:
            break
        out += chunk
    p.wait(timeout=timeout)
    os.close(master)
    return p.returncode, out.decode(errors="replace")


def case_progress():
    d = work("progress")
    r = pimnic("run", image("softfloat-bench-nic.elf"), "--progress", "--max-sim-time", "50ms",
               "--stats", os.path.join(d, "s.txt"), "--trace", "commit,insts=1-2:/dev/null")
    lines = progress_lines(r.stderr)
    check(len(lines) >= 1 and all(re.fullmatch(PROGRESS, l) for l in lines),
          f"--progress into a pipe: {len(lines)} lines, e.g. {lines[:1]}")
    # A machine and Linux mode; the last line says where the run ended.
    r = pimnic("run", *PINGPONG, "--progress", "--max-sim-time", "100us")
    lines = progress_lines(r.stderr)
    check(r.returncode == 4 and lines and all(re.fullmatch(PROGRESS, l) for l in lines) and
          lines[-1].startswith("pimnic: 100 us simulated"), f"machine --progress: {lines[-1:]}")
    r = pimnic("linux", "--progress", LINUX_HELLO)
    lines = progress_lines(r.stderr)
    check(r.returncode == 0 and len(lines) == 1 and re.fullmatch(PROGRESS, lines[0]) is not None,
          f"linux --progress: {lines}")
    r = pimnic("run", *PINGPONG, "--max-sim-time", "100us")
    check(not progress_lines(r.stderr), "no progress line into a pipe without --progress")
    # On a terminal: one line rewritten in place (carriage return, erase to the end of the line),
    # erased at the end; --no-progress: none.
    code, text = on_terminal(["run", *PINGPONG, "--max-sim-time", "3ms"])
    shown = re.findall(r"\r(" + PROGRESS + r")\x1b\[K", text)
    after = text.rsplit("\r\x1b[K", 1)[-1]  # what follows the last erase
    check(code == 4 and shown and "simulated," not in after and "stopped at 3 ms of simulated time" in after,
          f"terminal: {len(shown)} progress updates in place, then erased ({text[-160:]!r})")
    code, text = on_terminal(["run", *PINGPONG, "--max-sim-time", "3ms", "--no-progress"])
    check(code == 4 and "simulated," not in text, f"terminal with --no-progress: {text.strip()!r}")


globals()["case_" + CASE]()
finish()
