"""hexfens.py - every HexFEN the reference printed or accepted in the source
tree, with its variant: the first field of each perft-suite line, and the
HexFEN of each fixture's `after` and `reaches` expectation (the reference's
own output, which the fixtures tests compare). Prints 'VARIANT<TAB>HEXFEN'
lines, so that the Python and the JavaScript kit tests read the same list."""
import glob
import os
import re
import sys


def suite_fens(source):
    for path in sorted(glob.glob(os.path.join(source, "perft-suites", "*.epd"))):
        variant = os.path.basename(path).split("-")[0]
        for line in open(path):
            if line.strip() and not line.startswith("#"):
                yield variant, line.split(";")[0].strip()


def fixture_fens(source):
    for path in sorted(glob.glob(os.path.join(source, "tests", "fixtures", "*", "*.fix"))):
        variant = os.path.basename(os.path.dirname(path))
        for line in open(path):
            line = re.sub(r"^\s*\[[^]]*\]\s*", "", line.strip())
            words = line.split()
            if words[:1] == ["after"] and len(words) == 8:
                yield variant, " ".join(words[2:])
            elif words[:1] == ["reaches"] and len(words) == 7:
                yield variant, " ".join(words[1:])


if __name__ == "__main__":
    source = sys.argv[1]
    seen = set()
    for variant, fen in list(suite_fens(source)) + list(fixture_fens(source)):
        if (variant, fen) not in seen:
            seen.add((variant, fen))
            print("%s\t%s" % (variant, fen))
