#!/usr/bin/env python3
"""PIM model checks (docs/timing.md "The PIM model"), run by ctest with label `timing`.

  equiv  a PIM image under the functional model (Core::run_threads) and under the PIM model
         (--model pim, and --model inorder, which means the PIM model on a PIM core): same exit
         status and stdout; two PIM-model runs give identical statistics; the statistics add up
         (per-thread instructions sum to sim_insts, slot utilisation <= 1, every hart's work counted)
"""
import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_timing import run  # noqa: E402

failures = []


def check(what, ok, detail=""):
    print(f"{'ok  ' if ok else 'FAIL'} {what}{': ' + detail if detail else ''}")
    if not ok:
        failures.append(what)


def cmd_equiv(a):
    extra = []
    for s in a.set or []:
        extra += ["--set", s]
    with tempfile.TemporaryDirectory() as tmp:
        results = {}
        for label, model in [("functional", "functional"), ("pim", "pim"), ("pim2", "pim"), ("inorder", "inorder")]:
            stats = Path(tmp) / f"{label}.json"
            rc, out, err = run(a.pimnic, [a.elf, "--model", model, "--stats-json", str(stats)] + extra)
            results[label] = (rc, out, err, json.loads(stats.read_text()) if stats.exists() else {})
        f_rc, f_out, f_err, _ = results["functional"]
        check("functional run exits with the expected status", f_rc == a.status, f"{f_rc}")
        for label in ("pim", "inorder"):
            rc, out, err, _ = results[label]
            check(f"{label}: same exit status as functional", rc == f_rc, f"{rc} vs {f_rc}")
            check(f"{label}: same stdout as functional", out == f_out)
            check(f"{label}: same stderr as functional", err == f_err)
        s1, s2 = results["pim"][3], results["pim2"][3]
        check("pim: two runs give identical statistics", s1 == s2)
        check("inorder on a PIM core is the PIM model", "core0.pim.cycles" in results["inorder"][3])
        if "core0.pim.cycles" not in s1:
            check("pim statistics present", False)
            return
        threads = sum(v for k, v in s1.items() if k.startswith("core0.pim.t") and k.endswith(".insts"))
        check("per-thread instructions sum to sim_insts", threads == s1["sim_insts"], f"{threads} vs {s1['sim_insts']}")
        check("issued == sim_insts", s1["core0.pim.issued"] == s1["sim_insts"])
        check("the model's cycles are the core's cycles", s1["core0.pim.cycles"] == s1["sim_cycles"],
              f"{s1['core0.pim.cycles']} vs {s1['sim_cycles']}")
        u = s1["core0.pim.slot_utilisation"]
        check("slot utilisation within (0, 1]", 0 < u <= 1, f"{u:.3f}")
        check("slots used = issued + blocked attempts",
              s1["core0.pim.slots_used"] == s1["core0.pim.issued"] + s1["core0.pim.feb_waits"])
        if a.min_threads:
            check(f"at least {a.min_threads} threads alive at once", s1["core0.pim.threads_alive_max"] >= a.min_threads,
                  f"{s1['core0.pim.threads_alive_max']}")
        print(f"     cycles {s1['sim_cycles']}, insts {s1['sim_insts']}, utilisation {u:.3f}, "
              f"threads alive avg {s1['core0.pim.threads_alive_avg']:.2f} max {s1['core0.pim.threads_alive_max']}")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pimnic", required=True)
    sub = p.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("equiv")
    e.add_argument("--elf", required=True)
    e.add_argument("--status", type=int, default=0, help="expected exit status")
    e.add_argument("--min-threads", type=int, default=0)
    e.add_argument("--set", action="append")
    a = p.parse_args()
    cmd_equiv(a)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed: {', '.join(failures)}")


if __name__ == "__main__":
    main()
