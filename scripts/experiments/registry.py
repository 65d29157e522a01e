"""The experiments: every defs/*.py that defines EXPERIMENT (or EXPERIMENTS, a list)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFS = HERE / "defs"


def load() -> dict:
    sys.path[:0] = [str(HERE), str(DEFS)]
    found = {}
    for path in sorted(DEFS.glob("*.py")):
        if path.name.startswith("_"):
            continue
        spec = importlib.util.spec_from_file_location(f"pimnic_experiment_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for e in getattr(module, "EXPERIMENTS", [getattr(module, "EXPERIMENT", None)]):
            if e is None:
                continue
            if e.name in found:
                raise SystemExit(f"pimnic: experiment {e.name} defined twice ({path})")
            found[e.name] = e
    return found
