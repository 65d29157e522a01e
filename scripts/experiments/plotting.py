"""Plot helpers shared by the definitions: the seeds' figures are mostly lines over message sizes."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FixedLocator, MaxNLocator, NullFormatter, NullLocator  # noqa: E402

from experiment import series  # noqa: E402


def size_label(n: int) -> str:
    for unit, div in (("M", 1 << 20), ("K", 1 << 10)):
        if n >= div and n % div == 0:
            return f"{n // div}{unit}"
    return str(n)


def size_axis(ax, sizes):
    """A log2 x axis labelled with the message sizes, as the seeds draw them."""
    sizes = sorted(set(sizes))
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_locator(FixedLocator(sizes))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_xticklabels([size_label(s) for s in sizes], rotation=45 if len(sizes) > 6 else 0)
    ax.set_xlabel("Message size (bytes)")


RATIO_TICKS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100]


def ratio_axis(ax):
    """A log y axis for a ratio, labelled 0.1, 0.2, 0.5, 1, 2, 5, 10, 20 (not 10^-1), with a line at 1."""
    ax.set_yscale("log")
    ax.yaxis.set_major_locator(FixedLocator(RATIO_TICKS))
    ax.yaxis.set_minor_locator(NullLocator())
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.set_yticklabels([f"{t:g}" for t in RATIO_TICKS])
    ax.axhline(1, color="grey", lw=0.8)


def integer_axis(axis):
    """Ticks on whole numbers only (thread counts, cores): ax.yaxis or ax.xaxis."""
    axis.set_major_locator(MaxNLocator(integer=True))


def palette(n: int):
    """n colours in order (e.g. for queue lengths), dark to mid-green: viridis without its pale
    yellow end, which cannot be seen on white."""
    return plt.cm.viridis([0.75 * i / max(1, n - 1) for i in range(n)])


def lines(ax, rows, x, y, curves, scale=1.0):
    """curves: [(label, {column: value}, style dict)]; draws y*scale over x for each."""
    xs = []
    for label, where, style in curves:
        pts = series(rows, x, y, **where)
        if not pts:
            continue
        xs += [p[0] for p in pts]
        ax.plot([p[0] for p in pts], [p[1] * scale for p in pts], label=label, **style)
    if xs:
        size_axis(ax, xs)
    ax.grid(True, alpha=0.3)


def figure(panels: int, title: str, width_per_panel=4.6, height=3.8):
    fig, axes = plt.subplots(1, panels, figsize=(width_per_panel * panels, height), squeeze=False)
    fig.suptitle(title, fontsize=11)
    return fig, list(axes[0])


def save(fig, png):
    fig.tight_layout()
    fig.savefig(png, dpi=110, metadata={"Software": None})
    plt.close(fig)
