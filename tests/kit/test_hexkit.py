#!/usr/bin/env python3
"""test_hexkit.py SOURCE_DIR - the Python adapter kit (examples/kit/python):
every HexFEN of the suites and fixtures parses and prints back unchanged,
the structure holds what the HexFEN says, and bad HexFENs are rejected."""
import os
import subprocess
import sys

SOURCE = os.path.abspath(sys.argv[1])
sys.path.insert(0, os.path.join(SOURCE, "examples", "kit", "python"))
import hexkit  # noqa: E402

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def main():
    lines = subprocess.run([sys.executable, os.path.join(SOURCE, "tests", "kit", "hexfens.py"), SOURCE],
                           check=True, capture_output=True, text=True).stdout.splitlines()
    check(len(lines) > 500, "only %d HexFENs found" % len(lines))
    per_variant = {}
    ep_moves = [0]
    for line in lines:
        variant, fen = line.split("\t")
        per_variant[variant] = per_variant.get(variant, 0) + 1
        position = hexkit.parse(variant, fen)
        check(hexkit.format_fen(position) == fen, "%s: round trip gives %s" % (fen, hexkit.format_fen(position)))
        if position["ep"]:  # the e.p. state as the move that made it, and back
            ep_moves[0] += 1
            again = hexkit.ep_from_move(variant, *hexkit.ep_last_move(variant, position["ep"]))
            check(again == position["ep"], "%s: e.p. %s as a move and back gives %s" % (fen, position["ep"], again))
        if variant == "glinski":  # hexchess.club's FEN: the same without castling, and back
            club = hexkit.to_hexchess_club(fen)
            check(len(club.split()) == 5 and hexkit.from_hexchess_club(club) == fen,
                  "%s: hexchess.club FEN %s does not come back" % (fen, club))
        men = sum(ch.isalpha() for ch in fen.split()[0])
        check(len(position["cells"]) == men, "%s: %d men read" % (fen, len(position["cells"])))
    check(sorted(per_variant) == ["brusky", "glinski", "mccooey", "shafran"], "variants: %s" % per_variant)
    try:
        hexkit.from_hexchess_club(hexkit.VARIANTS["glinski"]["start"])
        check(False, "from_hexchess_club accepted a HexFEN (6 fields)")
    except ValueError as err:
        check("5 fields" in str(err), "from_hexchess_club: %s" % err)
    check(ep_moves[0] > 50, "only %d HexFENs with an e.p. state" % ep_moves[0])
    for variant, frm, to in (("glinski", "f5", "g6"), ("glinski", "f5", "f5"), ("brusky", "e2", "g3")):
        try:
            hexkit.ep_from_move(variant, frm, to)
            check(False, "ep_from_move accepted %s-%s" % (frm, to))
        except ValueError as err:
            check("not a straight multi-step" in str(err), "ep_from_move %s-%s: %s" % (frm, to, err))

    start = hexkit.parse("shafran", hexkit.VARIANTS["shafran"]["start"])
    check([r["rook"] for r in start["rights"]] == ["a1", "i5", "a6", "i10"], "shafran rights %s" % start["rights"])
    check(start["cells"]["e1"] == "K" and start["cells"]["e10"] == "k", "shafran kings")
    ep = hexkit.parse("shafran", "k4/3p2/7/4P3/4p4/3P5/8/7/6/4K w - e8,e7 0 2")["ep"]
    check(ep == {"cells": ["e8", "e7"], "victim": "e6"}, "shafran e.p. %s" % ep)
    ep = hexkit.parse("brusky", "r2k4r/3p1pp3/11/4pP1P4/4p7/11/4PPP3/R4K2R w AIdl f6:e5 1 2")["ep"]
    check(ep == {"cells": ["f6"], "victim": "e5"}, "brusky e.p. %s" % ep)
    check(hexkit.cell_at("glinski", 6, 1) == "g1" and hexkit.cell_at("glinski", 9, 10) == "k7", "glinski names")
    check(len(hexkit.geometry("brusky")["cells"]) == 84 and len(hexkit.geometry("glinski")["cells"]) == 91,
          "cell counts")
    for variant, fen, problem in [
            ("shafran", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB w - - 0 1", "9 ranks"),
            ("shafran", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQKx w - - 0 1", "unknown piece"),
            ("brusky", "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBN w - - 0 1", "rank 1 has 8 cells"),
            ("glinski", "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 x - - 0 1", "side")]:
        try:
            hexkit.parse(variant, fen)
            check(False, "accepted %s" % fen)
        except ValueError as err:
            check(problem in str(err), "%s: message '%s' does not say '%s'" % (fen, err, problem))
    check_coordinates()
    for failure in failures[:20]:
        print("FAIL", failure)
    print("%d HexFENs, %d failures" % (len(lines), len(failures)))
    return 1 if failures else 0


# The lattice maps from hexref's (x, y) to an engine's axial (q, r): every
# integer matrix taking the six neighbour steps of (x, y) (docs/conventions.md)
# onto the six axial ones: the 12 orientations (6 rotations, mirrored or not).
KIT_STEPS = {(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)}
AXIAL_STEPS = {(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)}
ORIENTATIONS = [(a, b, c, d) for a in range(-1, 2) for b in range(-1, 2) for c in range(-1, 2)
                for d in range(-1, 2)
                if {(a * x + b * y, c * x + d * y) for x, y in KIT_STEPS} == AXIAL_STEPS]


def check_coordinates():
    """Every orientation of axial coordinates, at an origin of its own, and
    each offset layout of each: from three cells the kit finds the engine's
    pair of every cell of every board, and back; samples that fit no map
    are refused."""
    check(len(ORIENTATIONS) == 12, "%d lattice orientations, not 12" % len(ORIENTATIONS))
    for variant in ("shafran", "brusky", "glinski", "mccooey"):
        cells = hexkit.geometry(variant)["cells"]
        for a, b, c, d in ORIENTATIONS:
            for layout in (None,) + hexkit.OFFSETS:
                def truth(x, y):
                    q, r = a * x + b * y - 5, c * x + d * y + 3
                    return hexkit.offset_from_axial(q, r, layout) if layout else (q, r)
                names = [cells[0][2], cells[1][2], cells[-1][2], cells[len(cells) // 3][2]]
                samples = {n: truth(*hexkit.geometry(variant)["by_name"][n]) for n in names}
                to, back = hexkit.coordinates(variant, samples, layout)
                wrong = [n for x, y, n in cells if to(n) != truth(x, y) or back(truth(x, y)) != n]
                check(not wrong, "%s %s %s: %d cells mapped wrong, e.g. %s"
                      % (variant, (a, b, c, d), layout, len(wrong), wrong[:3]))
                check(back((99, 99)) is None, "%s: an off-board pair has a name" % variant)
    for bad, why in (({"f1": (0, 5), "f2": (0, 4), "f3": (0, 3)}, "not on one line"),
                     ({"f1": (0, 5), "a1": (-5, 5), "f11": (0, -5), "f6": (1, 1)}, "disagree"),
                     ({"f1": (0, 0), "a1": (2, 0), "f11": (0, 2)}, "whole-number"),
                     ({"f1": (0, 0), "a1": (-10, 0), "f11": (0, -10)}, "one to one"),
                     ({"f1": (0, 0), "z9": (1, 0), "f11": (0, 1)}, "not a cell")):
        try:
            hexkit.coordinates("glinski", bad)
            check(False, "coordinates accepted %s" % bad)
        except ValueError as err:
            check(why in str(err), "coordinates %s: '%s' does not say '%s'" % (bad, err, why))


if __name__ == "__main__":
    sys.exit(main())
