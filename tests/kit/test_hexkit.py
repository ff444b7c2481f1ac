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
    for line in lines:
        variant, fen = line.split("\t")
        per_variant[variant] = per_variant.get(variant, 0) + 1
        position = hexkit.parse(variant, fen)
        check(hexkit.format_fen(position) == fen, "%s: round trip gives %s" % (fen, hexkit.format_fen(position)))
        men = sum(ch.isalpha() for ch in fen.split()[0])
        check(len(position["cells"]) == men, "%s: %d men read" % (fen, len(position["cells"])))
    check(sorted(per_variant) == ["brusky", "glinski", "mccooey", "shafran"], "variants: %s" % per_variant)

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
    for failure in failures[:20]:
        print("FAIL", failure)
    print("%d HexFENs, %d failures" % (len(lines), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
