"""Seed nic-based-reduction.txt, Fig. 4: latency of NB and HB reduction over trees of depth 1 with
a growing number of children (flat trees), int and float. docs/reduction-experiments.md."""
from _nic_reduction import ITERATIONS_HELP, SEED, latency_plot, select, slope, sweep
from experiment import Check, Claim, Experiment

DEGREES = {"quick": [1, 4, 8, 15], "full": list(range(1, 16))}
SETTINGS = {"iterations": 20}
points = sweep("latency", DEGREES, lambda k: (f"k{k}", k + 1, {"tree": f"kary:{k}"}))
plot = latency_plot("children", "degree (children of the root)",
                    "Depth-1 trees of growing degree (seed nic-based-reduction, Fig. 4)")


def mean_gap(type_):
    """NB - HB latency averaged over the degrees (the seed: HB better by this much)."""
    def measure(rows):
        gaps = []
        for r in select(rows, mode="nb", type=type_):
            hb = [h for h in select(rows, mode="hb", type=type_, children=r["children"])]
            if hb:
                gaps.append(r["latency_us"] - hb[0]["latency_us"])
        return sum(gaps) / len(gaps) if gaps else None
    return measure


def nb_per_child(type_):
    return lambda rows: slope(rows, "children", "latency_us", mode="nb", type=type_)


def nb_grows_slowly(rows):
    s = [nb_per_child(t)(rows) for t in ("int", "float")]
    h = slope(rows, "children", "latency_us", mode="hb", type="int")
    return s[0] < h, f"per child: NB int {s[0]:.2f} us, NB float {s[1]:.2f} us, HB int {h:.2f} us"


EXPERIMENT = Experiment(
    name="nic-reduction-degree", seed=SEED, figure="Fig. 4",
    title="Reduction latency over depth-1 trees of 1-15 children, NIC-based vs host-based, int and float",
    varies="degree 1-15 x NB/HB x int/float",
    paper_finding="HB is better at every degree, by about 2.19 us (int) and 3.63 us (float); NB's latency grows only "
                  "0.22 us (int) and 0.24 us (float) per child.",
    points=points, plot=plot, settings=dict(SETTINGS), setting_help={"iterations": ITERATIONS_HELP},
    claims=[Claim("NB - HB latency, int, mean over degrees", 2.19, "us", mean_gap("int")),
            Claim("NB - HB latency, float, mean over degrees", 3.63, "us", mean_gap("float")),
            Claim("NB latency growth per child, int", 0.22, "us", nb_per_child("int")),
            Claim("NB latency growth per child, float", 0.24, "us", nb_per_child("float"))],
    checks=[Check("NB's latency grows more slowly per child than HB's", nb_grows_slowly)],
    expected_seconds={"quick": 40, "full": 120},
    notes="the root's NIC handles every child's packet (about 5 us each on the 133 MHz core, with its ACK) and the HB "
          "root's host takes each message through the MPI engine (about 13 us): pimnic's HB is the slower one, "
          "the seed's the faster; see docs/reduction-experiments.md",
)
