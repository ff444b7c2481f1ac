#!/usr/bin/env python3
"""variant_names.py - variants are data (issue 26 item 6): no string literal
in the C code outside rules/ names one of the four variants, so a per-variant
fact (pawn reach, cell naming) or a list of variants in a message comes from
the rules' API (hx_variant_name, hx_rules_pawn_forward_count, ...), never
from a strcmp with a name.

Searched: every .c and .h file under cli/, harness/, render/ and fuzz/, with
comments removed. Not searched, and why: rules/ (it owns the variants),
oracle/ (the independent generator keeps a table of its own by design),
tests/ and examples/ (test data and user-facing examples name the variant
they use), and scripts, fixtures, corpora, docs and fault patches (data
that names the variant it runs). A hit prints FILE:LINE and the literal.

Usage: variant_names.py SOURCE_DIR
"""
import os
import re
import sys

NAMES = re.compile(r"\b(shafran|brusky|glinski|gli\u0144ski|mccooey)\b", re.I)
DIRS = ("cli", "harness", "render", "fuzz")
TOKENS = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def literals(text):
    """(line, literal) of each string literal, comments skipped."""
    for m in TOKENS.finditer(text):
        if m.group(0).startswith('"'):
            yield text.count("\n", 0, m.start()) + 1, m.group(0)


def main(src):
    files = hits = 0
    for d in DIRS:
        for root, _, names in os.walk(os.path.join(src, d)):
            for name in sorted(names):
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(root, name)
                files += 1
                with open(path, encoding="utf-8") as f:
                    for line, lit in literals(f.read()):
                        if NAMES.search(lit):
                            hits += 1
                            print(f"{os.path.relpath(path, src)}:{line}: {lit}")
    if files == 0:
        sys.exit(f"variant_names.py: no C file under {', '.join(DIRS)} of {src}")
    print(f"variant_names: {files} files, {hits} literals naming a variant")
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
