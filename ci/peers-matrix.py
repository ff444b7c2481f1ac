#!/usr/bin/env python3
"""peers-matrix.py MATRIX.JSONL - ci/peers step 5: the conformance matrix of
Jocly and the example engines says what each is known to do.

Jocly's Shafran fails only the make/unmake fixtures (its e.p. right survives
castling), its Brusky only the perft suites and the e.p. fixtures (a pawn
cannot step onto the e.p. cell: the ep-step.fix family of
tests/fixtures/brusky finds it too): ci/peers step 2 bisects both to one
move. Every other engine passes every cell. Exit 1 naming each engine that
differs."""
import json
import sys

KNOWN = {"jocly-shafran": ["make/unmake"], "jocly-brusky": ["perft suites", "en passant"]}
ENGINES = 6

rows = [json.loads(line) for line in open(sys.argv[1])]
bad = []
for r in rows:
    failing = [t for t, c in r["cells"].items() if c["failed"]]
    want = KNOWN.get(r["engine"], [])
    print("     %-17s %s %d passed, %d failed; failing: %s" % (
        r["engine"], "ok  " if r["ok"] else "FAIL", r["passed"], r["failed"],
        ", ".join(failing) or "none"))
    if failing != want or r["ok"] != (not want) or r["passed"] == 0:
        bad.append(r["engine"])
if len(rows) != ENGINES:
    bad.append("%d rows, not %d" % (len(rows), ENGINES))
if bad:
    sys.exit("peers-matrix: not as known: " + ", ".join(bad))
