"""Beyond seed nic-based-reduction.txt (its Sec. IV-B and future work): NB vs HB reduction latency
on larger machines of the same nodes (binomial tree, up to 1,024 nodes) and for vectors of 1-64
elements on 16 nodes: where NB's advantage goes as the tree deepens and the message grows.
docs/reduction-experiments.md."""
import plotting
from _nic_reduction import ITERATIONS_HELP, MODES, SEED, TYPES, curves, factor, factor_curves, iterations, point, select
from experiment import Check, Experiment

NODES = {"quick": [16, 64], "full": [16, 64, 256, 1024]}
COUNTS = {"quick": [1, 8, 64], "full": [1, 2, 4, 8, 16, 32, 64]}
SETTINGS = {"iterations": 10}


def points(variant, s):
    it = iterations(variant, s, 5)
    out = [point(f"nodes-{m}-{t}-n{n}", "latency", m, t, n, it, part="nodes")
           for n in NODES[variant] for m in MODES for t in TYPES]
    out += [point(f"count-{m}-{t}-c{c}", "latency", m, t, 16, it, count=c, part="count")
            for c in COUNTS[variant] for m in MODES for t in TYPES]
    return out


def plot(rows, settings, png, variant):
    fig, axes = plotting.figure(4, "Beyond the seed: larger machines and vectors (nic-based-reduction)")
    curves(axes[0], rows, "nodes", "latency_us", part="nodes")
    axes[0].set_xscale("log", base=2)
    axes[0].set_xlabel("nodes (binomial)")
    axes[0].set_ylabel("latency (us)")
    factor_curves(axes[1], rows, "nodes", "latency_us", part="nodes")
    axes[1].set_xscale("log", base=2)
    axes[1].set_xlabel("nodes")
    curves(axes[2], rows, "count", "latency_us", part="count")
    axes[2].set_xscale("log", base=2)
    axes[2].set_xlabel("elements (16 nodes)")
    factor_curves(axes[3], rows, "count", "latency_us", part="count")
    axes[3].set_xscale("log", base=2)
    axes[3].set_xlabel("elements")
    plotting.save(fig, png)


def holds_with_size(rows):
    ns = sorted({r["nodes"] for r in select(rows, part="nodes")})
    f = [factor(rows, "latency_us", "int", part="nodes", nodes=n) for n in (ns[0], ns[-1])]
    return f[1] >= f[0] * 0.9, f"int HB/NB: {f[0]:.2f} at {ns[0]} nodes, {f[1]:.2f} at {ns[-1]}"


def vectors_erode_float(rows):
    cs = sorted({r["count"] for r in select(rows, part="count")})
    f = [factor(rows, "latency_us", "float", part="count", count=c) for c in (cs[0], cs[-1])]
    return f[1] < f[0], f"float HB/NB on 16 nodes: {f[0]:.2f} at {cs[0]} element(s), {f[1]:.2f} at {cs[-1]}"


EXPERIMENT = Experiment(
    name="nic-reduction-scale", seed=SEED, figure="beyond Fig. 2",
    title="NB vs HB reduction latency on 16-1,024 nodes and for vectors of 1-64 elements",
    varies="nodes 16-1024 (binomial) and elements 1-64 on 16 nodes x NB/HB x int/float",
    paper_finding="The seed expects NB to stay ahead on larger systems (the binomial tree deepens by one level per "
                  "doubling) and leaves vectors of up to 64 elements to future work.",
    points=points, plot=plot, settings=dict(SETTINGS), setting_help={"iterations": ITERATIONS_HELP},
    checks=[Check("NB's advantage holds as the machine grows (int)", holds_with_size),
            Check("long float vectors erode NB's advantage (SoftFloat on the 133 MHz NIC)", vectors_erode_float)],
    expected_seconds={"quick": 60, "full": 1800},
    notes="each NB level folds the whole vector in software on the NIC (float64 add through SoftFloat costs "
          "hundreds of NIC cycles per element), each HB level uses the host's FPU; see docs/reduction-experiments.md",
)
