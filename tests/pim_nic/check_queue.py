#!/usr/bin/env python3
"""Runs firmware/pim-queue-test on a one-node table1-pim machine (the PIM NIC's real matching:
interleaved entries, walker threads on both PIM cores, the clean-up thread) and replays its log on
a sequential reference model of MPI matching written here from the standard's rules:

  - an arriving message takes the oldest posted receive that accepts it, else it is unexpected;
  - a new receive takes the oldest unexpected message it accepts, else it is posted;
  - a receive accepts a message if the contexts are equal and its source and tag are the message's
    or the wildcard (-1).

Operations are replayed in the order the firmware issued them (walks run concurrently with later
posts: the outcome must be the same as if each walk had finished before the next operation).
Checks: every message and receive is paired exactly as the model pairs them, cancels and probes
answer as the model does, and the queues end with the same items in the same order.

usage: check_queue.py PIMNIC IMAGE [pimnic run options...]"""
import re
import subprocess
import sys


def accepts(recv, msg):
    ctx, src, tag = recv
    mctx, msrc, mtag = msg
    return ctx == mctx and src in (-1, msrc) and tag in (-1, mtag)


def main():
    pimnic, image, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    cmd = [pimnic, "run", "--machine", "table1-pim", "--set", "machine.nodes=1",
           "--image", f"n0.nic={image}"] + extra
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    if run.returncode != 0:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {run.returncode}\n{run.stdout[-3000:]}{run.stderr[-3000:]}")
    lines = [re.sub(r"^n0\.nic: ", "", l) for l in run.stdout.splitlines()]

    # Ids are reused once the firmware has reported an item's fate: an item is (id, generation).
    gen = {}

    def item(name, new=False):
        if new:
            gen[name] = gen.get(name, 0) + 1
        return f"{name}#{gen.get(name, 0)}"

    posted, unexpected = [], []           # the model's queues: (item, envelope)
    model_pairs, fw_pairs = {}, {}         # message item -> receive item
    problems = []
    counts = {"post": 0, "arrive": 0, "cancel": 0, "probe": 0}
    envelope = {}
    end_posted = end_unexpected = None
    for n, line in enumerate(lines, 1):
        w = line.split()
        if not w:
            continue
        if w[0] == "post":
            counts["post"] += 1
            r, env = item(w[1], True), (int(w[2]), int(w[3]), int(w[4]))
            hit = next((m for m in unexpected if accepts(env, m[1])), None)
            if hit:
                unexpected.remove(hit)
                model_pairs[hit[0]] = r
            else:
                posted.append((r, env))
            if w[5] != "posted":
                fw_pairs[item(w[5])] = r
        elif w[0] == "arrive":
            counts["arrive"] += 1
            m, env = item(w[1], True), (int(w[2]), int(w[3]), int(w[4]))
            envelope[m] = env
            hit = next((r for r in posted if accepts(r[1], env)), None)
            if hit:
                posted.remove(hit)
                model_pairs[m] = hit[0]
            else:
                unexpected.append((m, env))
        elif w[0] == "match":
            if w[2] != "unexpected":
                fw_pairs[item(w[1])] = item(w[2])
        elif w[0] == "cancel":
            counts["cancel"] += 1
            r = item(w[1])
            hit = next((x for x in posted if x[0] == r), None)
            want = "removed" if hit else "gone"
            if hit:
                posted.remove(hit)
            if w[2] != want:
                problems.append(f"line {n}: {line}: the model says {want}")
        elif w[0] == "probe":
            counts["probe"] += 1
            env = (int(w[1]), int(w[2]), int(w[3]))
            hit = next((m for m in unexpected if accepts(env, m[1])), None)
            want = hit[0].split("#")[0] if hit else "none"
            if w[4] != want:
                problems.append(f"line {n}: {line}: the model finds {want}")
        elif w[0] == "posted":
            end_posted = [item(x) for x in w[1:]]
        elif w[0] == "unexpected":
            end_unexpected = [item(x) for x in w[1:]]
    if end_posted is None or end_unexpected is None:
        problems.append("the firmware printed no final queues")
    else:
        if end_posted != [r for r, _ in posted]:
            problems.append(f"posted queue at the end: firmware {end_posted[:20]}..., model {[r for r, _ in posted][:20]}...")
        if end_unexpected != [m for m, _ in unexpected]:
            problems.append(f"unexpected queue at the end: firmware {end_unexpected[:20]}..., "
                            f"model {[m for m, _ in unexpected][:20]}...")
    for m in sorted(set(model_pairs) | set(fw_pairs)):
        if model_pairs.get(m) != fw_pairs.get(m):
            problems.append(f"{m} {envelope.get(m)}: firmware paired it with {fw_pairs.get(m)}, "
                            f"the model with {model_pairs.get(m)}")
    if problems:
        sys.exit("FAIL:\n" + "\n".join(problems[:30]))
    done = next((l for l in lines if l.startswith("done:")), "")
    print(f"ok: {counts['post']} receives, {counts['arrive']} messages, {counts['cancel']} cancels, "
          f"{counts['probe']} probes, {len(model_pairs)} pairs as the model; {done}")


main()
