"""Seed ioat-async-copy-engine.txt, Fig. 6: overlap of a copy with computation, (a) hot and (b) cold
cache: overlap = (T_copy + T_compute - T_total) / T_copy with T_compute = 1.5 T_copy."""
import plotting
from _ioat import SETTING_CHOICES, ADCE1, ADCE4, COPY_CURVES, MEMCPY, SEED, SETTING_HELP, SETTINGS, point, pid, powers
from experiment import Check, Claim, Experiment, series

CACHES = [("a", "hot"), ("b", "cold")]


def sizes(variant):
    return [1 << 10, 16 << 10, 256 << 10, 4 << 20] if variant == "quick" else powers(1 << 10, 4 << 20, 4)


def points(variant, s):
    return [point("overlap", pid(params, cache), params, sizes(variant), s, cache=cache)
            for _, cache in CACHES for _, params, _ in COPY_CURVES]


def plot(rows, settings, png, variant):
    fig, axes = plotting.figure(2, "Computation-copy overlap (seed Fig. 6)")
    for ax, (letter, cache) in zip(axes, CACHES):
        curves = [(label, dict(where, cache=cache), style) for label, where, style in COPY_CURVES]
        plotting.lines(ax, rows, "size_B", "overlap_pct", curves)
        ax.set_ylim(-5, 105)
        ax.set_ylabel("Overlap (%)")
        ax.set_title(f"({letter}) {cache} cache", fontsize=10)
    axes[0].legend(fontsize=7)
    plotting.save(fig, png)


def curve(rows, c, cache):
    return series(rows, "size_B", "overlap_pct", cache=cache, **c[1])


def peak(rows, c, cache):
    return max(y for _, y in curve(rows, c, cache))


def rises(rows):
    seen, ok = [], True
    for cache in ("hot", "cold"):
        for label, where, _ in COPY_CURVES[1:]:
            ys = [y for _, y in curve(rows, (label, where), cache)]
            ok &= ys[-1] >= ys[0] + 10 and all(b >= a - 2 for a, b in zip(ys, ys[1:]))
            seen.append(f"{label} {cache} {ys[0]:.0f}->{ys[-1]:.0f}%")
    return ok, "; ".join(seen)


def high_hot(rows):
    p = peak(rows, ADCE4, "hot")
    return p >= 70, f"ADCE 4 ch peak {p:.0f}% hot"


def cold_lower(rows):
    h, c = peak(rows, ADCE4, "hot"), peak(rows, ADCE4, "cold")
    return c < h - 10, f"ADCE 4 ch peak {h:.0f}% hot, {c:.0f}% cold"


# What an out-of-order core hides at the end of any call, blocking or not: the stores and the
# last instructions of the copy still in its window (64 entries) while the next code starts.
WINDOW_NS = 25


def cpu_none(rows):
    pts = [r for r in rows if r["method"] == "cpu"]
    worst = max(abs(r["overlap_pct"]) for r in pts)
    blocking = all(abs(r["overlap_pct"]) < 10 or abs(r["overlap_pct"]) * r["copy_ns"] / 100 < WINDOW_NS for r in pts)
    return blocking, f"memcpy overlap at most {worst:.1f}% (every point under 10% or under {WINDOW_NS} ns)"


EXPERIMENT = Experiment(
    name="ioat-overlap", seed=SEED, figure="Fig. 6",
    title="Overlap of a copy with computation, hot and cold cache",
    varies="size 1 KiB-4 MiB x memcpy / ADCE 1, 4 ch (kernel costs on, off) x hot / cold cache",
    paper_finding="memcpy never overlaps; the engine overlaps up to 92% (one channel) and 87% (four channels) "
                  "of a large copy with hot buffers, little for small ones (DMA start-up), and much less "
                  "with cold buffers (pinning, Fig. 7).",
    points=points, plot=plot, setting_choices=SETTING_CHOICES, settings=dict(SETTINGS), setting_help=SETTING_HELP,
    claims=[Claim("peak overlap, ADCE 1 ch, hot", 92, "%", lambda r: peak(r, ADCE1, "hot")),
            Claim("peak overlap, ADCE 4 ch, hot", 87, "%", lambda r: peak(r, ADCE4, "hot"))],
    checks=[Check("every engine curve rises with size (never falls by 2 points, gains 10 or more)", rises),
            Check("ADCE 4 ch overlaps at least 70% of a large hot copy", high_hot),
            Check("cold buffers overlap at least 10 points less than hot ones", cold_lower),
            Check("memcpy does not overlap (under 10%, or under 25 ns of a tiny copy)", cpu_none)],
    expected_seconds={"quick": 50, "full": 150},
    notes="overlap peaks higher (97-98%) because the modelled kernel's start-up (posting per-page descriptors) is 2-5% of a large copy against the seed's 7%; cold buffers cost overlap only through pinning; see docs/ioat-experiments.md",
)
