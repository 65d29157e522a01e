#!/usr/bin/env python3
"""Reference model of MPI matching: checks a log of sends and posted receives against MPI's
rules (MPI 4.1, section 3.5 "Semantics of Point-to-Point Communication").

The log is what tests/mpi/programs/random_matching prints (any program may print the same):

    S src dst comm tag bytes id        a send, in the order its sender started it
    R dst k comm src tag got_src got_tag got_bytes id ok
                                       a receive, in the order its receiver posted it, with its
                                       envelope (src/tag -1 = MPI_ANY_SOURCE/MPI_ANY_TAG) and the
                                       message it took (id -1: too short to carry one; ok: the
                                       program found the payload intact)

Rules checked, for every receive and message:
  - the receive's envelope matches what it took (communicator, source, tag), and the status
    agrees with the message that was sent (source, tag, length);
  - every message is taken exactly once: none lost, none duplicated;
  - non-overtaking: if a receive r took message m from source s, every message that s sent to the
    same rank on the same communicator before m and that also matches r was taken by a receive
    posted before r. (Otherwise r took m while an earlier matching message was pending, which
    both halves of MPI's ordering rule forbid: a message goes to the first posted receive that
    matches it, and a receive takes the first arrived message that matches it.)
Messages too short to carry their id are interchangeable with the identical messages (same
source, destination, communicator, tag and length, and the same bytes); they are paired in order.

Usage: matching_model.py LOG   (or - for stdin). Exit status 0 when the log obeys every rule.
"""
import sys
from collections import defaultdict


class Send:
    __slots__ = ("src", "dst", "comm", "tag", "bytes", "id", "taken_by", "position")

    def __init__(self, src, dst, comm, tag, nbytes, mid, position):
        self.src, self.dst, self.comm, self.tag, self.bytes, self.id = src, dst, comm, tag, nbytes, mid
        self.position = position  # in the sender's order of starting sends
        self.taken_by = None      # the receive that took it


class Recv:
    __slots__ = ("dst", "comm", "src", "tag", "got_src", "got_tag", "got_bytes", "id", "ok", "posted", "line")

    def __init__(self, fields, posted, line):
        (self.dst, _k, self.comm, self.src, self.tag, self.got_src, self.got_tag, self.got_bytes, self.id,
         self.ok) = fields
        self.posted = posted  # position in the receiver's posting order, over the whole run
        self.line = line


class Model:
    def __init__(self):
        self.sends = []
        self.by_id = {}
        self.recvs = []
        self.posted = defaultdict(int)
        self.problems = defaultdict(list)
        self.header = []
        self.program_errors = None

    def problem(self, kind, text):
        self.problems[kind].append(text)

    def read(self, lines):
        for n, line in enumerate(lines, 1):
            f = line.split()
            if not f:
                continue
            if f[0] == "S" and len(f) == 7:
                s = Send(*map(int, f[1:]), position=len(self.sends))
                if s.id in self.by_id:
                    self.problem("log", f"line {n}: message id {s.id} sent twice")
                self.by_id[s.id] = s
                self.sends.append(s)
            elif f[0] == "R" and len(f) == 11:
                fields = list(map(int, f[1:]))
                dst = fields[0]
                self.recvs.append(Recv(fields, self.posted[dst], n))
                self.posted[dst] += 1
            elif f[0] == "#":
                self.header.append(line.rstrip())
            elif line.startswith("errors:"):
                self.program_errors = int(f[1])
            else:
                self.problem("program", f"line {n}: {line.rstrip()}")

    def identify(self):
        """Which message each receive took: by id, or (short messages) the first identical one
        not yet taken, in the order the receives were posted."""
        identical = defaultdict(list)
        for s in self.sends:
            if s.bytes < 4:
                identical[(s.src, s.dst, s.comm, s.tag, s.bytes)].append(s)
        next_identical = defaultdict(int)
        for r in sorted(self.recvs, key=lambda r: (r.dst, r.posted)):
            where = f"line {r.line}: rank {r.dst} receive #{r.posted}"
            if r.id >= 0:
                s = self.by_id.get(r.id)
                if s is None:
                    self.problem("unknown", f"{where} took message id {r.id}, which nobody sent")
                    continue
            else:
                key = (r.got_src, r.dst, r.comm, r.got_tag, r.got_bytes)
                queue = identical.get(key, [])
                i = next_identical[key]
                if i >= len(queue):
                    self.problem("unknown", f"{where} took a {r.got_bytes}-byte message from {r.got_src} tag "
                                 f"{r.got_tag} comm {r.comm} that was not sent (or not that often)")
                    continue
                s = queue[i]
                next_identical[key] = i + 1
            if s.taken_by is not None:
                self.problem("duplicated", f"{where} took message {s.id}, already taken by rank {s.dst} "
                             f"receive #{s.taken_by.posted}")
                continue
            s.taken_by = r
            self.check_envelope(r, s, where)

    def check_envelope(self, r, s, where):
        if s.dst != r.dst or s.comm != r.comm:
            self.problem("envelope", f"{where} (comm {r.comm}) took message {s.id} sent to rank {s.dst} comm {s.comm}")
        if (r.src >= 0 and r.src != s.src) or (r.tag >= 0 and r.tag != s.tag):
            self.problem("envelope", f"{where} for source {r.src} tag {r.tag} took message {s.id} "
                         f"(source {s.src} tag {s.tag})")
        if (r.got_src, r.got_tag, r.got_bytes) != (s.src, s.tag, s.bytes):
            self.problem("status", f"{where}: status says source {r.got_src} tag {r.got_tag} {r.got_bytes} bytes; "
                         f"message {s.id} is source {s.src} tag {s.tag} {s.bytes} bytes")
        if not r.ok:
            self.problem("content", f"{where}: message {s.id} arrived damaged")

    def check_lost(self):
        for s in self.sends:
            if s.taken_by is None:
                self.problem("lost", f"message {s.id} ({s.src} -> {s.dst}, comm {s.comm}, tag {s.tag}, "
                             f"{s.bytes} bytes) was never received")

    def check_order(self):
        """Non-overtaking, per stream (source, destination, communicator) in send order: the
        receive that took a message must be posted after every receive that took an earlier
        message of the stream that it also matches. Earlier messages match an any-tag receive
        always, an exact-tag receive when their tag is the same: keep the latest posting position
        among earlier messages overall and per tag."""
        streams = defaultdict(list)
        for s in self.sends:
            streams[(s.src, s.dst, s.comm)].append(s)
        for (src, dst, comm), msgs in streams.items():
            latest_any = (-1, None)
            latest_tag = {}
            for s in msgs:
                r = s.taken_by
                if r is not None:
                    before = latest_any if r.tag < 0 else latest_tag.get(r.tag, (-1, None))
                    if before[0] > r.posted:
                        self.problem("misordered", f"rank {dst} receive #{r.posted} (tag {r.tag}) took message "
                                     f"{s.id} from {src}, but the earlier message {before[1].id} that it also "
                                     f"matches went to the later receive #{before[0]}")
                    if r.posted > latest_any[0]:
                        latest_any = (r.posted, s)
                    if r.posted > latest_tag.get(s.tag, (-1, None))[0]:
                        latest_tag[s.tag] = (r.posted, s)

    def check(self):
        self.identify()
        self.check_lost()
        self.check_order()
        if self.program_errors is None:
            self.problem("program", "the log has no 'errors:' line (the program did not finish)")
        elif self.program_errors:
            self.problem("program", f"the program reported {self.program_errors} errors")
        return not self.problems

    def summary(self):
        kinds = defaultdict(int)
        for r in self.recvs:
            kinds[("any source" if r.src < 0 else "exact source") + ", " + ("any tag" if r.tag < 0 else "exact tag")] += 1
        sizes = [s.bytes for s in self.sends]
        counts = ", ".join(f"{k} {kinds[k]}" for k in sorted(kinds))
        out = [f"matching model: {len(self.sends)} messages ({min(sizes, default=0)} to {max(sizes, default=0)} bytes), "
               f"{len(self.recvs)} receives ({counts})"]
        for kind in ("lost", "duplicated", "misordered", "envelope", "status", "content", "unknown", "log", "program"):
            out.append(f"  {kind}: {len(self.problems.get(kind, []))}")
            for text in self.problems.get(kind, [])[:10]:
                out.append(f"    {text}")
        return "\n".join(out)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    stream = sys.stdin if sys.argv[1] == "-" else open(sys.argv[1], encoding="utf-8", errors="replace")
    model = Model()
    model.read(stream)
    ok = model.check()
    print(model.summary())
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
