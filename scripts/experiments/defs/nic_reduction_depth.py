"""Seed nic-based-reduction.txt, Fig. 3: latency of NB and HB reduction over a chain (a tree of
degree 1) of depth 1-15, int and float; how much faster HB's latency grows per level.
docs/reduction-experiments.md."""
from _nic_reduction import ITERATIONS_HELP, SEED, get, latency_plot, slope, sweep
from experiment import Check, Claim, Experiment

DEPTHS = {"quick": [1, 3, 7, 11, 15], "full": list(range(1, 16))}
SETTINGS = {"iterations": 20}
points = sweep("latency", DEPTHS, lambda d: (f"d{d}", d + 1, {"tree": "kary:1"}))
plot = latency_plot("depth", "depth of the tree (chain)", "Chain of growing depth (seed nic-based-reduction, Fig. 3)")


def gap_per_level(type_):
    def measure(rows):
        hb, nb = slope(rows, "depth", "latency_us", mode="hb", type=type_), slope(rows, "depth", "latency_us",
                                                                                mode="nb", type=type_)
        return hb - nb if hb is not None and nb is not None else None
    return measure


def hb_grows_faster(rows):
    g = [gap_per_level(t)(rows) for t in ("int", "float")]
    return all(x > 0 for x in g), f"HB - NB per level: int {g[0]:.2f} us, float {g[1]:.2f} us"


def nb_wins_deep(rows):
    d = max(r["depth"] for r in rows)
    nb, hb = get(rows, "latency_us", mode="nb", type="int", depth=d), get(rows, "latency_us", mode="hb", type="int", depth=d)
    return nb < hb, f"int at depth {d}: NB {nb:.1f} us, HB {hb:.1f} us"


EXPERIMENT = Experiment(
    name="nic-reduction-depth", seed=SEED, figure="Fig. 3",
    title="Reduction latency over a chain of depth 1-15, NIC-based vs host-based, int and float",
    varies="chain depth 1-15 x NB/HB x int/float",
    paper_finding="HB's latency grows 3.70 us per level faster than NB's for integers and 2.64 us for floats; HB is "
                  "better at depth 1 (and at depth 2 for floats).",
    points=points, plot=plot, settings=dict(SETTINGS), setting_help={"iterations": ITERATIONS_HELP},
    claims=[Claim("HB - NB latency growth per level, int", 3.70, "us", gap_per_level("int")),
            Claim("HB - NB latency growth per level, float", 2.64, "us", gap_per_level("float"))],
    checks=[Check("HB's latency grows faster per level than NB's (int and float)", hb_grows_faster),
            Check("NB is faster than HB on the deepest chain (int)", nb_wins_deep)],
    expected_seconds={"quick": 40, "full": 120},
    notes="each HB level crosses the host twice through the offloaded-matching MPI engine (about 21 us per level), "
          "each NB level only the NIC's fold and packet handling (about 7 us): see docs/reduction-experiments.md",
)
