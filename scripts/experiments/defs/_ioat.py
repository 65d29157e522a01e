"""Shared by the I/OAT copy-engine experiments (seed ioat-async-copy-engine.txt, Figs. 4-9):
the benchmark image (firmware/ioat-bench), the machine, the kernel-module model's settings and
the curves. docs/ioat-experiments.md says what is modelled and where pimnic's shape differs."""
from experiment import Point

SEED = "ioat-async-copy-engine.txt"
IMAGE = "{firmware}/ioat-bench.elf"

# The machine and the kernel-module model; every one can be changed with --set.
SETTINGS = {
    "model": "ooo",            # host core timing model (the seed's Xeon is out of order)
    "l2_bytes": 2 << 20,       # the seed's machine: 2 MB L2 (pimnic's host preset has 512 KiB)
    # The seed's Xeon has an L2 stream prefetcher (8 streams, 256 bytes ahead: Intel's IA-32
    # Optimization Reference Manual, 248966-013, 2006; the copy-host preset has it). Off here:
    # with it, memcpy beyond the cache streams at the seed's Fig. 5 rate, but the seed's single
    # cold copies (Fig. 4c) run at about half that and Fig. 4's shape no longer holds; see
    # docs/ioat-experiments.md ("prefetcher").
    "prefetch_streams": 0,
    # The seed's X7DB8+ (Intel 5000P): one 1066 MT/s, 64-bit front-side bus per processor, 8.5 GB/s,
    # so a 64-byte line holds the bus 7.5 ns = 15 cycles of pimnic's 2 GHz host core (the data
    # bus time of every DRAM access the CPU makes; the four FB-DIMM channels, 21 GB/s, are wider).
    "dram_burst": 15,
    "syscall_ns": 250,         # one user/kernel crossing and back (adma_* calls an ioctl)
    "pin_ns": 500,             # pinning one 4 KiB page (get_user_pages; "order of us", section 3.5)
    "region_bytes": 16 << 20,  # cold cache: copies move through two regions this large (seed: 64 MB)
}
SETTING_HELP = {
    "model": "timing model of the host core: inorder or ooo",
    "l2_bytes": "L2 cache size in bytes (the seed's machine has 2 MB)",
    "prefetch_streams": "streams the L2's hardware prefetcher follows (0: none; the seed's Xeon: 8)",
    "dram_burst": "host core cycles a 64-byte line holds the memory bus (the seed's 1066 MT/s FSB: 15 at 2 GHz)",
    "syscall_ns": "CPU time of one user/kernel crossing in the modelled kernel module",
    "pin_ns": "CPU time to pin one 4 KiB page in the modelled kernel module",
    "region_bytes": "size of each of the two regions cold-cache copies move through",
}

SETTING_CHOICES = {"model": ["inorder", "ooo"]}

# (label, point parameters, matplotlib style). 'kernel' 1: the seed's kernel-module costs
# modelled (syscall, pinning, per-page descriptors); 0: user space posts to pimnic's engine.
MEMCPY = ("libc memcpy (CPU)", {"method": "cpu", "channels": 1, "kernel": 0}, {"color": "black", "marker": "o"})
ADCE1 = ("ADCE 1 channel", {"method": "adce", "channels": 1, "kernel": 1}, {"color": "tab:blue", "marker": "s"})
ADCE4 = ("ADCE 4 channels", {"method": "adce", "channels": 4, "kernel": 1}, {"color": "tab:red", "marker": "^"})
ADCE1_BARE = ("ADCE 1 ch, no kernel costs", {"method": "adce", "channels": 1, "kernel": 0},
              {"color": "tab:blue", "marker": "s", "linestyle": "--", "mfc": "none"})
ADCE4_BARE = ("ADCE 4 ch, no kernel costs", {"method": "adce", "channels": 4, "kernel": 0},
              {"color": "tab:red", "marker": "^", "linestyle": "--", "mfc": "none"})
COPY_CURVES = [MEMCPY, ADCE1, ADCE4, ADCE1_BARE, ADCE4_BARE]


def powers(lo: int, hi: int, step: int = 2) -> list:
    out, n = [], lo
    while n <= hi:
        out.append(n)
        n *= step
    return out


def sizes_arg(sizes) -> str:
    return ",".join(str(s) for s in sizes)


def point(test: str, pid: str, params: dict, sizes, settings: dict, **extra) -> Point:
    """One run of ioat-bench TEST with the curve's parameters over the sizes."""
    s = settings
    args = ["--method", params["method"], "--channels", str(params.get("channels", 1)),
            "--kernel", str(params.get("kernel", 0)), "--syscall-ns", str(s["syscall_ns"]),
            "--pin-ns", str(s["pin_ns"]), "--region", str(s["region_bytes"])]
    for k, v in extra.items():
        args += ["--" + k.replace("_", "-"), str(v)]
    command = ["{pimnic}", "run", IMAGE, "--model", s["model"], "--set", f"mem.l2.size={s['l2_bytes']}",
               "--set", f"mem.l2.prefetch_streams={s['prefetch_streams']}",
               "--set", f"mem.dram.burst={s['dram_burst']}",
               "--out", "{raw}", "--", test] + args + ["--sizes", sizes_arg(sizes)]
    return Point(pid, command, dict(params, **{k: v for k, v in extra.items() if k != "iters"}))


def pid(params: dict, *more) -> str:
    name = params["method"] + (f"{params['channels']}{'k' if params.get('kernel') else 'b'}"
                               if params["method"] == "adce" else "")
    return "-".join([name] + [str(m) for m in more])
