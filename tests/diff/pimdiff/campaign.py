"""Many batches, in parallel worker processes (each with its own build directory), summed up."""
import multiprocessing
import os
import sys
import time

from . import driver


def _work(args):
    seeds, workdir, pimnic, exclude, focus = args
    wd = os.path.join(workdir, f"w{os.getpid()}")
    return driver.run_batch(seeds, wd, pimnic, exclude=exclude, focus=focus)


def run(first_seed, count, pimnic, workdir, jobs=2, batch=1000, exclude=(), focus=None,
        progress=None):
    batches = []
    for start in range(first_seed, first_seed + count, batch):
        seeds = list(range(start, min(start + batch, first_seed + count)))
        batches.append((seeds, workdir, pimnic, tuple(exclude), focus))
    total = driver.Stats()
    t0 = time.time()
    with multiprocessing.Pool(jobs) as pool:
        for st in pool.imap_unordered(_work, batches):
            total.merge(st)
            if progress:
                progress(f"{total.sequences}/{count} sequences, {total.divergent} divergent, "
                         f"{total.masked} masked, {time.time() - t0:.0f}s")
    total.seconds = time.time() - t0
    return total


def summary(st, per_insn="divergent"):
    """Totals, masked known qemu errors, and a per-instruction table ('all' or 'divergent')."""
    lines = [f"sequences: {st.sequences}  agree: {st.agree}  masked (known qemu errors only): "
             f"{st.masked}  both trapped: {st.both_died}  divergent: {st.divergent}  "
             f"time: {st.seconds:.1f}s"]
    if st.known:
        lines.append("known qemu errors masked (reproducers recognised by known.py):")
        for k, v in st.known.most_common():
            lines.append(f"  {v:7d}  {k}")
    names = sorted(st.units) if per_insn == "all" else sorted(st.new_by_insn)
    if names:
        lines.append(f"{'instruction':<14} {'units':>9} {'masked':>7} {'diverged':>8}")
        for n in names:
            lines.append(f"{n:<14} {st.units[n]:>9} {st.known_by_insn[n]:>7} {st.new_by_insn[n]:>8}")
    if st.unlocalised:
        lines.append(f"not localised to a unit: seeds {[s for s, _ in st.unlocalised[:20]]}")
    return "\n".join(lines)


def progress_to_stderr(msg):
    print(msg, file=sys.stderr, flush=True)
