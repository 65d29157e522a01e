"""Seed ioat-async-copy-engine.txt, Fig. 9: IPC between two processes of one node -- (a) latency of
one message, (b) bandwidth of a window of messages -- by the copy engine (ADCEC), a kernel-assisted
memory-mapped copy (KAMMC), a user-space shared-memory copy (SHM) and NIC loopback (NLBC)."""
import plotting
from _ioat import SETTING_CHOICES, SEED, SETTING_HELP, SETTINGS, point, powers
from experiment import Check, Claim, Experiment, Point, value

WINDOW = 8  # messages in a row for the bandwidth (ioat-nlbc-host's WINDOW)
ADCEC = ("ADCEC (copy engine, 4 ch)", {"method": "adce", "channels": 4, "kernel": 1}, {"color": "tab:red", "marker": "^"})
ADCEC_BARE = ("ADCEC, no kernel costs", {"method": "adce", "channels": 4, "kernel": 0},
              {"color": "tab:red", "marker": "^", "linestyle": "--", "mfc": "none"})
KAMMC = ("KAMMC (kernel-assisted copy)", {"method": "kamm", "channels": 1, "kernel": 1}, {"color": "tab:blue", "marker": "s"})
SHM = ("SHM (two copies, shared buffer)", {"method": "shm", "channels": 1, "kernel": 0}, {"color": "tab:green", "marker": "o"})
NLBC = ("NLBC (NIC loopback)", {"method": "nlbc"}, {"color": "black", "marker": "D"})
CURVES = [ADCEC, KAMMC, NLBC, SHM, ADCEC_BARE]


def sizes(variant):
    return [64 << 10, 4 << 20] if variant == "quick" else powers(1 << 10, 4 << 20, 4)


def nlbc_point(s):
    """The NIC path needs the multi-node machine's node, its host and its NIC.
    The host only posts commands and polls for completions here, so it runs the functional model
    (the timed models would spend their time simulating the polling loop)."""
    command = ["{pimnic}", "run", "--machine", "table1-conv", "--set", "machine.nodes=1",
               "--set", "host.core.model=functional",
               "--set", f"dma.bandwidth={s['nic_dma_bytes_per_s']}", "--out", "{raw}",
               "--image", "n0.host={firmware}/ioat-nlbc-host.elf", "--image", "n0.nic={firmware}/ioat-nlbc-nic.elf"]
    return Point("nlbc", command, dict(NLBC[1]))


def points(variant, s):
    pts = []
    for _, params, _ in (ADCEC, ADCEC_BARE, KAMMC, SHM):
        for window in (1, WINDOW):
            pid = f"{params['method']}{'k' if params['kernel'] else 'b'}-w{window}"
            pts.append(point("ipc", pid, params, sizes(variant), s, window=window))
    return pts + [nlbc_point(s)]


def plot(rows, settings, png, variant):
    fig, (lat, bw) = plotting.figure(2, "IPC between two processes of one node (seed Fig. 9)")
    plotting.lines(lat, rows, "size_B", "latency_ns", [(l, dict(w, messages=1), st) for l, w, st in CURVES], 1e-3)
    lat.set_yscale("log")
    lat.set_ylabel("Latency (us)")
    lat.set_title("(a) latency", fontsize=10)
    plotting.lines(bw, rows, "size_B", "bandwidth_MBps", [(l, dict(w, messages=WINDOW), st) for l, w, st in CURVES])
    bw.set_ylabel("Bandwidth (MB/s)")
    bw.set_title(f"(b) bandwidth, {WINDOW} messages in a row", fontsize=10)
    lat.legend(fontsize=7)
    plotting.save(fig, png)


def at(rows, curve, col, messages, size=4 << 20):
    return value(rows, col, size_B=size, messages=messages, **curve[1])


def bw_ratio(rows):
    return at(rows, ADCEC, "bandwidth_MBps", WINDOW) / at(rows, KAMMC, "bandwidth_MBps", WINDOW)


def engine_fastest(rows):
    a = at(rows, ADCEC, "latency_ns", 1)
    others = {c[0].split()[0]: at(rows, c, "latency_ns", 1) for c in (KAMMC, NLBC, SHM)}
    return all(a < o for o in others.values()), f"4 MiB: ADCEC {a / 1e3:.0f} us, " + ", ".join(
        f"{k} {v / 1e3:.0f} us" for k, v in others.items())


def kamm_wins_in_cache(rows):
    small = min(r["size_B"] for r in rows if r["size_B"] >= 16 << 10 and r["method"] == "kamm")
    k, a = at(rows, KAMMC, "bandwidth_MBps", WINDOW, small), at(rows, ADCEC, "bandwidth_MBps", WINDOW, small)
    return k > a, f"{small >> 10} KiB: KAMMC {k:.0f} MB/s, ADCEC {a:.0f} MB/s"


def twice_kamm(rows):
    r = bw_ratio(rows)
    return r >= 1.5, f"ADCEC / KAMMC bandwidth at 4 MiB = {r:.2f}"


EXPERIMENT = Experiment(
    name="ioat-ipc", seed=SEED, figure="Fig. 9",
    title="IPC latency and bandwidth on one node: copy engine, kernel-assisted copy, shared memory, NIC loopback",
    varies="size 1 KiB-4 MiB x ADCEC (kernel costs on, off) / KAMMC / SHM / NLBC x 1 message / 8 in a row",
    paper_finding="at 4 MB ADCEC takes 2954 us, KAMMC 5803 us and NLBC 14333 us; KAMMC has the best bandwidth "
                  "while the buffers fit in the cache (8191 MB/s up to 256 KB), beyond 1 MB ADCEC reaches 2932 MB/s, "
                  "about twice KAMMC (1438) and four times NLBC (720).",
    points=points, plot=plot, setting_choices=SETTING_CHOICES, settings=dict(SETTINGS, nic_dma_bytes_per_s=1.064e9),
    setting_help=dict(SETTING_HELP, nic_dma_bytes_per_s="NLBC: the NIC's DMA rate (the seed's 64-bit 133 MHz PCI-X)"),
    claims=[Claim("ADCEC latency at 4 MB", 2954, "us", lambda r: at(r, ADCEC, "latency_ns", 1) / 1e3),
            Claim("KAMMC latency at 4 MB", 5803, "us", lambda r: at(r, KAMMC, "latency_ns", 1) / 1e3),
            Claim("NLBC latency at 4 MB", 14333, "us", lambda r: at(r, NLBC, "latency_ns", 1) / 1e3),
            Claim("ADCEC bandwidth at 4 MB", 2932, "MB/s", lambda r: at(r, ADCEC, "bandwidth_MBps", WINDOW)),
            Claim("KAMMC bandwidth at 4 MB", 1438, "MB/s", lambda r: at(r, KAMMC, "bandwidth_MBps", WINDOW)),
            Claim("NLBC bandwidth at 4 MB", 720, "MB/s", lambda r: at(r, NLBC, "bandwidth_MBps", WINDOW)),
            Claim("ADCEC / KAMMC bandwidth at 4 MB", 2932 / 1438, "x", bw_ratio)],
    checks=[Check("at 4 MiB ADCEC has the lowest latency", engine_fastest),
            Check("in the cache KAMMC has more bandwidth than ADCEC", kamm_wins_in_cache),
            Check("at 4 MiB ADCEC has at least 1.5x KAMMC's bandwidth", twice_kamm)],
    expected_seconds={"quick": 60, "full": 240},
    notes="one host core runs both processes' steps; memcpy-based KAMMC and SHM are slower beyond the cache than the seed's, NLBC faster (two DMA engines at the PCI-X rate at once, no interrupts); see docs/ioat-experiments.md",
)
