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


def position_of(rules, fen, moves):
    start = rules.start()
    if fen is None:
        pos = start
    else:
        pos = Pos.from_fen(rules.v, fen)
        if KIND == "reject-setup" and pos.fen() != start.fen():
            raise ValueError("this engine sets up no position but the initial one")
    for text in moves:
        pos = rules.play(pos, text)
    return pos


def main():
    options = {"UCI_Variant": "shafran", "HexrefProfile": "std"}
    fen, moves = None, []
    for line in sys.stdin:
        words = line.split()
        out = ""
        if not words:
            continue
        rules = Planted(options["UCI_Variant"], options["HexrefProfile"])
        if words[0] == "uci":
            out = ("id name planted %s\noption name UCI_Variant type string default shafran\n"
                   "option name HexrefProfile type string default std\n"
                   "option name HexrefStatus type check default true\nuciok\n" % BUG)
        elif words[0] == "isready":
            out = "readyok\n"
        elif words[0] == "setoption" and "value" in words and words[1] == "name":
            at = words.index("value")
            options[" ".join(words[2:at])] = " ".join(words[at + 1:])
        elif words[0] == "position":
            cut = words.index("moves") if "moves" in words else len(words)
            fen = " ".join(words[2:cut]) if words[1:2] == ["fen"] else None
            moves = words[cut + 1:]
        elif words[:2] == ["go", "perft"]:
            try:
                pos, depth = position_of(rules, fen, moves), int(words[2])
                lines = sorted((m, rules.perft(rules.play(pos, m), depth - 1))
                               for m in rules.legal_texts(pos))
                out = "".join("%s: %d\n" % ml for ml in lines)
                out += "\nNodes searched: %d\n" % sum(c for _, c in lines)
            except (ValueError, IndexError, KeyError) as err:
                out = "error %s\n\nNodes searched: 0\n" % err
        elif words[0] == "status":
            try:
                out = "status %s\n" % rules.status(position_of(rules, fen, moves))
            except (ValueError, IndexError, KeyError) as err:
                out = "error %s\n" % err
        elif words[0] == "quit":
            break
        if out:
            sys.stdout.write(out)
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
