"""Level checks: is each quantity the paper states at the paper's level, and the badge that says
so beside the shape checks (DESIGN.md section 7: "each quantity the paper states is checked for
its level (within +-25%) as well as the shape")."""
from __future__ import annotations

TOLERANCE = 0.25  # a level is ok within +-25% of the paper's number


def level(paper, measured, within=None) -> str:
    """'ok', 'differs' or 'n/a' (not measured). `within` is an absolute tolerance in the claim's
    unit, for a paper value of 0 (no ratio to it exists); otherwise the ratio must lie in
    [1 - TOLERANCE, 1 + TOLERANCE]."""
    if measured is None or paper is None:
        return "n/a"
    if within is not None:
        return "ok" if abs(measured - paper) <= within else "differs"
    if paper == 0:
        return "ok" if measured == 0 else "differs"
    ratio = measured / paper
    return "ok" if 1 - TOLERANCE <= ratio <= 1 + TOLERANCE else "differs"


def describe(claim: dict) -> str:
    """A claim's level in a table cell: 'ok', 'differs (0.13x)', 'differs (+8.2 %)' or 'n/a'."""
    word = claim_level(claim)
    if word != "differs":
        return word
    if claim.get("ratio") is not None:
        return f"differs ({claim['ratio']:.2g}x)"
    return f"differs ({claim['pimnic'] - claim['paper']:+.3g} {claim['unit']})"


def claim_level(claim: dict) -> str:
    """The level a summary recorded, or computed from its numbers (summaries written before levels)."""
    return claim.get("level") or level(claim.get("paper"), claim.get("pimnic"), claim.get("within"))


def counts(s: dict) -> tuple:
    """(shape checks holding, shape checks, levels ok, levels)."""
    held = sum(bool(k["holds"]) for k in s["checks"])
    ok = sum(claim_level(c) == "ok" for c in s["claims"])
    return held, len(s["checks"]), ok, len(s["claims"])


def all_good(s: dict) -> bool:
    """Every shape check holds and every level is ok: only then is the badge green."""
    held, nchecks, ok, nclaims = counts(s)
    return held == nchecks and ok == nclaims


def verdict(s: dict) -> str:
    """The badge: both counts, and 'holds' only when shape and levels both do."""
    held, nchecks, ok, nclaims = counts(s)
    word = "holds" if all_good(s) else "differs"
    return f"{word}: shape {held}/{nchecks} checks, levels {ok}/{nclaims} within +-25%"
