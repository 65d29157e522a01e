"""The experiments: every defs/NAME.py defines EXPERIMENT, the experiment NAME (with - for _)."""
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
        e = getattr(module, "EXPERIMENT", None)
        if e is not None:
            if e.name != path.stem.replace("_", "-"):  # CI's tests are named after the files
                raise SystemExit(f"pimnic: {path} must define the experiment {path.stem.replace('_', '-')}, not {e.name}")
            found[e.name] = e
    return found
