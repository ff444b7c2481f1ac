#!/usr/bin/env python3
"""planted.py - a uci engine with one planted bug that is no rule reading,
for the tests of identify (issue 30 item 2): identify must come out
"closest std" for it, never name a negative control. It plays by hexlib
(tests/fixtures/gen/hexlib.py, the fixtures' independent model of the
rules) under the profile it is told (std by default) and answers status
queries (HexrefStatus). PLANTED_BUG chooses the bug:

  double-step:CELL  the pawn on CELL has no double step (its other moves,
                    and every other pawn's, are right)
  allow-double:CELL the pawn on CELL may step twice from anywhere it stands
                    (where the cell two ahead is free and the one between too)
  reject-setup      every position other than the initial one is refused
                    with an error line (an engine reachable only by moves)
  stalemate         a stalemate is answered "status ongoing"
  none              no bug
"""
import os
import sys

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, os.path.join(SOURCE, "tests", "fixtures", "gen"))
sys.path.insert(0, os.path.join(SOURCE, "examples", "kit", "python"))
import hexkit  # noqa: E402
from hexlib import Move, Pos, Rules, add, forward  # noqa: E402

BUG = os.environ.get("PLANTED_BUG", "none")
KIND, _, CELL = BUG.partition(":")
if KIND not in ("double-step", "allow-double", "reject-setup", "stalemate", "none"):
    sys.exit("planted.py: unknown PLANTED_BUG '%s'" % BUG)


class Planted(Rules):
    def pawn_moves(self, pos, c, side):
        out = Rules.pawn_moves(self, pos, c, side)
        if not CELL or self.g.name(c) != CELL:
            return out
        if KIND == "double-step":
            return [m for m in out if m.kind != "multi"]
        if KIND == "allow-double" and not any(m.kind == "multi" for m in out):
            fwd = forward(self.v, side)
            t, t2 = add(c, fwd), add(c, fwd, 2)
            if (self.g.exists(t) and self.g.exists(t2) and not pos.board.get(t)
                    and not pos.board.get(t2)):
                out.append(Move(c, t2, "", "multi", ([t], t2)))
        return out

    def status(self, pos):
        word = Rules.status(self, pos)
        return "ongoing" if KIND == "stalemate" and word == "stalemate" else word


def position_of(query):
    rules = Planted(query["variant"], query["profile"])
    pos = Pos.from_fen(rules.v, query["fen"])
    if KIND == "reject-setup" and pos.fen() != rules.start().fen():
        raise ValueError("this engine sets up no position but the initial one")
    for text in query["moves"]:
        pos = rules.play(pos, text)
    return rules, pos


def divide(query):
    rules, pos = position_of(query)
    return [(m, rules.perft(rules.play(pos, m), query["depth"] - 1)) for m in rules.legal_texts(pos)]


def status(query):
    rules, pos = position_of(query)
    return rules.status(pos)


if __name__ == "__main__":
    sys.exit(hexkit.serve(divide, "planted " + BUG, status))
