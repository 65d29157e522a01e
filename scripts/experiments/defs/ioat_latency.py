"""Seed ioat-async-copy-engine.txt, Fig. 4: copy latency of libc memcpy and the copy engine (ADCE)
with one and four channels -- (a) small messages, hot cache; (b) small messages, cold cache;
(c) large messages, cold cache."""
import plotting
from _ioat import SETTING_CHOICES, ADCE1, ADCE4, COPY_CURVES, MEMCPY, SEED, SETTING_HELP, SETTINGS, point, pid, powers
from experiment import Check, Claim, Experiment, value

PANELS = [("a", "small", "hot"), ("b", "small", "cold"), ("c", "large", "cold")]


def sizes(panel: str, variant: str) -> list:
    if panel == "small":
        return powers(1 << 10, 256 << 10, 4 if variant == "quick" else 2)
    return [1 << 20, 4 << 20] if variant == "quick" else powers(512 << 10, 8 << 20)


def points(variant, s):
    return [point("latency", pid(params, panel, cache), dict(params, panel=panel), sizes(panel, variant), s, cache=cache)
            for _, panel, cache in PANELS for _, params, _ in COPY_CURVES]


def plot(rows, settings, png, variant):
    fig, axes = plotting.figure(3, "Copy latency: CPU memcpy vs. copy engine (seed Fig. 4)")
    for ax, (letter, panel, cache) in zip(axes, PANELS):
        curves = [(label, dict(where, panel=panel, cache=cache), style) for label, where, style in COPY_CURVES]
        plotting.lines(ax, rows, "size_B", "latency_ns", curves, scale=1e-3)
        ax.set_ylabel("Latency (us)")
        ax.set_title(f"({letter}) {panel} messages, {cache} cache", fontsize=10)
        if panel == "large":
            ax.set_yscale("log")
    axes[0].legend(fontsize=7)
    plotting.save(fig, png)


def lat(rows, curve, panel, cache, size):
    return value(rows, "latency_ns", panel=panel, cache=cache, size_B=size, **curve[1])


def gain_at_4m(rows):
    return (1 - lat(rows, ADCE4, "large", "cold", 4 << 20) / lat(rows, MEMCPY, "large", "cold", 4 << 20)) * 100


def crossover(rows, curve):
    """The smallest cold small-message size from which the engine stays faster than memcpy."""
    sizes_seen = sorted({r["size_B"] for r in rows if r.get("panel") == "small" and r.get("cache") == "cold"})
    best = None
    for n in reversed(sizes_seen):
        if lat(rows, curve, "small", "cold", n) < lat(rows, MEMCPY, "small", "cold", n):
            best = n
        else:
            break
    return best


def memcpy_wins_hot(rows):
    hot = [r for r in rows if r.get("cache") == "hot" and r["method"] == "cpu"]
    losses = [r["size_B"] for r in hot if lat(rows, ADCE4, "small", "hot", r["size_B"]) < r["latency_ns"]]
    return not losses, f"ADCE 4 ch faster at {losses or 'no size'}"


def engine_wins_large(rows):
    g = gain_at_4m(rows)
    return g >= 25, f"ADCE 4 ch {g:.0f}% below memcpy at 4 MiB (cold)"


def four_beat_one(rows):
    a1, a4 = lat(rows, ADCE1, "large", "cold", 4 << 20), lat(rows, ADCE4, "large", "cold", 4 << 20)
    return a4 < a1, f"4 MiB: 1 ch {a1 / 1e3:.0f} us, 4 ch {a4 / 1e3:.0f} us"


def cold_crossover(rows):
    n = crossover(rows, ADCE4)
    return n is not None and n <= 256 << 10, f"ADCE 4 ch faster than memcpy from {n} B (cold)"


EXPERIMENT = Experiment(
    name="ioat-latency", seed=SEED, figure="Fig. 4",
    title="Copy latency, memcpy vs. the copy engine with 1 and 4 channels: small hot, small cold, large cold",
    varies="size 1 KiB-8 MiB x memcpy / ADCE 1, 4 ch (kernel costs on, off) x hot / cold cache",
    paper_finding="memcpy wins for every small size while the buffers are cached (a); with cold buffers "
                  "four channels win from 16 KB (b); at 4 MB four channels cut the latency by 50% (c), and "
                  "four channels beat one.",
    points=points, plot=plot, setting_choices=SETTING_CHOICES, settings=dict(SETTINGS), setting_help=SETTING_HELP,
    claims=[Claim("latency reduction at 4 MB, ADCE 4 ch vs memcpy, cold", 50, "%", gain_at_4m),
            Claim("cold size from which ADCE 4 ch beats memcpy", 16384, "B", lambda r: crossover(r, ADCE4))],
    checks=[Check("hot cache: memcpy beats ADCE 4 ch at every small size", memcpy_wins_hot),
            Check("cold: ADCE 4 ch at least 25% below memcpy at 4 MiB", engine_wins_large),
            Check("cold: 4 channels faster than 1 at 4 MiB", four_beat_one),
            Check("cold: ADCE 4 ch overtakes memcpy at or below 256 KiB", cold_crossover)],
    expected_seconds={"quick": 30, "full": 90},
    notes="memcpy beyond the cache misses without the Xeon's prefetcher, which matches the seed's cold copies at 4 MB; the engine wins from 4 KiB instead of 16 KB (the seed's small cold copies are slower than pimnic's); see docs/ioat-experiments.md",
)
