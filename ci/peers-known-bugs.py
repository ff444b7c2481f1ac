#!/usr/bin/env python3
"""peers-known-bugs.py VARIANT VERIFY_LOG - does every failure in a `hexref
verify` report against Jocly come from one of Jocly's two known bugs?
Prints a one-line summary; exits 0 if so (or if nothing failed), 1 if not.

  brusky:  a pawn's non-capturing step onto the empty e.p. cell is missing
           (every missing move ends on the e.p. cell, nothing is extra);
  shafran: the e.p. right survives a castling in which the king moves three
           cells (extra moves only, in a position without e.p. right, after
           a path that holds such a castling).
"""
import re
import sys

THREE_CELL_CASTLINGS = {"e1b1", "e1h4", "e10b7", "e10h10"}


def failures(text):
    """[{kind, path, position, missing, extra}] of each FAIL block."""
    found = []
    for block in (b for b in re.split(r"^(?=FAIL )", text, flags=re.M) if b.startswith("FAIL ")):
        field = lambda key: (re.search(r"^  %s:\s*(.*)$" % key, block, re.M) or [None, ""])[1].strip()
        found.append({"kind": block.split(":", 1)[1].split("\n")[0].strip(),
                      "path": field("path").split(), "position": field("position"),
                      "missing": field("missing in the engine").split(),
                      "extra": field("extra in the engine").split()})
    return found


def destination(move):
    return re.sub(r"[qrbn]$", "", re.sub(r"^[a-l][0-9]+", "", move))


def known(variant, failure):
    ep = failure["position"].split()[3] if len(failure["position"].split()) == 6 else "-"
    if variant == "brusky":
        cell = ep.split(":")[0]
        return (ep != "-" and failure["missing"] and not failure["extra"] and
                all(destination(m) == cell for m in failure["missing"]))
    if variant == "shafran":
        return (ep == "-" and failure["extra"] and not failure["missing"] and
                bool(THREE_CELL_CASTLINGS & set(failure["path"])))
    return False


def main():
    variant, path = sys.argv[1], sys.argv[2]
    found = failures(open(path).read())
    unknown = [f for f in found if not known(variant, f)]
    if unknown:
        print("%d failure(s), %d not a known Jocly bug (first: %s at %s)"
              % (len(found), len(unknown), unknown[0]["kind"], " ".join(unknown[0]["path"]) or "the root"))
        return 1
    print("%d failure(s), all Jocly's known %s bug" % (len(found), variant) if found else "no failure")
    return 0


if __name__ == "__main__":
    sys.exit(main())
