#!/usr/bin/env python3
"""deep_table.py - the table of initial-position counts in perft-suites/README.md.

usage: deep_table.py SUITE_DIR LOG...

Each log line (deep_counts.sh, or the plain loop) is
    VARIANT PROFILE DEPTH METHOD COUNT [SECONDS]
with METHOD P (hexref perft, one thread, bulk counting, no hash), A (bulk
counting + hash, 2 threads), B (no bulk, no hash, 2 threads), C (bulk
counting, no hash, 2 threads) or O (the oracle). A depth is published only
if every method that computed it agrees; the deepest published depth must
have been computed by two different methods.

The verification column says what confirms each count independently: the
oracle, either through the suite's line-by-line check of the "initial" line
(all depths up to the one the suite file records) or through an O count in
the logs. From depth 5 on it names each depth: confirmed by the oracle, or
"not yet confirmed" with the command whose count would confirm it.
"""
import re, sys
from collections import defaultdict

ORDER = [("shafran", ["std", "jocly", "ludii", "cvp", "seed"]),
         ("brusky", ["std", "seed", "jocly", "ludii", "greenchess"]),
         ("glinski", ["std", "draw", "ludii", "jackson3", "jackson5"]),
         ("mccooey", ["std", "ludii"])]
NAMES = {"P": "P", "A": "A", "B": "B", "C": "C"}


def suite_oracle_depth(suite_dir, v, p):
    try:
        text = open(f"{suite_dir}/{v}-{p}.epd").read()
    except OSError:
        return 0
    m = re.search(r"line by line:\n# (\d+)", text)
    return int(m.group(1)) if m else 0


def oracle_command(v, p, d):
    return f"`hexref perft -v {v} -p {p} -g oracle -t 2 --hash 512 {d}`"


def verification(v, p, by_depth, suite_depth, deepest):
    """Which published depths the oracle confirms, and how to confirm the rest."""
    confirmed = [d for d in range(1, deepest + 1) if d <= suite_depth or "O" in by_depth.get(d, {})]
    low = 0
    while low + 1 in confirmed:
        low += 1
    parts = [f"oracle D1-D{low}" if low else "oracle: none"]
    for d in range(max(low + 1, 5), deepest + 1):
        if d in confirmed:
            parts.append(f"oracle D{d}")
        else:
            parts.append(f"D{d} not yet confirmed: {oracle_command(v, p, d)}")
    return "; ".join(parts)


def main():
    suite_dir, logs = sys.argv[1], sys.argv[2:]
    counts = defaultdict(lambda: defaultdict(dict))  # (v,p) -> depth -> method -> count
    for log in logs:
        for line in open(log):
            f = line.split()
            if len(f) >= 5 and f[4].isdigit():
                counts[(f[0], f[1])][int(f[2])][f[3]] = int(f[4])
    top = max(d for c in counts.values() for d in c)
    print("| variant | profile | " + " | ".join(f"D{d}" for d in range(1, top + 1)) + " | verification |")
    print("|---|---|" + "---:|" * top + "---|")
    problems = []
    for v, profiles in ORDER:
        for p in profiles:
            row, deepest, methods = [], 0, []
            oracle = suite_oracle_depth(suite_dir, v, p)
            for d in range(1, top + 1):
                got = counts[(v, p)].get(d, {})
                ref = {m: n for m, n in got.items() if m != "O"}
                values = set(got.values())
                if len(values) > 1:
                    problems.append(f"{v} {p} D{d}: {got}")
                if not ref or len(values) != 1:
                    break
                if "O" in got:
                    oracle = max(oracle, d)
                row.append(f"{next(iter(values)):,}")
                deepest, methods = d, sorted(ref)
            while deepest and len(methods) < 2:  # the deepest must have two methods
                row.pop()
                deepest -= 1
                methods = sorted(m for m in counts[(v, p)][deepest] if m != "O")
            row += [""] * (top - len(row))
            names = [NAMES[m] for m in methods]
            names = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
            how = f"D{deepest} by {names}; " + verification(v, p, counts[(v, p)], oracle, deepest)
            print(f"| {v} | {p} | " + " | ".join(row) + f" | {how} |")
    for p in problems:
        print(f"DISAGREEMENT: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
