"""What the NIC-based reduction experiments (seed nic-based-reduction.txt, Figs. 2-7) share: the
benchmark's command line (firmware/bench/reduce_bench.c under `pimnic mpirun --machine myrinet16
--nic conv`), its rows, and the measures. NB is MPI_Reduce on the NIC (the offload transport's
Transport::reduce); HB is the benchmark's own reduction over MPI_Send/MPI_Recv on the same tree.
docs/reduction-experiments.md compares every number with the seed's."""
from experiment import Point, select, table_rows

SEED = "nic-based-reduction.txt"
BENCH = "{firmware}/bench/reduce_bench"
MODES = ("nb", "hb")
TYPES = ("int", "float")
ITERATIONS_HELP = "timed reductions per point after one warm-up (the seed: 10,000)"
STYLE = {("nb", "int"): dict(color="tab:blue", marker="o", label="NB int"),
         ("nb", "float"): dict(color="tab:blue", marker="s", ls="--", label="NB float"),
         ("hb", "int"): dict(color="tab:red", marker="o", label="HB int"),
         ("hb", "float"): dict(color="tab:red", marker="s", ls="--", label="HB float")}


def point(pid, test, mode, type_, nodes, iterations, tree="binomial", count=1, delay_us=None, **params):
    """One run of the benchmark: `test` latency|cpu, on `nodes` nodes of the seed's machine."""
    args = [test, mode, type_, str(iterations), str(count)]
    if delay_us is not None:
        args += [str(delay_us), "1"]
    command = ["{pimnic}", "mpirun", "-n", str(nodes), "--machine", "myrinet16", "--nic", "conv", "--out", "{raw}",
               "-x", f"PIMNIC_REDUCE_TREE={tree}", BENCH] + args
    return Point(pid, command, {"mode": mode, "type": type_, "tree": tree, **params}, table_rows("nodes"))


def get(rows, column, **where):
    found = [r[column] for r in select(rows, **where) if column in r]
    return found[0] if found else None


def factor(rows, column, type_, **where):
    """HB / NB (the seed's factor of improvement: above 1, NB is better)."""
    hb, nb = get(rows, column, mode="hb", type=type_, **where), get(rows, column, mode="nb", type=type_, **where)
    return hb / nb if hb and nb else None


def slope(rows, x, y, **where):
    """Least-squares slope of y against x over the matching rows."""
    pts = sorted((r[x], r[y]) for r in select(rows, **where) if x in r and y in r)
    if len(pts) < 2:
        return None
    n = len(pts)
    mx, my = sum(p[0] for p in pts) / n, sum(p[1] for p in pts) / n
    sxx = sum((p[0] - mx) ** 2 for p in pts)
    return sum((p[0] - mx) * (p[1] - my) for p in pts) / sxx if sxx else None


def curves(ax, rows, x, y, **where):
    """The four NB/HB x int/float lines."""
    for (mode, type_), style in STYLE.items():
        pts = sorted((r[x], r[y]) for r in select(rows, mode=mode, type=type_, **where) if x in r and y in r)
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], ms=4, **style)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)


def factor_curves(ax, rows, x, y, **where):
    """HB / NB for int and float against x."""
    for type_, marker in (("int", "o"), ("float", "s")):
        xs = sorted({r[x] for r in select(rows, type=type_, **where) if x in r})
        pts = [(v, factor(rows, y, type_, **{x: v}, **where)) for v in xs]
        pts = [p for p in pts if p[1] is not None]
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=marker, label=type_)
    ax.axhline(1, color="black", lw=0.8)
    ax.set_ylabel("factor of improvement (HB / NB)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)


def iterations(variant, s, quick_most=10):
    """The setting's iterations; the quick variant runs at most quick_most."""
    return s["iterations"] if variant == "full" else min(s["iterations"], quick_most)


def sweep(test, xs, make):
    """Points over xs[variant] x NB/HB x int/float: make(x) gives (id suffix, nodes, point keywords)."""
    def points(variant, s):
        out = []
        for x in xs[variant]:
            suffix, nodes, kw = make(x)
            out += [point(f"{m}-{t}-{suffix}", test, m, t, nodes, iterations(variant, s), **kw)
                    for m in MODES for t in TYPES]
        return out
    return points


def nodes_plot(column, title, ylabel, panel_a):
    """Fig. 2 and 5's layout: (a) the four lines against the nodes, (b) the factor of improvement."""
    def plot(rows, settings, png, variant):
        import plotting
        fig, axes = plotting.figure(2, title)
        curves(axes[0], rows, "nodes", column)
        axes[0].set_xlabel("nodes")
        axes[0].set_ylabel(ylabel)
        axes[0].set_title(f"(a) {panel_a}", fontsize=10)
        factor_curves(axes[1], rows, "nodes", column)
        axes[1].set_xlabel("nodes")
        axes[1].set_title("(b) factor of improvement", fontsize=10)
        plotting.save(fig, png)
    return plot


def latency_plot(x, xlabel, title):
    """Fig. 3 and 4's layout: one panel, latency against x."""
    def plot(rows, settings, png, variant):
        import plotting
        fig, axes = plotting.figure(1, title)
        curves(axes[0], rows, x, "latency_us")
        axes[0].set_xlabel(xlabel)
        axes[0].set_ylabel("latency (us)")
        plotting.save(fig, png)
    return plot
