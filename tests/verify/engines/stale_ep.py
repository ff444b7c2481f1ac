#!/usr/bin/env python3
"""stale_ep.py - an engine with the bug Jocly has in Shafran, for the tests
of identify: it plays by hexlib (tests/fixtures/gen/hexlib.py, the fixtures'
independent model of the rules) except that a castling keeps the e.p. right
that was pending. Served through the Python adapter kit (both protocols);
plays the profile it is told, std by default."""
import os
import sys

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, os.path.join(SOURCE, "examples", "kit", "python"))
sys.path.insert(0, os.path.join(SOURCE, "tests", "fixtures", "gen"))
import hexkit  # noqa: E402
from hexlib import Pos, Rules  # noqa: E402


class StaleEp(Rules):
    def make(self, pos, m):
        after = Rules.make(self, pos, m)
        if m.kind == "castle":
            after.ep, after.victim = pos.ep, pos.victim  # the planted bug
        return after


def divide(query):
    rules = StaleEp(query["variant"], query["profile"])
    pos = Pos.from_fen(query["variant"], query["fen"])
    for text in query["moves"]:
        pos = rules.play(pos, text)
    lines = []
    for move in rules.legal_texts(pos):
        lines.append((move, rules.perft(rules.play(pos, move), query["depth"] - 1)))
    return lines


if __name__ == "__main__":
    sys.exit(hexkit.serve(divide, "stale_ep.py"))
